import {
  applicationUserDetailSchema,
  applicationUserListSchema,
  applicationUserMessages as m,
} from '@assess/contracts/application-users';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { userRoles, users } from '../../db/schema';

let t: TestApp;
let erp: string;
let erpProviderId: number;

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

const newUser = (n: string, over: Record<string, unknown> = {}) => ({
  firstName: 'Asha',
  lastName: 'Menon',
  email: `asha.${n}@example.com`,
  mobile: `91234${n.padStart(5, '0')}`.slice(0, 10),
  password: 'Secret@123',
  roleId: 3,
  ...over,
});

async function userRow(email: string) {
  const [u] = await t.deps.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return u;
}
async function userCount() {
  const [r] = await t.deps.db.select({ n: count() }).from(users);
  return r.n;
}
async function idOf(userName: string) {
  const [u] = await t.deps.db.select({ id: users.userId }).from(users).where(eq(users.userName, userName));
  return u.id;
}

beforeAll(async () => {
  t = await createTestApp();
  erp = await t.signIn('erp@example.com');
  erpProviderId = (await req('GET', '/api/auth/session', erp)).json().userDetails.providerId;
});
afterAll(() => t.close());

describe('GET /api/application-users', () => {
  it("lists the provider's staff with their role, never students or other providers' users", async () => {
    const res = await req('GET', '/api/application-users?pageSize=100', erp);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/pass|argon/i); // no password in any answer (D1)
    const list = applicationUserListSchema.parse(res.json());
    const names = list.items.map((u) => u.userName);
    expect(names).toEqual(
      expect.arrayContaining([
        'erp@example.com',
        'curator@example.com',
        'readonly@example.com',
        'arjun.malhotra@example.com',
      ]),
    );
    expect(names).not.toContain('student@example.com');
    expect(names).not.toContain('partner@example.com');
    expect(list.totalCount).toBe(list.items.length);
    expect(list.items.find((u) => u.userName === 'curator@example.com')).toMatchObject({
      firstName: 'Chetan',
      lastName: 'Kumar',
      roleId: 2,
      roleName: 'Content Curator',
    });
    expect(JSON.stringify(res.json())).not.toMatch(/pass/i);
  });

  it('pages newest first', async () => {
    const all = applicationUserListSchema.parse((await req('GET', '/api/application-users', erp)).json());
    const page = await req('GET', '/api/application-users?pageNumber=2&pageSize=2', erp);
    expect(page.json().totalCount).toBe(all.totalCount);
    expect(page.json().items.map((u: { userId: number }) => u.userId)).toEqual(
      all.items.slice(2, 4).map((u) => u.userId),
    );
    expect(all.items[0].userId).toBeGreaterThan(all.items[1].userId);
  });

  it('401 without a session, 403 without ViewUser (content curator, student)', async () => {
    expect((await req('GET', '/api/application-users')).statusCode).toBe(401);
    const curator = await t.signIn('curator@example.com');
    expect((await req('GET', '/api/application-users', curator)).statusCode).toBe(403);
    expect(
      (await req('GET', '/api/application-users', await t.signIn('student@example.com'))).statusCode,
    ).toBe(403);
    // Read Only views but cannot add, update or delete
    const ro = await t.signIn('readonly@example.com');
    expect((await req('GET', '/api/application-users', ro)).statusCode).toBe(200);
    expect((await req('POST', '/api/application-users', ro, newUser('1'))).statusCode).toBe(403);
    const target = await idOf('arjun.malhotra@example.com');
    expect((await req('PUT', `/api/application-users/${target}`, ro, newUser('1'))).statusCode).toBe(403);
    expect((await req('DELETE', `/api/application-users/${target}`, ro)).statusCode).toBe(403);
  });
});

