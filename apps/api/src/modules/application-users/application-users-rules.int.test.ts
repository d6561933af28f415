import { applicationUserMessages as m } from '@assess/contracts/application-users';
import { and, count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  applicationUserClosures,
  licencePackages,
  privileges,
  providers,
  rolePrivileges,
  sessions,
  users,
} from '../../db/schema';

let t: TestApp;
let seq = 100;

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

/** A fresh valid user body (unique e-mail and mobile). */
function body(over: Record<string, unknown> = {}) {
  const n = seq++;
  return {
    firstName: 'Rule',
    lastName: 'Tester',
    email: `rule.${n}@example.com`,
    mobile: `93000${String(n).padStart(5, '0')}`,
    password: 'Secret@123',
    roleId: 3,
    ...over,
  };
}
async function create(cookie: string, over: Record<string, unknown> = {}) {
  const b = body(over);
  const res = await req('POST', '/api/application-users', cookie, b);
  expect(res.statusCode, res.body).toBe(201);
  return { userId: res.json().userId as number, email: b.email, body: b };
}
async function userIdOf(userName: string) {
  const [u] = await t.deps.db.select({ id: users.userId }).from(users).where(eq(users.userName, userName));
  return u.id;
}
async function providerOf(userName: string) {
  const [u] = await t.deps.db
    .select({ providerId: users.providerId, packageId: providers.packageId })
    .from(users)
    .innerJoin(providers, eq(providers.providerId, users.providerId))
    .where(eq(users.userName, userName));
  return u;
}
/** Staff users the licence counts (not students, not closed). */
async function staffCount(providerId: number) {
  const [all] = await t.deps.db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.providerId, providerId), ne(users.userTypeId, 4)));
  const [closed] = await t.deps.db
    .select({ n: count() })
    .from(applicationUserClosures)
    .where(eq(applicationUserClosures.providerId, providerId));
  return all.n - closed.n;
}
async function setUserLimit(packageId: number, limit: number) {
  const [p] = await t.deps.db.select().from(licencePackages).where(eq(licencePackages.packageId, packageId));
  await t.deps.db
    .update(licencePackages)
    .set({ limits: { ...p.limits, ApplicationUsers: limit } })
    .where(eq(licencePackages.packageId, packageId));
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('self-protection', () => {
  it('a user cannot delete or change the role of their own account, but may edit their details', async () => {
    const erp = await t.signIn('erp@example.com');
    const self = await userIdOf('erp@example.com');
    const del = await req('DELETE', `/api/application-users/${self}`, erp);
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe(m.cannotDeleteSelf);
    const mine = {
      firstName: 'Esha',
      lastName: 'Rao',
      email: 'erp@example.com',
      mobile: '9876543211',
      password: '',
    };
    const demote = await req('PUT', `/api/application-users/${self}`, erp, { ...mine, roleId: 8 });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().message).toBe(m.cannotChangeOwnRole);
    const detail = (await req('GET', `/api/application-users/${self}`, erp)).json();
    expect(detail).toMatchObject({ roleId: 1, mobile: '9876543211' });
    const edit = await req('PUT', `/api/application-users/${self}`, erp, {
      ...mine,
      roleId: 1,
      lastName: 'Rao K',
    });
    expect(edit.statusCode).toBe(200);
    // the session stays (no new password)
    expect((await req('GET', '/api/auth/session', erp)).statusCode).toBe(200);
  });
});

