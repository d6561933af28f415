import { studentMessages as m } from '@assess/contracts/students';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { configurationValues, providers, studentProfiles, users } from '../../db/schema';

let t: TestApp;
let erp: string;
let erpProvider: number;
let values: Map<string, number>; // ERP configuration: first value id of each key
beforeAll(async () => {
  t = await createTestApp();
  erp = await t.signIn('erp@example.com');
  [{ erpProvider }] = await t.deps.db
    .select({ erpProvider: users.providerId })
    .from(users)
    .where(eq(users.userName, 'erp@example.com'));
  const rows = await t.deps.db
    .select({ id: configurationValues.id, key: configurationValues.key })
    .from(configurationValues)
    .where(eq(configurationValues.providerId, erpProvider))
    .orderBy(configurationValues.id);
  values = new Map();
  for (const r of rows) if (!values.has(r.key)) values.set(r.key, r.id);
});
afterAll(() => t.close());

const req = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, payload: payload as never });

let seq = 0;
/** A valid registration payload with a fresh e-mail and mobile. */
function student(over: Record<string, unknown> = {}, edu: Record<string, unknown> = {}) {
  seq++;
  return {
    studentInfo: {
      fullName: 'Test Student',
      email: `test.student${seq}@example.com`,
      mobile: `9${String(100000000 + seq * 7919).slice(0, 9)}`,
      gender: 1,
      dob: '2008-05-06',
      passCode: 'Secret@123',
      address: '',
      state: values.get('State'),
      city: values.get('City'),
      pinCode: '',
      fatherName: '',
      fatherMobile: '',
      fatherEmail: '',
      fatherProfession: null,
      ...over,
    },
    educationInfo: {
      language: values.get('Language'),
      board: null,
      class: values.get('Class'),
      education: null,
      ...edu,
    },
    interestList: [],
    siblingDetailsList: [],
  };
}
const studentIdByEmail = async (email: string) =>
  (await t.deps.db.select({ id: users.userId }).from(users).where(eq(users.email, email)))[0]?.id;

describe('grid', () => {
  it('lists active students by default and pending ones with status 2, with totalCount', async () => {
    const active = (await req(erp, 'GET', '/api/students?pageNumber=1&pageSize=10')).json();
    const pending = (await req(erp, 'GET', '/api/students?pageNumber=1&pageSize=10&status=2')).json();
    expect(active.totalCount).toBeGreaterThanOrEqual(6);
    expect(active.items.every((r: { isActive: boolean }) => r.isActive)).toBe(true);
    expect(pending.totalCount).toBe(3);
    expect(pending.items.map((r: { fullName: string }) => r.fullName).sort()).toEqual([
      'Ananya Singh',
      'Meera Nair',
      'Vivaan Joshi',
    ]);
    const row = active.items.find((r: { email: string }) => r.email === 'student@example.com');
    expect(row).toMatchObject({ fullName: 'Sneha Verma', parentMobile: expect.any(String) });
    expect(row.class).not.toBeNull();
    const page2 = (await req(erp, 'GET', '/api/students?pageNumber=2&pageSize=5')).json();
    expect(page2.items.length).toBe(active.totalCount - 5);
  });
  it('refuses a page size outside the grid and an unknown status', async () => {
    expect((await req(erp, 'GET', '/api/students?pageSize=1000')).statusCode).toBe(400);
    expect((await req(erp, 'GET', '/api/students?status=3')).statusCode).toBe(400);
  });
  it("shows only the caller's provider's students", async () => {
    const sub = await t.signIn('subscriber@example.com');
    const list = (await req(sub, 'GET', '/api/students')).json();
    expect(JSON.stringify(list)).not.toContain('student@example.com');
  });
  it('offers only active test series with status >= 2 that have not expired', async () => {
    const list = (await req(erp, 'GET', '/api/students/courses')).json();
    const names = list.map((c: { text: string }) => c.text);
    expect(names).toContain('JEE Main Mock Series');
    expect(names).toContain('NEET Foundation Series');
    expect(names.some((n: string) => /expired|draft/.test(n))).toBe(false);
  });
  it('loads the lookups with their defaults', async () => {
    const l = (await req(erp, 'GET', '/api/students/lookups')).json();
    expect(l.values.State.length).toBeGreaterThan(0);
    expect(l.values.Language.some((v: { isDefault: boolean }) => v.isDefault)).toBe(true);
    expect(l.interests.length).toBeGreaterThan(0);
  });
});

