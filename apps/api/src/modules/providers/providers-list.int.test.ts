import { Package } from '@assess/contracts/access';
import { providerMessages as m } from '@assess/contracts/providers';
import { describe, expect, it } from 'vitest';
import { wizardBody } from '../../../test/given';
import { aggregator, ids, owner, req, t, useProvidersApp } from './providers.test-support';

useProvidersApp();

describe('provider list (/admin/providerlist)', () => {
  it('the platform owner sees every provider, 1000 to a page by default, and can page and filter', async () => {
    const res = await req(owner, 'GET', '/api/providers');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    const names = list.items.map((p: { name: string }) => p.name);
    for (const name of [
      'Platform Owner',
      'Demo ERP Institute',
      'Demo Aggregator',
      'Demo Aggregator Subscriber',
    ])
      expect(names).toContain(name);
    expect(list.totalCount).toBe(list.items.length);
    const child = list.items.find((p: { name: string }) => p.name === 'Demo Aggregator Subscriber');
    expect(child).toMatchObject({
      parentProviderName: 'Demo Aggregator',
      contentCuratorNames: ['Demo Content Partner'],
    });
    const page = (await req(owner, 'GET', '/api/providers?pageNumber=2&pageSize=2')).json();
    expect(page.items).toHaveLength(2);
    expect(page.totalCount).toBe(list.totalCount);
    const aggregators = (await req(owner, 'GET', '/api/providers?providerTypeId=5')).json();
    expect(aggregators.items.map((p: { name: string }) => p.name)).toEqual(['Demo Aggregator']);
    expect((await req(owner, 'GET', '/api/providers?pageSize=1001')).statusCode).toBe(400);
  });

  it('an aggregator sees only its own subscribers; others without Provider privileges are refused', async () => {
    const list = (await req(aggregator, 'GET', '/api/providers')).json();
    expect(list.items.map((p: { name: string }) => p.name)).toContain('Demo Aggregator Subscriber');
    expect(
      list.items.every((p: { parentProviderId: number }) => p.parentProviderId === ids['demo-aggregator']),
    ).toBe(true);
    const erp = await t.signIn('erp@example.com');
    expect((await req(erp, 'GET', '/api/providers')).statusCode).toBe(403);
    expect((await req(erp, 'POST', '/api/providers', wizardBody())).statusCode).toBe(403);
  });

  it('answers the detail with the admin user and never a password', async () => {
    const res = await req(owner, 'GET', `/api/providers/${ids['demo-erp']}`);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.adminUser).toMatchObject({ userName: 'erp@example.com', firstName: 'Esha' });
    expect(d.contentCuratorIds).toEqual([ids['demo-partner']]);
    expect(res.body).not.toMatch(/password|passCode|hash/i);
  });
});

describe('wizard options and live checks', () => {
  it('offers every type and package to the owner; an aggregator Subscribers on its own package', async () => {
    const o = (await req(owner, 'GET', '/api/providers/options')).json();
    expect(o).toMatchObject({
      providerTypeIds: [1, 2, 3, 4, 5],
      packageIds: [1, 2, 3],
      inheritedPackageId: null,
    });
    expect(o.contentProviders.map((p: { name: string }) => p.name)).toContain('Demo Content Partner');
    const a = (await req(aggregator, 'GET', '/api/providers/options')).json();
    expect(a).toEqual({
      providerTypeIds: [3],
      packageIds: [Package.Platinum],
      inheritedPackageId: Package.Platinum,
      contentProviders: [{ providerId: ids['demo-partner'], name: 'Demo Content Partner' }],
    });
  });

  it("'Provider {name|email|mobile} already exist.' (any case), not for the provider's own values", async () => {
    const q = (s: string) => req(owner, 'GET', `/api/providers/exists?${s}`).then((r) => r.json());
    expect(await q('field=name&value=demo%20erp%20institute')).toEqual({
      exists: true,
      message: m.nameExists,
    });
    expect(await q('field=email&value=ERP-OFFICE@example.com')).toEqual({
      exists: true,
      message: m.emailExists,
    });
    expect(await q('field=mobile&value=9000000001')).toEqual({ exists: true, message: m.mobileExists });
    expect(await q('field=name&value=Nobody%20Here')).toEqual({ exists: false, message: null });
    expect(await q(`field=name&value=Demo%20ERP%20Institute&providerId=${ids['demo-erp']}`)).toEqual({
      exists: false,
      message: null,
    });
    const u = (s: string) => req(owner, 'GET', `/api/providers/admin-user-exists?${s}`).then((r) => r.json());
    expect(await u('field=email&value=erp@example.com')).toEqual({
      exists: true,
      message: m.userEmailExists,
    });
    expect(await u(`field=email&value=erp@example.com&providerId=${ids['demo-erp']}`)).toMatchObject({
      exists: false,
    });
    // An aggregator cannot use another provider's id to lift the check.
    expect(
      await req(
        aggregator,
        'GET',
        `/api/providers/exists?field=name&value=Demo%20ERP%20Institute&providerId=${ids['demo-erp']}`,
      ).then((r) => r.json()),
    ).toEqual({ exists: true, message: m.nameExists });
  });
});
