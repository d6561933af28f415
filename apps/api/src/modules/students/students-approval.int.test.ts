import { studentMessages as m } from '@assess/contracts/students';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { erp, req, student, studentIdByEmail, t, useStudentsApp } from './students.test-support';

useStudentsApp();

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

describe('delete', () => {
  it("deletes a student of the caller's provider: 'User Deleted successfully', the student gone", async () => {
    const body = student();
    const added = await req(erp, 'POST', '/api/students', body);
    expect(added.statusCode).toBe(200);
    const id = await studentIdByEmail(body.studentInfo.email);
    expect(id).toBeDefined();
    const res = await req(erp, 'DELETE', `/api/students/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: m.deleted });
    expect(m.deleted).toBe('User Deleted successfully');
    expect(await studentIdByEmail(body.studentInfo.email)).toBeUndefined();
    expect((await req(erp, 'GET', `/api/students/${id}`)).statusCode).toBe(404);
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
