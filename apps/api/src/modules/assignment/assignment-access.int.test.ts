import { assignmentMessages as m } from '@assess/contracts/assignment';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses, courseTests, tests, testUsers } from '../../db/schema';
import {
  asSubscriber,
  erp,
  erpProvider,
  newSeries,
  newStudents,
  newTest,
  req,
  subscriber,
  t,
  useAssignmentApp,
} from './assignment.test-support';

useAssignmentApp();

/** The test's stored test_users rows. */
const mapped = (testId: number) => t.deps.db.select().from(testUsers).where(eq(testUsers.testId, testId));

describe('privileges and the tenant boundary', () => {
  it("another provider's test, series or students are refused; nothing written", async () => {
    // drafts: the subscriber's administrator may make no questions (no CreateCategory privilege), and a series
    // without tests stays a draft
    const foreignTest = await newTest('draft', asSubscriber);
    const foreignSeries = await newSeries([], { status: 'draft', by: asSubscriber });
    const [foreignStudent] = await newStudents(1, 'foreign', asSubscriber);
    const [own] = await newStudents(1, 'ownone');
    const ownTest = await newTest();
    for (const [method, url, body] of [
      ['GET', `/api/tests/${foreignTest}/students`],
      ['GET', `/api/tests/${foreignTest}/available-students`],
      ['POST', `/api/tests/${foreignTest}/students`, { userIds: [own] }],
      ['GET', `/api/series/${foreignSeries}/students`],
      ['POST', `/api/series/${foreignSeries}/students`, { userIds: [own] }],
    ] as const) {
      const r = await req(method, url, erp, body);
      expect(r.statusCode, url).toBe(403);
      expect(r.json().message).toBe(m.notOwnTarget);
    }
    const theirs = await req('POST', `/api/tests/${ownTest}/students`, erp, {
      userIds: [own, foreignStudent],
    });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe(m.notOwnStudents);
    expect(await mapped(ownTest)).toHaveLength(0);
    expect(await mapped(foreignTest)).toHaveLength(0);
    // the subscriber sees none of the ERP's students
    const avail = (
      await req('GET', `/api/tests/${foreignTest}/available-students?pageSize=100`, subscriber)
    ).json();
    expect(avail.items.map((s: { userId: number }) => s.userId)).toEqual([foreignStudent]);
  });

  it('AssignStudents is needed (Read Only is refused)', async () => {
    const ro = await t.signIn('readonly@example.com');
    const testId = await newTest();
    expect((await req('GET', `/api/tests/${testId}/students`, ro)).statusCode).toBe(403);
    expect((await req('POST', `/api/tests/${testId}/students`, ro, { userIds: [1] })).statusCode).toBe(403);
    expect((await req('GET', '/api/tests/999999/students', erp)).statusCode).toBe(404);
    const empty = await req('POST', `/api/tests/${testId}/students`, erp, { userIds: [] });
    expect(empty.statusCode).toBe(400);
  });
});

describe('demo data (seed)', () => {
  it('DEMO-PUB is In Progress and assigned to every active demo student; DEMO-READY Scheduled; series hold tests; idempotent', async () => {
    const rows = await t.deps.db
      .select()
      .from(tests)
      .where(and(eq(tests.providerId, erpProvider), inArray(tests.code, ['DEMO-PUB', 'DEMO-READY'])));
    const pub = rows.find((r) => r.code === 'DEMO-PUB');
    const ready = rows.find((r) => r.code === 'DEMO-READY');
    if (!pub || !ready) throw new Error('demo tests missing');
    expect([pub.status, pub.scheduleStatus, ready.status, ready.scheduleStatus]).toEqual([5, 5, 4, 4]);
    const window = (pub.scheduleEndDate?.getTime() ?? 0) - (pub.scheduleDate?.getTime() ?? 0);
    expect(window).toBe(31 * 24 * 3600 * 1000);
    const page = (
      await req('GET', `/api/tests/${pub.testId}/students?pageSize=100&search=example.com`, erp)
    ).json();
    expect(page.items.map((s: { userName: string }) => s.userName)).toContain('student@example.com');
    expect(page.removeIssue).toBe(m.removeTestPublished);
    const series = await t.deps.db
      .select()
      .from(courseTests)
      .where(inArray(courseTests.testId, [pub.testId, ready.testId]));
    expect(series.length).toBe(3);
    // JEE-M holds the demo student, subscribed (Course User Mapping's toggle shows it on; was e2e/assignment.e2e.ts)
    const [jee] = await t.deps.db
      .select({ id: courses.courseId })
      .from(courses)
      .where(and(eq(courses.providerId, erpProvider), eq(courses.code, 'JEE-M')));
    const mapped = (await req('GET', `/api/series/${jee.id}/students?pageSize=100`, erp)).json();
    expect(
      mapped.items.find((s: { userName: string }) => s.userName === 'student@example.com'),
    ).toMatchObject({ fullName: 'Sneha Verma', userSubscriptionStatus: 2 });
    const before = (await t.deps.db.select().from(testUsers)).length;
    const { seedDemoSchedules } = await import('../../db/seed/demo-schedules');
    await seedDemoSchedules(t.deps.db, new Date(), new Map([['erp', erpProvider]]));
    expect((await t.deps.db.select().from(testUsers)).length).toBe(before);
  });
});
