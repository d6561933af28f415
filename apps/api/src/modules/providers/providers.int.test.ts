import { Package, ProviderType, Role, UserType } from '@assess/contracts/access';
import { authMessages, passwordPolicyMessage } from '@assess/contracts/auth';
import { DUMMY_STUDENT_COUNT, providerMessages as m } from '@assess/contracts/providers';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromNow, requester, wizardBody } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import { providerContentCurators, providers, userRoles, users } from '../../db/schema';

let t: TestApp;
let req: ReturnType<typeof requester>;
let owner: string;
let aggregator: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  req = requester(t);
  owner = await t.signIn('owner@example.com');
  aggregator = await t.signIn('aggregator@example.com');
  for (const row of await t.deps.db.select().from(providers))
    ids[row.providerKey ?? row.name] = row.providerId;
});
afterAll(() => t.close());

const providerCount = async () => (await t.deps.db.select({ n: count() }).from(providers))[0].n;
const byId = async (providerId: number) =>
  (await t.deps.db.select().from(providers).where(eq(providers.providerId, providerId)))[0];
const signInAs = (userName: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { userName, password } });

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

describe('creating a provider (wizard Save)', () => {
  it('creates an ERP provider and its admin user in one transaction, with a random unique key', async () => {
    const body = wizardBody({ contentCuratorIds: [ids['demo-partner']] });
    const res = await req(owner, 'POST', '/api/providers', body);
    expect(res.statusCode).toBe(201);
    const out = res.json();
    expect(out).toMatchObject({ message: m.added, userName: body.adminUser.email });
    expect(out.providerKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(res.body).not.toContain(body.adminUser.password);
    const p = await byId(out.providerId);
    expect(p).toMatchObject({
      name: body.provider.name,
      providerTypeId: 1,
      packageId: 1,
      parentProviderId: null,
    });
    const [admin] = await t.deps.db
      .select()
      .from(users)
      .where(eq(users.userId, p.adminUserId ?? -1));
    expect(admin).toMatchObject({
      userName: body.adminUser.email,
      userTypeId: UserType.ProviderUser,
      isActive: true,
    });
    expect(admin.passwordHash).not.toContain(body.adminUser.password);
    const roles = await t.deps.db.select().from(userRoles).where(eq(userRoles.userId, admin.userId));
    expect(roles.map((r) => r.roleId)).toEqual([Role.SuperUser]);
    const curators = await t.deps.db
      .select()
      .from(providerContentCurators)
      .where(eq(providerContentCurators.providerId, out.providerId));
    expect(curators.map((c) => c.contentProviderId)).toEqual([ids['demo-partner']]);
    // The shown credentials work.
    const signIn = await signInAs(body.adminUser.email, body.adminUser.password);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().userDetails).toMatchObject({ providerId: out.providerId, providerTypeId: 1 });
    const second = (await req(owner, 'POST', '/api/providers', wizardBody())).json();
    expect(second.providerKey).not.toBe(out.providerKey);
  });

  it('adds dummy students to a new Content Partner', async () => {
    const out = (
      await req(owner, 'POST', '/api/providers', wizardBody({ providerTypeId: 2, packageId: 2 }))
    ).json();
    const students = await t.deps.db
      .select()
      .from(users)
      .where(and(eq(users.providerId, out.providerId), eq(users.userTypeId, UserType.Student)));
    expect(students).toHaveLength(DUMMY_STUDENT_COUNT);
    const admin = await t.deps.db
      .select()
      .from(userRoles)
      .innerJoin(users, eq(users.userId, userRoles.userId));
    expect(admin.find((r) => r.users.providerId === out.providerId)?.user_roles.roleId).toBe(
      Role.ContentPublisher,
    );
  });

  it('refuses taken names, e-mails and mobiles with the spec messages; nothing is written', async () => {
    const before = await providerCount();
    const body = wizardBody();
    body.provider.name = 'DEMO ERP INSTITUTE';
    body.provider.email = 'erp-office@example.com';
    body.provider.mobile = '9000000001';
    body.adminUser.email = 'ERP@example.com';
    const res = await req(owner, 'POST', '/api/providers', body);
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({
      'provider.name': [m.nameExists],
      'provider.email': [m.emailExists],
      'provider.mobile': [m.mobileExists],
      'adminUser.email': [m.userEmailExists],
    });
    expect(await providerCount()).toBe(before);
  });

  it('checks every step 1 and step 2 rule on the server', async () => {
    const before = await providerCount();
    const post = (body: unknown) => req(owner, 'POST', '/api/providers', body).then((r) => r.json());
    const sub = wizardBody({ providerTypeId: 3, contentCuratorIds: [] });
    expect((await post(sub)).fields['provider.contentCuratorIds']).toEqual([m.contentProvidersMandatory]);
    const agg = wizardBody({ providerTypeId: 5, packageId: 2, contentCuratorIds: [ids['demo-partner']] });
    expect((await post(agg)).fields['provider.packageId']).toEqual([m.platinumRequired]);
    const quick = wizardBody({ providerTypeId: 4, packageId: 1 });
    expect((await post(quick)).fields['provider.packageId']).toEqual([m.platinumRequired]);
    const order = wizardBody({ validFrom: dayFromNow(5), validTo: dayFromNow(5, true) });
    expect((await post(order)).fields['provider.validTo']).toEqual([m.validToBeforeFrom]);
    const past = wizardBody({ validFrom: dayFromNow(-2), validTo: dayFromNow(-1, true) });
    expect((await post(past)).fields).toEqual({
      'provider.validFrom': [m.validFromPast],
      'provider.validTo': [m.validToPast],
    });
    const noDates = wizardBody({
      validFrom: '',
      validTo: '',
      packageId: null as never,
      providerTypeId: null as never,
    });
    expect((await post(noDates)).fields).toMatchObject({
      'provider.validFrom': [m.validFromMandatory],
      'provider.validTo': [m.validToMandatory],
      'provider.packageId': [m.packageMandatory],
      'provider.providerTypeId': [m.typeMandatory],
    });
    const weak = wizardBody();
    weak.adminUser = { ...weak.adminUser, firstName: 'As', password: 'weakpass', confirmPassword: 'other' };
    expect((await post(weak)).fields).toEqual({
      'adminUser.firstName': [m.firstNameMin],
      'adminUser.password': [passwordPolicyMessage],
      'adminUser.confirmPassword': ['The confirmed password does not match the original.'],
    });
    const long = wizardBody({ detailedName: 'x'.repeat(201), mobile: '12345' });
    expect((await post(long)).fields).toEqual({
      'provider.detailedName': [m.detailsMax],
      'provider.mobile': [m.mobileDigits],
    });
    const curator = wizardBody({ contentCuratorIds: [ids['demo-erp']] });
    expect((await post(curator)).fields).toEqual({
      'provider.contentCuratorIds': [m.contentProviderNotOffered],
    });
    expect(await providerCount()).toBe(before);
  });

  it('two concurrent saves of one name end with one provider', async () => {
    const a = wizardBody();
    const b = wizardBody({ name: a.provider.name.toUpperCase() });
    const [r1, r2] = await Promise.all([
      req(owner, 'POST', '/api/providers', a),
      req(owner, 'POST', '/api/providers', b),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([201, 409]);
    expect([r1, r2].find((r) => r.statusCode === 409)?.json().message).toBe(m.nameExists);
  });
});

describe('an aggregator creating a provider', () => {
  it('creates Subscribers only, on its own package, as their parent', async () => {
    const body = wizardBody({ providerTypeId: 3, packageId: 1, contentCuratorIds: [ids['demo-partner']] });
    const res = await req(aggregator, 'POST', '/api/providers', body);
    expect(res.statusCode).toBe(201);
    const p = await byId(res.json().providerId);
    expect(p).toMatchObject({
      providerTypeId: ProviderType.Subscriber,
      packageId: Package.Platinum,
      parentProviderId: ids['demo-aggregator'],
    });
    const roles = await t.deps.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, p.adminUserId ?? -1));
    expect(roles.map((r) => r.roleId)).toEqual([Role.Administrator]);
    const list = (await req(aggregator, 'GET', '/api/providers')).json();
    expect(list.items.map((x: { providerId: number }) => x.providerId)).toContain(p.providerId);
  });

  it('is refused other types, content providers it does not have, and providers that are not its own', async () => {
    const before = await providerCount();
    const erp = await req(aggregator, 'POST', '/api/providers', wizardBody({ providerTypeId: 1 }));
    expect(erp.statusCode).toBe(400);
    expect(erp.json().message).toBe(m.subscribersOnly);
    const other = await req(
      aggregator,
      'POST',
      '/api/providers',
      wizardBody({ providerTypeId: 3, contentCuratorIds: [ids['demo-erp']] }),
    );
    expect(other.json().message).toBe(m.contentProviderNotOffered);
    expect(await providerCount()).toBe(before);
    const erpId = ids['demo-erp'];
    const before2 = await byId(erpId);
    for (const [method, url, payload] of [
      ['GET', `/api/providers/${erpId}`, undefined],
      ['PUT', `/api/providers/${erpId}`, wizardBody({ providerTypeId: 1 })],
      ['PUT', `/api/providers/${erpId}/status`, { isActive: false }],
    ] as const) {
      const res = await req(aggregator, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(m.notFound);
    }
    expect(await byId(erpId)).toEqual(before2);
  });
});

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
