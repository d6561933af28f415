import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { erp, req, student, studentIdByEmail, t, useStudentsApp } from './students.test-support';

useStudentsApp();

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
    const offered = async () =>
      (await req(erp, 'GET', '/api/students/courses')).json().map((c: { text: string }) => c.text);
    // the demo ERP has three offered series, one expired and one draft (status 1)
    expect(await offered()).toEqual([
      'Class 10 Olympiad Series',
      'JEE Main Mock Series',
      'NEET Foundation Series',
    ]);
    const [first] = (await req(erp, 'GET', '/api/students/courses')).json();
    expect(Object.keys(first).sort()).toEqual([
      'courseId',
      'expiryDate',
      'isActive',
      'isDefault',
      'status',
      'text',
    ]);
    // an inactive series is not offered either
    await t.deps.db.execute(sql`update courses set is_active = false where code = 'OLY-10'`);
    try {
      expect(await offered()).toEqual(['JEE Main Mock Series', 'NEET Foundation Series']);
    } finally {
      await t.deps.db.execute(sql`update courses set is_active = true where code = 'OLY-10'`);
    }
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