describe('the last Super User / Administrator', () => {
  it('cannot be deleted or demoted by a user given the User privileges', async () => {
    // Subscriber: Sunil (Administrator) is the only administering user; Rekha is Read Only. Give Read Only
    // under the Subscriber type UpdateUser and CloseUser, as an operator could.
    const ids = await t.deps.db.select().from(privileges).where(eq(privileges.area, 'User'));
    for (const name of ['UpdateUser', 'CloseUser']) {
      const p = ids.find((i) => i.name === name);
      if (!p) throw new Error(name);
      await t.deps.db
        .insert(rolePrivileges)
        .values({ roleId: 8, providerTypeId: 3, privilegeId: p.privilegeId })
        .onConflictDoNothing();
    }
    const rekha = await t.signIn('rekha.pillai@example.com');
    const sunil = await userIdOf('subscriber@example.com');
    const del = await req('DELETE', `/api/application-users/${sunil}`, rekha);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(m.lastAdminDelete);
    const demote = await req('PUT', `/api/application-users/${sunil}`, rekha, {
      firstName: 'Sunil',
      lastName: 'Mehta',
      email: 'subscriber@example.com',
      mobile: '9876543215',
      roleId: 8,
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(m.lastAdminDemote);
    const [still] = await t.deps.db.select().from(users).where(eq(users.userId, sunil));
    expect(still).toMatchObject({ isActive: true, userName: 'subscriber@example.com' });
    // with a second Administrator, Sunil may go
    const second = await create(await t.signIn('subscriber@example.com'), { roleId: 3 });
    expect((await req('DELETE', `/api/application-users/${sunil}`, rekha)).statusCode).toBe(200);
    // and now the second one is the last
    const last = await req('DELETE', `/api/application-users/${second.userId}`, rekha);
    expect(last.json().message).toBe(m.lastAdminDelete);
  });

  it('two administrators deleting each other at the same time: one stays', async () => {
    const quick = await t.signIn('quick@example.com');
    // quick has Qadir (Super User (Simplified Test)) and Leela (Administrator); a new pair of its own:
    const a = await create(quick, { roleId: 3 });
    const b = await create(quick, { roleId: 3 });
    const { providerId } = await providerOf('quick@example.com');
    // leave only a and b administering: close Qadir's and Leela's accounts through a
    const aCookie = await t.signIn(a.email, 'Secret@123');
    const bCookie = await t.signIn(b.email, 'Secret@123');
    for (const name of ['leela.krishnan@example.com', 'quick@example.com']) {
      expect(
        (await req('DELETE', `/api/application-users/${await userIdOf(name)}`, aCookie)).statusCode,
      ).toBe(200);
    }
    const [ra, rb] = await Promise.all([
      req('DELETE', `/api/application-users/${b.userId}`, aCookie),
      req('DELETE', `/api/application-users/${a.userId}`, bCookie),
    ]);
    const statuses = [ra.statusCode, rb.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const alive = await t.deps.db
      .select({ id: users.userId })
      .from(users)
      .where(and(eq(users.providerId, providerId), eq(users.isActive, true), ne(users.userTypeId, 4)));
    expect(alive.map((r) => r.id).filter((id) => id === a.userId || id === b.userId)).toHaveLength(1);
  });
});

describe('deleting a user', () => {
  it("ends the user's sessions, keeps the row closed and frees the e-mail, mobile and user name", async () => {
    const erp = await t.signIn('erp@example.com');
    const u = await create(erp, { roleId: 8 });
    const theirs = await t.signIn(u.email, 'Secret@123');
    await t.signIn(u.email, 'Secret@123');
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, u.userId))).toHaveLength(2);
    const res = await req('DELETE', `/api/application-users/${u.userId}`, erp);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User Deleted successfully' });
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, u.userId))).toHaveLength(0);
    expect((await req('GET', '/api/auth/session', theirs)).statusCode).toBe(401);
    await expect(t.signIn(u.email, 'Secret@123')).rejects.toThrow(/401/);
    const [closed] = await t.deps.db
      .select()
      .from(applicationUserClosures)
      .where(eq(applicationUserClosures.userId, u.userId));
    expect(closed).toMatchObject({ userName: u.email, email: u.email, mobile: u.body.mobile });
    // gone from the grid and from the API
    const list = (await req('GET', '/api/application-users?pageSize=100', erp)).json();
    expect(list.items.some((i: { userId: number }) => i.userId === u.userId)).toBe(false);
    expect((await req('GET', `/api/application-users/${u.userId}`, erp)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/application-users/${u.userId}`, erp)).statusCode).toBe(404);
    // the same person can be added again
    const again = await req('POST', '/api/application-users', erp, { ...u.body, roleId: 8 });
    expect(again.statusCode).toBe(201);
    await t.signIn(u.email, 'Secret@123');
  });
});

describe('ApplicationUsers licence cap', () => {
  it("refuses one more user than the package allows: 'Please upgrade to higher package to create additional users.'", async () => {
    const predictor = await t.signIn('predictor@example.com');
    const { providerId, packageId } = await providerOf('predictor@example.com');
    const current = await staffCount(providerId);
    await setUserLimit(packageId, current + 1);
    const last = await create(predictor, { roleId: 8 });
    const before = await staffCount(providerId);
    const over = await req('POST', '/api/application-users', predictor, body({ roleId: 8 }));
    expect(over.statusCode).toBe(403);
    expect(over.json().message).toBe('Please upgrade to higher package to create additional users.');
    expect(await staffCount(providerId)).toBe(before);
    // editing still works at the cap; deleting frees a place
    const edit = await req('PUT', `/api/application-users/${last.userId}`, predictor, {
      ...last.body,
      firstName: 'Edited',
      password: '',
    });
    expect(edit.statusCode).toBe(200);
    expect((await req('DELETE', `/api/application-users/${last.userId}`, predictor)).statusCode).toBe(200);
    await create(predictor, { roleId: 8 });
  });

  it('counts under a lock: of concurrent adds for the last place exactly one passes', async () => {
    const predictor = await t.signIn('predictor@example.com');
    const { providerId, packageId } = await providerOf('predictor@example.com');
    await setUserLimit(packageId, (await staffCount(providerId)) + 1);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => req('POST', '/api/application-users', predictor, body({ roleId: 8 }))),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 403, 403, 403, 403]);
    for (const r of results.filter((x) => x.statusCode === 403)) expect(r.json().message).toBe(m.licence);
  });
});
