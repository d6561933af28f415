import { accountsMessages as m } from '@assess/contracts/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClock } from '../../../test/harness';
import { providers } from '../../db/schema';

let t: TestApp;
const clock = testClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

let ipSeq = 0;
const signIn = (email: string) => t.signIn(email, undefined, `10.4.0.${++ipSeq}`);
const call = (method: 'GET' | 'PUT', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url: `/api/accounts${url}`, headers: { cookie }, payload });
const providerOf = async (name: string) =>
  (await t.deps.db.select().from(providers).where(eq(providers.name, name)))[0];

const valid = {
  name: 'Demo ERP Institute Pune',
  detailedName: 'Demo ERP Institute, Pune campus',
  email: 'office@erp-pune.example',
  mobile: '9123456789',
  website: 'https://erp-pune.example',
  phone: '020-1234567',
  address: 'FC Road, Pune',
};

describe('provider profile (part 1 §4 Profile modal, §5 Provider profile, §7)', () => {
  it('loads the own provider with its content curator names; staff only', async () => {
    const cookie = await signIn('erp@example.com');
    const res = await call('GET', '/provider', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Demo ERP Institute',
      providerTypeId: 1,
      packageId: 3,
      contentCuratorNames: ['Demo Content Partner'],
    });
    const student = await signIn('student@example.com');
    expect((await call('GET', '/provider', student)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/accounts/provider' })).statusCode).toBe(401);
  });

  it('invalid name, e-mail or mobile are refused with their messages and change nothing', async () => {
    const cookie = await signIn('erp@example.com');
    const before = await providerOf('Demo ERP Institute');
    for (const [over, message] of [
      [{ name: 'ab' }, m.providerNameMin],
      [{ email: 'not-an-email' }, m.invalidEmail],
      [{ mobile: '912345678' }, m.providerMobileLength],
      [{ address: 'x'.repeat(501) }, undefined],
      [{ providerTypeId: 5 }, undefined],
    ] as const) {
      const res = await call('PUT', '/provider', cookie, { ...valid, ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await providerOf('Demo ERP Institute')).toEqual(before);
  });

  it('e-mail and mobile must be unique among providers (any case)', async () => {
    const cookie = await signIn('erp@example.com');
    const partner = await providerOf('Demo Content Partner');
    const dupEmail = await call('PUT', '/provider', cookie, {
      ...valid,
      email: partner.email?.toUpperCase(),
    });
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json().message).toBe(m.providerEmailExists);
    const dupMobile = await call('PUT', '/provider', cookie, { ...valid, mobile: partner.mobile });
    expect(dupMobile.json().message).toBe(m.providerMobileExists);
    const q = await call(
      'GET',
      `/provider/email-exists?email=${encodeURIComponent(partner.email ?? '')}`,
      cookie,
    );
    expect(q.json()).toEqual({ exists: true });
    const own = await providerOf('Demo ERP Institute');
    const mine = await call(
      'GET',
      `/provider/email-exists?email=${encodeURIComponent(own.email ?? '')}`,
      cookie,
    );
    expect(mine.json()).toEqual({ exists: false });
    expect((await call('GET', `/provider/mobile-exists?mobile=${partner.mobile}`, cookie)).json()).toEqual({
      exists: true,
    });
  });

  it("a name another provider holds is refused with 'Provider name already exist.' and changes nothing", async () => {
    const cookie = await signIn('erp@example.com');
    const before = await providerOf('Demo ERP Institute');
    const res = await call('PUT', '/provider', cookie, { ...valid, name: 'demo content PARTNER' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Provider name already exist.');
    expect(await providerOf('Demo ERP Institute')).toEqual(before);
  });

  it('saves: Provider details updated successfully; the session shows the new name', async () => {
    const cookie = await signIn('erp@example.com');
    const res = await call('PUT', '/provider', cookie, valid);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Provider details updated successfully');
    const after = await providerOf(valid.name);
    expect(after).toMatchObject({ email: valid.email, mobile: valid.mobile, address: valid.address });
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(session.json().userDetails.providerName).toBe(valid.name);
  });

  it('HideUpdateProfile (Read Only) is refused on the server', async () => {
    const cookie = await signIn('readonly@example.com');
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(session.json().privilegeObject.privileges.Provider).toContain('HideUpdateProfile');
    const before = await providerOf(valid.name);
    const res = await call('PUT', '/provider', cookie, { ...valid, name: 'Renamed by read-only' });
    expect(res.statusCode).toBe(403);
    expect(await providerOf(valid.name)).toEqual(before);
  });

  it('validity dates: only the platform owner; not before today; From not after To', async () => {
    const erp = await signIn('erp@example.com');
    const day = 86_400_000;
    const inAYear = new Date(clock().getTime() + 365 * day).toISOString();
    const notOwner = await call('PUT', '/provider', erp, { ...valid, validTo: inAYear });
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().message).toBe(m.validityOwnerOnly);

    const owner = await signIn('owner@example.com');
    const current = (await call('GET', '/provider', owner)).json();
    const body = { name: current.name, email: current.email, mobile: current.mobile };
    const past = await call('PUT', '/provider', owner, {
      ...body,
      validFrom: current.validFrom,
      validTo: new Date(clock().getTime() - 2 * day).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(m.validToPast);
    const fromPast = await call('PUT', '/provider', owner, {
      ...body,
      validFrom: new Date(clock().getTime() - 3 * day).toISOString(),
      validTo: inAYear,
    });
    expect(fromPast.json().message).toBe(m.validFromPast);
    const order = await call('PUT', '/provider', owner, {
      ...body,
      validFrom: new Date(clock().getTime() + 30 * day).toISOString(),
      validTo: new Date(clock().getTime() + 10 * day).toISOString(),
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toBe(m.validOrder);
    const ok = await call('PUT', '/provider', owner, {
      ...body,
      validFrom: current.validFrom,
      validTo: inAYear,
    });
    expect(ok.statusCode).toBe(200);
    expect((await call('GET', '/provider', owner)).json()).toMatchObject({
      validFrom: current.validFrom,
      validTo: inAYear,
    });
  });
});

describe('trial notice', () => {
  it('days remaining and the support contact from the settings', async () => {
    const cookie = await signIn('trial@example.com');
    const res = await call('GET', '/trial', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      packageId: 4,
      daysRemaining: 3,
      supportContact: 'support@example.com',
    });
  });
});
