import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { courses, courseTests, tests, testUsers, users } from '../../db/schema';

export let t: TestApp;
export let erp: string;
export let erpProvider: number;
export let subscriber: string;
export let seq = 0;
export const DAY = 24 * 3600 * 1000;

export const req = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: unknown,
) => t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

export async function providerOf(userName: string) {
  const [u] = await t.deps.db
    .select({ providerId: users.providerId })
    .from(users)
    .where(eq(users.userName, userName));
  return u.providerId;
}
export async function newTest(providerId: number, status = 2) {
  const n = ++seq;
  const [r] = await t.deps.db
    .insert(tests)
    .values({ providerId, code: `ASG-${n}`, name: `Assignment test ${n}`, status, isActive: true })
    .returning({ id: tests.testId });
  return r.id;
}
export async function newSeries(providerId: number, testIds: number[], status = 2) {
  const n = ++seq;
  const [r] = await t.deps.db
    .insert(courses)
    .values({ providerId, code: `ASGS-${n}`, text: `Assignment series ${n}`, status })
    .returning({ id: courses.courseId });
  if (testIds.length)
    await t.deps.db
      .insert(courseTests)
      .values(testIds.map((testId, i) => ({ courseId: r.id, testId, sequence: i + 1 })));
  return r.id;
}
export async function newStudents(providerId: number, count: number, prefix: string, active = true) {
  const rows = await t.deps.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        providerId,
        userTypeId: 4,
        userName: `${prefix}.${i}@example.com`,
        email: `${prefix}.${i}@example.com`,
        fullName: `${prefix} Student ${String(i).padStart(3, '0')}`,
        mobile: `6${String(++seq).padStart(3, '0')}${String(i).padStart(6, '0')}`,
        passwordHash: 'x',
        isActive: active,
      })),
    )
    .returning({ id: users.userId });
  return rows.map((r) => r.id);
}
export async function mapped(testId: number) {
  return t.deps.db.select().from(testUsers).where(eq(testUsers.testId, testId));
}

/** Registers the app of this area's API tests (built before the file's tests, closed after). */
export function useAssignmentApp() {
  beforeAll(async () => {
    t = await createTestApp();
    erp = await t.signIn('erp@example.com');
    subscriber = await t.signIn('subscriber@example.com');
    erpProvider = await providerOf('erp@example.com');
  });
  afterAll(() => t.close());
}
