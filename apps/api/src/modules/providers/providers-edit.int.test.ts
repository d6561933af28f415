import { authMessages } from '@assess/contracts/auth';
import { providerMessages as m } from '@assess/contracts/providers';
import { describe, expect, it } from 'vitest';
import { dayFromNow, wizardBody } from '../../../test/given';
import { aggregator, byId, ids, owner, req, signInAs, t, useProvidersApp } from './providers.test-support';

useProvidersApp();

describe('editing a provider', () => {
  it('updates the provider and its admin user; an empty password keeps it, a new one ends sessions', async () => {
    const body = wizardBody();
    const { providerId } = (await req(owner, 'POST', '/api/providers', body)).json();
    const adminCookie = await t.signIn(body.adminUser.email, body.adminUser.password);
    const edit = {
      provider: { ...body.provider, name: `${body.provider.name} Renamed`, packageId: 2 },
      adminUser: { ...body.adminUser, firstName: 'Ashwini', password: '', confirmPassword: '' },
    };
    const res = await req(owner, 'PUT', `/api/providers/${providerId}`, edit);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ providerId, message: m.updated });
    expect(await byId(providerId)).toMatchObject({ name: edit.provider.name, packageId: 2 });
    expect((await signInAs(body.adminUser.email, body.adminUser.password)).statusCode).toBe(200);
    const session = () => req(adminCookie, 'GET', '/api/auth/session');
    expect((await session()).statusCode).toBe(200);
    const newPassword = {
      ...edit,
      adminUser: { ...edit.adminUser, password: 'Changed@456', confirmPassword: 'Changed@456' },
    };
    expect((await req(owner, 'PUT', `/api/providers/${providerId}`, newPassword)).statusCode).toBe(200);
    expect((await session()).statusCode).toBe(401);
    expect((await signInAs(body.adminUser.email, 'Changed@456')).statusCode).toBe(200);
    const retype = await req(owner, 'PUT', `/api/providers/${providerId}`, {
      ...edit,
      provider: { ...edit.provider, providerTypeId: 3, contentCuratorIds: [ids['demo-partner']] },
    });
    expect(retype.json().message).toBe(m.typeLocked);
  });

  it('keeps a stored past Valid From, refuses a new past one', async () => {
    const d = (await req(owner, 'GET', `/api/providers/${ids['demo-quick']}`)).json();
    const body = {
      provider: {
        name: d.name,
        detailedName: d.detailedName,
        address: d.address,
        email: d.email,
        mobile: d.mobile,
        website: d.website,
        phone: d.phone,
        packageId: d.packageId,
        providerTypeId: d.providerTypeId,
        contentCuratorIds: d.contentCuratorIds,
        validFrom: d.validFrom,
        validTo: d.validTo,
      },
      adminUser: {
        firstName: d.adminUser.firstName,
        lastName: d.adminUser.lastName,
        email: d.adminUser.email,
        mobile: d.adminUser.mobile,
        address: 'Demo address, India',
        password: '',
        confirmPassword: '',
      },
    };
    expect((await req(owner, 'PUT', `/api/providers/${ids['demo-quick']}`, body)).statusCode).toBe(200);
    const moved = { ...body, provider: { ...body.provider, validFrom: dayFromNow(-3) } };
    const res = await req(owner, 'PUT', `/api/providers/${ids['demo-quick']}`, moved);
    expect(res.json().fields).toEqual({ 'provider.validFrom': [m.validFromPast] });
  });
});

describe('active / inactive switch', () => {
  it("signs the provider's users out and keeps them out until it is active again", async () => {
    const cookie = await t.signIn('subscriber@example.com');
    const id = ids['demo-subscriber'];
    const off = await req(owner, 'PUT', `/api/providers/${id}/status`, { isActive: false });
    expect(off.json()).toEqual({ message: m.statusUpdated });
    expect((await req(cookie, 'GET', '/api/auth/session')).statusCode).toBe(401);
    const refused = await signInAs('subscriber@example.com', 'Demo@1234');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(authMessages.notActive);
    expect((await req(owner, 'PUT', `/api/providers/${id}/status`, { isActive: true })).statusCode).toBe(200);
    expect((await signInAs('subscriber@example.com', 'Demo@1234')).statusCode).toBe(200);
  });

  it('the platform owner stays active; an aggregator can switch its own subscribers', async () => {
    const res = await req(owner, 'PUT', '/api/providers/0/status', { isActive: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.ownerStaysActive);
    const child = ids['demo-child'];
    expect(
      (await req(aggregator, 'PUT', `/api/providers/${child}/status`, { isActive: false })).statusCode,
    ).toBe(200);
    expect((await byId(child)).isActive).toBe(false);
    expect(
      (await req(aggregator, 'PUT', `/api/providers/${child}/status`, { isActive: true })).statusCode,
    ).toBe(200);
  });
});