describe('roles per provider type (part 3 §5, D3)', () => {
  it.each([
    ['erp@example.com', [1, 2, 3, 8]],
    ['partner@example.com', [2, 5, 8]],
    ['subscriber@example.com', [3, 8]],
    ['aggregator@example.com', [3, 7]],
    ['quick@example.com', [3, 4, 8]],
  ])('%s is offered roles %j', async (email, ids) => {
    const res = await req('GET', '/api/application-users/roles', await t.signIn(email));
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { roleId: number }) => r.roleId)).toEqual(ids);
  });
  it('names the roles', async () => {
    const res = await req('GET', '/api/application-users/roles', await t.signIn('aggregator@example.com'));
    expect(res.json()).toEqual([
      { roleId: 3, name: 'Administrator' },
      { roleId: 7, name: 'Aggregator' },
    ]);
  });
  it.each([
    ['erp@example.com', 5],
    ['erp@example.com', 7],
    ['subscriber@example.com', 1],
    ['aggregator@example.com', 1],
    ['quick@example.com', 2],
    ['partner@example.com', 3],
  ])('%s cannot give role %i: refused, nothing written', async (email, roleId) => {
    const before = await userCount();
    const res = await req('POST', '/api/application-users', await t.signIn(email), newUser('9', { roleId }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: m.roleNotAllowed, fields: { roleId: [m.roleNotAllowed] } });
    expect(await userCount()).toBe(before);
  });
});