describe('privileges, enforced by the server', () => {
  it('Read Only views but cannot add, update, approve, reject or clone', async () => {
    const ro = await t.signIn('readonly@example.com');
    expect((await req(ro, 'GET', '/api/students')).statusCode).toBe(200);
    expect((await req(ro, 'POST', '/api/students', student())).statusCode).toBe(403);
    const id = await studentIdByEmail('student@example.com');
    expect((await req(ro, 'PUT', `/api/students/${id}`, student())).statusCode).toBe(403);
    expect((await req(ro, 'POST', '/api/students/activate', { studentIds: [id] })).statusCode).toBe(403);
    expect((await req(ro, 'POST', '/api/students/reject', { studentIds: [id] })).statusCode).toBe(403);
    expect(
      (await req(ro, 'POST', '/api/students/clone', { fromStudentId: id, studentIds: [id + 1] })).statusCode,
    ).toBe(403);
  });
  it('a student cannot use the staff routes; nobody signed in gets 401', async () => {
    const s = await t.signIn('student@example.com');
    expect((await req(s, 'GET', '/api/students')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/students' })).statusCode).toBe(401);
  });
});

describe('add form rules (§5 Student form)', () => {
  const fieldsOf = async (body: unknown) => {
    const res = await req(erp, 'POST', '/api/students', body);
    expect(res.statusCode).toBe(400);
    return JSON.stringify(res.json());
  };
  it('gives the spec message for each invalid field and writes nothing', async () => {
    const before = (await req(erp, 'GET', '/api/students')).json().totalCount;
    expect(await fieldsOf(student({ fullName: '' }))).toContain(m.fullNameRequired);
    expect(await fieldsOf(student({ fullName: 'R2 D2' }))).toContain(m.fullNameInvalid);
    expect(await fieldsOf(student({ email: 'not-an-email' }))).toContain(m.emailInvalid);
    expect(await fieldsOf(student({ mobile: '5123456789' }))).toContain(m.mobileInvalid);
    expect(await fieldsOf(student({ mobile: '912345678' }))).toContain(m.mobileInvalid);
    expect(await fieldsOf(student({ gender: '' }))).toContain(m.genderRequired);
    expect(await fieldsOf(student({ dob: '2999-01-01' }))).toContain(m.dobFuture);
    expect(await fieldsOf(student({ passCode: 'Secret123!' }))).toContain(m.passwordPolicy); // ! is not in @#$%^&+=
    expect(await fieldsOf(student({ passCode: 'secret@123' }))).toContain(m.passwordPolicy);
    expect(await fieldsOf(student({ passCode: '' }))).toContain(m.passwordPolicy);
    expect(await fieldsOf(student({ fatherMobile: '12345' }))).toContain(m.parentMobileInvalid);
    expect(await fieldsOf(student({ fatherEmail: 'x@' }))).toContain(m.parentEmailInvalid);
    expect(await fieldsOf(student({ fatherName: 'Dad 2' }))).toContain(m.lettersOnly);
    expect(await fieldsOf(student({}, { language: '' }))).toContain(m.languageRequired);
    const sib = student();
    sib.siblingDetailsList = [{ siblingName: 'A', mobile: '123', email: 'a@' }] as never;
    expect(await fieldsOf(sib)).toContain(m.parentMobileInvalid);
    expect(await fieldsOf(sib)).toContain(m.parentEmailInvalid);
    sib.siblingDetailsList = [{ siblingName: 'A' }, { siblingName: 'B' }] as never;
    expect(await fieldsOf(sib)).toContain(m.atMostOneSibling);
    expect((await req(erp, 'GET', '/api/students')).json().totalCount).toBe(before);
  });
  it("refuses another provider's configuration value", async () => {
    const [other] = await t.deps.db
      .select({ id: configurationValues.id })
      .from(configurationValues)
      .where(
        and(eq(configurationValues.key, 'State'), sql`${configurationValues.providerId} <> ${erpProvider}`),
      )
      .limit(1);
    const res = await req(erp, 'POST', '/api/students', student({ state: other.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.registrationError);
  });
  it('adds a valid student (user type 4, user name = e-mail, active), empty pin stored as null', async () => {
    const body = student({
      fatherName: 'Raj Kumar',
      fatherMobile: '9988776655',
      fatherEmail: 'raj@example.com',
    });
    body.siblingDetailsList = [{ siblingName: 'Asha', mobile: '', email: '', schoolCollege: 'DPS' }] as never;
    const res = await req(erp, 'POST', '/api/students', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(m.registered);
    const id = res.json().userId;
    const [u] = await t.deps.db.select().from(users).where(eq(users.userId, id));
    expect(u).toMatchObject({
      userTypeId: 4,
      userName: body.studentInfo.email,
      isActive: true,
      providerId: erpProvider,
    });
    expect(u.passwordHash).not.toContain('Secret');
    const [p] = await t.deps.db.select().from(studentProfiles).where(eq(studentProfiles.userId, id));
    expect(p.pinCode).toBeNull();
    const detail = (await req(erp, 'GET', `/api/students/${id}`)).json();
    expect(detail.siblingDetailsList).toEqual([
      expect.objectContaining({ siblingName: 'Asha', mobile: null }),
    ]);
    expect(JSON.stringify(detail)).not.toMatch(/passCode|password/i);
    // the new student can sign in with the password
    await t.signIn(body.studentInfo.email, 'Secret@123');
  });
  it('a duplicate e-mail or mobile on another user gives the spec messages', async () => {
    const dupEmail = await req(erp, 'POST', '/api/students', student({ email: 'ERP@example.com' }));
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json().message).toBe(m.emailExists);
    const [{ mobile }] = await t.deps.db
      .select({ mobile: users.mobile })
      .from(users)
      .where(eq(users.userName, 'erp@example.com'));
    const dupMobile = await req(erp, 'POST', '/api/students', student({ mobile }));
    expect(dupMobile.statusCode).toBe(409);
    expect(dupMobile.json().message).toBe(m.mobileExists);
    const check = (await req(erp, 'GET', `/api/students/mobile-exists?mobile=${mobile}`)).json();
    expect(check).toEqual({ exists: true, message: m.mobileExists });
  });
  it('two simultaneous adds of the same e-mail: one student, the other gets the message (unique constraint)', async () => {
    const a = student();
    const b = student({ email: a.studentInfo.email });
    const results = await Promise.all([
      req(erp, 'POST', '/api/students', a),
      req(erp, 'POST', '/api/students', b),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(m.emailExists);
    const n = await t.deps.db
      .select({ id: users.userId })
      .from(users)
      .where(eq(users.email, a.studentInfo.email));
    expect(n).toHaveLength(1);
  });
});

describe('e-mail lookup within the caller reach', () => {
  it('fills a student of the own provider (no password), reports an unrelated one only as existing', async () => {
    const own = (await req(erp, 'GET', '/api/students/by-email?email=Student@example.com')).json();
    expect(own.found).toBe('inReach');
    expect(own.student.studentInfo).toMatchObject({ fullName: 'Sneha Verma', email: 'student@example.com' });
    expect(JSON.stringify(own)).not.toMatch(/passCode|password|hash/i);
    const sub = await t.signIn('subscriber@example.com');
    const other = (await req(sub, 'GET', '/api/students/by-email?email=student@example.com')).json();
    expect(other).toEqual({ found: 'exists', message: m.emailExists });
    expect((await req(sub, 'GET', '/api/students/by-email?email=nobody@example.com')).json()).toEqual({
      found: 'none',
    });
  });
  it("an aggregator reaches its child provider's students", async () => {
    const agg = await t.signIn('aggregator@example.com');
    const [child] = await t.deps.db
      .select({ id: providers.providerId })
      .from(providers)
      .where(eq(providers.providerKey, 'demo-child'));
    await t.deps.db.insert(users).values({
      providerId: child.id,
      userTypeId: 4,
      userName: 'child.student@example.com',
      email: 'child.student@example.com',
      fullName: 'Child Student',
      passwordHash: 'x',
    });
    expect(
      (await req(agg, 'GET', '/api/students/by-email?email=child.student@example.com')).json().found,
    ).toBe('inReach');
    expect(
      (await req(erp, 'GET', '/api/students/by-email?email=child.student@example.com')).json().found,
    ).toBe('exists');
  });
  it('adding with the e-mail of an own student keeps its details and password', async () => {
    const before = (await req(erp, 'GET', '/api/students')).json().totalCount;
    const body = student({ email: 'student@example.com', fullName: 'Someone Else', passCode: '' });
    const res = await req(erp, 'POST', '/api/students', body);
    expect(res.statusCode).toBe(200);
    const [u] = await t.deps.db.select().from(users).where(eq(users.email, 'student@example.com'));
    expect(u.fullName).toBe('Sneha Verma');
    expect((await req(erp, 'GET', '/api/students')).json().totalCount).toBe(before);
    await t.signIn('student@example.com'); // password unchanged
  });
});

describe('update', () => {
  it('updates a student; an empty password keeps the stored one; e-mail of another user refused', async () => {
    const body = student();
    const id = (await req(erp, 'POST', '/api/students', body)).json().userId;
    const changed = { ...body, studentInfo: { ...body.studentInfo, fullName: 'Changed Name', passCode: '' } };
    const res = await req(erp, 'PUT', `/api/students/${id}`, changed);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(m.updated);
    await t.signIn(body.studentInfo.email, 'Secret@123');
    const dup = await req(erp, 'PUT', `/api/students/${id}`, {
      ...body,
      studentInfo: { ...body.studentInfo, email: 'erp@example.com' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(m.emailIdExists);
  });
});

describe('licence limit', () => {
  it("refuses the add that would pass the licence's student count, and writes nothing", async () => {
    const trial = await t.signIn('trial@example.com');
    const [{ id: trialProvider }] = await t.deps.db
      .select({ id: providers.providerId })
      .from(providers)
      .where(eq(providers.providerKey, 'demo-trial'));
    const [lang] = await t.deps.db
      .select({ id: configurationValues.id })
      .from(configurationValues)
      .where(and(eq(configurationValues.providerId, trialProvider), eq(configurationValues.key, 'Language')));
    const limit = 25; // Trial package Students
    await t.deps.db.insert(users).values(
      Array.from({ length: limit - 1 }, (_, i) => ({
        providerId: trialProvider,
        userTypeId: 4,
        userName: `trial.s${i}@example.com`,
        email: `trial.s${i}@example.com`,
        passwordHash: 'x',
      })),
    );
    const body = () => student({ state: null, city: null }, { language: lang.id, class: null });
    expect((await req(trial, 'POST', '/api/students', body())).statusCode).toBe(200); // the 25th fits
    const over = body();
    const res = await req(trial, 'POST', '/api/students', over);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(m.licenceLimit);
    expect(await studentIdByEmail(over.studentInfo.email)).toBeUndefined();
  });
});

describe('approve and reject', () => {
  const pendingIds = async () =>
    (await req(erp, 'GET', '/api/students?status=2&pageSize=100'))
      .json()
      .items.map((r: { userId: number }) => r.userId);
  const courseIds = async () =>
    (await req(erp, 'GET', '/api/students/courses')).json().map((c: { courseId: number }) => c.courseId);

  it("'Please select students' with nothing selected", async () => {
    const res = await req(erp, 'POST', '/api/students/activate', { studentIds: [], courseIds: [] });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(m.selectStudents);
  });
  it('accepts pending students and assigns the chosen series in one go', async () => {
    const [a] = await pendingIds();
    const [c1, c2] = await courseIds();
    const res = await req(erp, 'POST', '/api/students/activate', { studentIds: [a], courseIds: [c1, c2] });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(m.activated);
    const [u] = await t.deps.db.select({ active: users.isActive }).from(users).where(eq(users.userId, a));
    expect(u.active).toBe(true);
    const rows = await t.deps.db.execute(
      sql`select course_id from course_users where user_id = ${a} order by 1`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(2);
  });
  it('an expired or draft series, or an already active student, refuses the whole accept', async () => {
    const [p] = await pendingIds();
    const expired = await t.deps.db.execute(sql`select course_id from courses where code = 'CET-OLD'`);
    const expiredId = (expired as unknown as { rows: { course_id: number }[] }).rows[0].course_id;
    const res = await req(erp, 'POST', '/api/students/activate', { studentIds: [p], courseIds: [expiredId] });
    expect(res.statusCode).toBe(400);
    const active = await studentIdByEmail('student@example.com');
    const res2 = await req(erp, 'POST', '/api/students/activate', { studentIds: [p, active], courseIds: [] });
    expect(res2.statusCode).toBe(409);
    const [u] = await t.deps.db.select({ active: users.isActive }).from(users).where(eq(users.userId, p));
    expect(u.active).toBe(false);
  });
  it('rejects (deletes) pending students only', async () => {
    const [p] = await pendingIds();
    const active = await studentIdByEmail('student@example.com');
    const refused = await req(erp, 'POST', '/api/students/reject', { studentIds: [p, active] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(m.onlyPendingReject);
    expect(await pendingIds()).toContain(p);
    const res = await req(erp, 'POST', '/api/students/reject', { studentIds: [p] });
    expect(res.json().message).toBe(m.rejected);
    expect(await pendingIds()).not.toContain(p);
  });
});

describe('clone test data', () => {
  it("refuses the chosen student among the selected ('Cannot clone the same user.')", async () => {
    const id = await studentIdByEmail('student@example.com');
    const res = await req(erp, 'POST', '/api/students/clone', { fromStudentId: id, studentIds: [id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.cloneSameUser);
  });
  it("copies the chosen student's series to each selected student, once", async () => {
    const from = await studentIdByEmail('student@example.com');
    const to1 = (await req(erp, 'POST', '/api/students', student())).json().userId;
    const to2 = (await req(erp, 'POST', '/api/students', student())).json().userId;
    const res = await req(erp, 'POST', '/api/students/clone', {
      fromStudentId: from,
      studentIds: [to1, to2],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: m.cloneSuccess, copied: { course_users: 4 } });
    const again = await req(erp, 'POST', '/api/students/clone', {
      fromStudentId: from,
      studentIds: [to1, to2],
    });
    expect(again.json().copied.course_users).toBe(0);
  });
  it('a registered kind takes part, and a failing kind rolls the whole clone back', async () => {
    const from = await studentIdByEmail('student@example.com');
    const to = (await req(erp, 'POST', '/api/students', student())).json().userId;
    const registry = t.deps.modules.students.testData;
    registry.register({
      name: 'failing',
      async copy() {
        throw new Error('boom');
      },
    });
    const res = await req(erp, 'POST', '/api/students/clone', { fromStudentId: from, studentIds: [to] });
    expect(res.statusCode).toBe(500);
    const rows = await t.deps.db.execute(sql`select 1 from course_users where user_id = ${to}`);
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(0);
  });
});

describe('tenant boundary', () => {
  it("another provider's student ids are refused in approve, reject, clone, update, detail and delete", async () => {
    const sub = await t.signIn('subscriber@example.com');
    const erpStudent = await studentIdByEmail('student@example.com');
    const erpPending = (await req(erp, 'GET', '/api/students?status=2')).json().items[0].userId;
    const [{ subProvider }] = await t.deps.db
      .select({ subProvider: users.providerId })
      .from(users)
      .where(eq(users.userName, 'subscriber@example.com'));
    const [own] = await t.deps.db
      .insert(users)
      .values({
        providerId: subProvider,
        userTypeId: 4,
        userName: 'sub.s@example.com',
        email: 'sub.s@example.com',
        passwordHash: 'x',
        isActive: false,
      })
      .returning({ id: users.userId });
    const calls = [
      req(sub, 'POST', '/api/students/activate', { studentIds: [own.id, erpPending], courseIds: [] }),
      req(sub, 'POST', '/api/students/reject', { studentIds: [own.id, erpPending] }),
      req(sub, 'POST', '/api/students/clone', { fromStudentId: erpStudent, studentIds: [own.id] }),
      req(sub, 'POST', '/api/students/clone', { fromStudentId: own.id, studentIds: [erpStudent] }),
      req(sub, 'PUT', `/api/students/${erpStudent}`, student()),
      req(sub, 'GET', `/api/students/${erpStudent}`),
      req(sub, 'DELETE', `/api/students/${erpStudent}`),
      // a staff user's id is not a student either
      req(erp, 'POST', '/api/students/reject', {
        studentIds: [(await studentIdByEmail('readonly@example.com'))!],
      }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404);
    const [still] = await t.deps.db
      .select({ active: users.isActive })
      .from(users)
      .where(eq(users.userId, erpPending));
    expect(still.active).toBe(false);
    expect(await studentIdByEmail('student@example.com')).toBe(erpStudent);
    const [ownRow] = await t.deps.db
      .select({ active: users.isActive })
      .from(users)
      .where(eq(users.userId, own.id));
    expect(ownRow.active).toBe(false);
  });
});
