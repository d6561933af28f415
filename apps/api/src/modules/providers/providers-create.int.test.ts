import { Package, ProviderType, Role, UserType } from '@assess/contracts/access';
import { passwordPolicyMessage } from '@assess/contracts/auth';
import { DUMMY_STUDENT_COUNT, providerMessages as m } from '@assess/contracts/providers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dayFromNow, wizardBody } from '../../../test/given';
import { providerContentCurators, userRoles, users } from '../../db/schema';
import {
  aggregator,
  byId,
  ids,
  owner,
  providerCount,
  req,
  signInAs,
  t,
  useProvidersApp,
} from './providers.test-support';

useProvidersApp();

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