describe('POST /api/application-users', () => {
  it("creates a staff user: 'User created Successfully', argon2 hash, user name = e-mail, can sign in", async () => {
    const res = await req(
      'POST',
      '/api/application-users',
      erp,
      newUser('10', { email: 'Asha.Ten@Example.com', roleId: 2 }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'User created Successfully' });
    expect(res.body).not.toMatch(/pass|argon/i);
    const u = await userRow('asha.ten@example.com');
    expect(u).toMatchObject({
      userId: res.json().userId,
      providerId: erpProviderId,
      userTypeId: 2,
      userName: 'asha.ten@example.com',
      middleName: '',
      address: '',
      isActive: true,
    });
    expect(u.passwordHash).toMatch(/^\$argon2id\$/);
    const roles = await t.deps.db.select().from(userRoles).where(eq(userRoles.userId, u.userId));
    expect(roles.map((r) => r.roleId)).toEqual([2]);
    await t.signIn('asha.ten@example.com', 'Secret@123');
    const detail = await req('GET', `/api/application-users/${u.userId}`, erp);
    expect(applicationUserDetailSchema.parse(detail.json())).toMatchObject({
      userName: 'asha.ten@example.com',
      roleName: 'Content Curator',
    });
    expect(JSON.stringify(detail.json())).not.toMatch(/pass/i);
  });

  it('keeps a user name given in e-mail form', async () => {
    const res = await req(
      'POST',
      '/api/application-users',
      erp,
      newUser('11', { userName: 'A.Login@Example.com', middleName: 'K', address: 'Pune' }),
    );
    expect(res.statusCode).toBe(201);
    expect(await userRow('asha.11@example.com')).toMatchObject({
      userName: 'a.login@example.com',
      middleName: 'K',
      address: 'Pune',
    });
  });

  it.each([
    [{ firstName: 'As' }, m.firstNameMin],
    [{ lastName: 'Me' }, m.lastNameMin],
    [{ firstName: '' }, m.completeRequired],
    [{ mobile: '12345' }, m.mobileDigits],
    [{ email: 'not-an-email' }, m.invalidEmail],
    [{ userName: 'login' }, m.userNameEmail],
    [{ password: 'weakpass' }, m.passwordPolicy],
    [{ password: '' }, m.passwordPolicy],
    [{ roleId: '' }, m.selectRole],
    [{ roleId: null }, m.selectRole],
  ])('refuses %j with its message, nothing written', async (over, message) => {
    const before = await userCount();
    const res = await req('POST', '/api/application-users', erp, newUser('12', over));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await userCount()).toBe(before);
  });

  it("refuses a taken user name ('User Name Exists'), e-mail or mobile, whatever the provider", async () => {
    const before = await userCount();
    const cases = [
      [{ userName: 'PARTNER@example.com' }, m.userNameExists],
      [{ email: 'partner@example.com' }, m.emailExists],
      [{ mobile: '9876543210' }, m.mobileExists],
    ] as const;
    for (const [over, message] of cases) {
      const res = await req('POST', '/api/application-users', erp, newUser('13', over));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(message);
    }
    expect(await userCount()).toBe(before);
  });

  it('ignores a providerId or user type sent by the client (strict body)', async () => {
    const res = await req('POST', '/api/application-users', erp, { ...newUser('14'), providerId: 0 });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/application-users/user-name-exists', () => {
  it('answers the live check, case-insensitively, leaving out the user being edited', async () => {
    const ask = (q: string) => req('GET', `/api/application-users/user-name-exists?${q}`, erp);
    expect((await ask('userName=ERP@example.com')).json()).toEqual({ exists: true });
    expect((await ask('userName=nobody@example.com')).json()).toEqual({ exists: false });
    const self = await idOf('erp@example.com');
    expect((await ask(`userName=erp@example.com&userId=${self}`)).json()).toEqual({ exists: false });
    const ro = await t.signIn('readonly@example.com');
    expect((await req('GET', '/api/application-users/user-name-exists?userName=a@b.co', ro)).statusCode).toBe(
      403,
    );
  });
});

describe('PUT /api/application-users/:userId', () => {
  let id: number;
  beforeAll(async () => {
    id = (await req('POST', '/api/application-users', erp, newUser('20', { roleId: 8 }))).json().userId;
  });

  it("updates details and role: 'User updated Successfully'; an empty password keeps the current one", async () => {
    const res = await req(
      'PUT',
      `/api/application-users/${id}`,
      erp,
      newUser('20', { firstName: 'Ashwini', password: '', roleId: 2, address: 'Mumbai' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: id, message: 'User updated Successfully' });
    const detail = (await req('GET', `/api/application-users/${id}`, erp)).json();
    expect(detail).toMatchObject({ firstName: 'Ashwini', address: 'Mumbai', roleId: 2 });
    await t.signIn('asha.20@example.com', 'Secret@123');
  });

  it("a new password replaces the old one and ends the user's sessions", async () => {
    const theirs = await t.signIn('asha.20@example.com', 'Secret@123');
    const res = await req(
      'PUT',
      `/api/application-users/${id}`,
      erp,
      newUser('20', { password: 'Newpass#456' }),
    );
    expect(res.statusCode).toBe(200);
    expect((await req('GET', '/api/auth/session', theirs)).statusCode).toBe(401);
    await expect(t.signIn('asha.20@example.com', 'Secret@123')).rejects.toThrow(/401/);
    await t.signIn('asha.20@example.com', 'Newpass#456');
    const weak = await req('PUT', `/api/application-users/${id}`, erp, newUser('20', { password: 'weak' }));
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(m.passwordPolicy);
  });

  it("refuses another user's e-mail or user name, and a role the provider type does not allow", async () => {
    const before = (await req('GET', `/api/application-users/${id}`, erp)).json();
    const taken = await req(
      'PUT',
      `/api/application-users/${id}`,
      erp,
      newUser('20', { email: 'erp@example.com' }),
    );
    expect(taken.json().message).toBe(m.emailExists);
    const name = await req(
      'PUT',
      `/api/application-users/${id}`,
      erp,
      newUser('20', { userName: 'curator@example.com' }),
    );
    expect(name.json().message).toBe(m.userNameExists);
    const role = await req('PUT', `/api/application-users/${id}`, erp, newUser('20', { roleId: 5 }));
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toBe(m.roleNotAllowed);
    expect((await req('GET', `/api/application-users/${id}`, erp)).json()).toEqual(before);
  });
});

describe('tenant boundary', () => {
  it("another provider's user or a student is not found: 404 and nothing written", async () => {
    const partnerUser = await idOf('partner@example.com');
    const student = await idOf('student@example.com');
    for (const target of [partnerUser, student, 999999]) {
      expect((await req('GET', `/api/application-users/${target}`, erp)).statusCode).toBe(404);
      const put = await req('PUT', `/api/application-users/${target}`, erp, newUser('30', { password: '' }));
      expect(put.statusCode).toBe(404);
      expect(put.json().message).toBe(m.notFound);
      expect((await req('DELETE', `/api/application-users/${target}`, erp)).statusCode).toBe(404);
    }
    const [p] = await t.deps.db
      .select()
      .from(users)
      .where(and(eq(users.userId, partnerUser), eq(users.isActive, true)));
    expect(p).toMatchObject({ firstName: 'Priya', email: 'partner@example.com' });
    await t.signIn('partner@example.com');
  });
});
