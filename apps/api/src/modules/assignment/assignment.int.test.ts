import { assignmentMessages as m } from '@assess/contracts/assignment';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  courses,
  courseTests,
  courseUsers,
  licencePackages,
  providers,
  tests,
  testUsers,
  users,
} from '../../db/schema';
import { seriesTestHolders, unassignSeriesTest } from '.';

let t: TestApp;
let erp: string;
let erpProvider: number;
let subscriber: string;
let seq = 0;
const DAY = 24 * 3600 * 1000;

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function providerOf(userName: string) {
  const [u] = await t.deps.db
    .select({ providerId: users.providerId })
    .from(users)
    .where(eq(users.userName, userName));
  return u.providerId;
}
async function newTest(providerId: number, status = 2) {
  const n = ++seq;
  const [r] = await t.deps.db
    .insert(tests)
    .values({ providerId, code: `ASG-${n}`, name: `Assignment test ${n}`, status, isActive: true })
    .returning({ id: tests.testId });
  return r.id;
}
async function newSeries(providerId: number, testIds: number[], status = 2) {
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
async function newStudents(providerId: number, count: number, prefix: string, active = true) {
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
async function mapped(testId: number) {
  return t.deps.db.select().from(testUsers).where(eq(testUsers.testId, testId));
}

beforeAll(async () => {
  t = await createTestApp();
  erp = await t.signIn('erp@example.com');
  subscriber = await t.signIn('subscriber@example.com');
  erpProvider = await providerOf('erp@example.com');
});
afterAll(() => t.close());

describe('Test User Mapping', () => {
  it('pages and searches assigned and available students (name, user name, e-mail, mobile)', async () => {
    const testId = await newTest(erpProvider);
    const ids = await newStudents(erpProvider, 25, 'pager');
    await newStudents(erpProvider, 2, 'pending', false);
    const avail = (await req('GET', `/api/tests/${testId}/available-students?pageSize=10`, erp)).json();
    expect(avail.items).toHaveLength(10);
    const totalBefore = avail.totalCount as number;
    expect(totalBefore).toBeGreaterThanOrEqual(25);
    // pending (inactive) students are never offered
    const pend = (await req('GET', `/api/tests/${testId}/available-students?search=pending`, erp)).json();
    expect(pend.totalCount).toBe(0);
    const third = (
      await req('GET', `/api/tests/${testId}/available-students?pageSize=10&pageNumber=3&search=pager`, erp)
    ).json();
    expect(third).toMatchObject({ totalCount: 25 });
    expect(third.items).toHaveLength(5);

    const res = await req('POST', `/api/tests/${testId}/students`, erp, { userIds: ids.slice(0, 12) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: m.usersMapped, assigned: 12 });

    const page2 = (await req('GET', `/api/tests/${testId}/students?pageSize=10&pageNumber=2`, erp)).json();
    expect(page2).toMatchObject({ totalCount: 12, removeIssue: null });
    expect(page2.items).toHaveLength(2);
    const after = (await req('GET', `/api/tests/${testId}/available-students`, erp)).json();
    expect(after.totalCount).toBe(totalBefore - 12);

    for (const [term, n] of [
      ['pager Student 003', 1],
      ['pager.011@', 0],
      ['pager.11@example', 1],
      ['PAGER.1', 3],
    ] as const) {
      const r = (
        await req('GET', `/api/tests/${testId}/students?search=${encodeURIComponent(term)}`, erp)
      ).json();
      expect(r.totalCount, term).toBe(n);
    }
    const [one] = await t.deps.db.select().from(users).where(eq(users.userId, ids[4]));
    const byMobile = (
      await req('GET', `/api/tests/${testId}/students?search=${one.mobile?.slice(-7)}`, erp)
    ).json();
    expect(byMobile.items.map((s: { userId: number }) => s.userId)).toEqual([ids[4]]);
    // % is taken literally
    expect((await req('GET', `/api/tests/${testId}/students?search=%25`, erp)).json().totalCount).toBe(0);
  });

  it('assigning the same students twice (two tabs) maps them once', async () => {
    const testId = await newTest(erpProvider);
    const ids = await newStudents(erpProvider, 3, 'twice');
    const [a, b] = await Promise.all([
      req('POST', `/api/tests/${testId}/students`, erp, { userIds: ids }),
      req('POST', `/api/tests/${testId}/students`, erp, { userIds: [ids[0], ids[0], ids[1], ids[2]] }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().assigned + b.json().assigned).toBe(3);
    expect(await mapped(testId)).toHaveLength(3);
  });

  it('removing is refused at status 3 or more (server and the answer say so); allowed below', async () => {
    const ready = await newTest(erpProvider, 2);
    const published = await newTest(erpProvider, 3);
    const [s] = await newStudents(erpProvider, 1, 'remover');
    for (const id of [ready, published])
      expect((await req('POST', `/api/tests/${id}/students`, erp, { userIds: [s] })).statusCode).toBe(200);
    const refused = await req('DELETE', `/api/tests/${published}/students/${s}`, erp);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(m.removeTestPublished);
    expect(await mapped(published)).toHaveLength(1);
    expect((await req('GET', `/api/tests/${published}/students`, erp)).json().removeIssue).toBe(
      m.removeTestPublished,
    );
    const ok = await req('DELETE', `/api/tests/${ready}/students/${s}`, erp);
    expect(ok.json()).toEqual({ message: m.removed });
    expect(await mapped(ready)).toHaveLength(0);
  });

  it('only the status counts (part 3 §4): a Ready test awaiting its assign time still lets students go; Scheduled does not', async () => {
    const ready = await newTest(erpProvider, 2);
    const [s] = await newStudents(erpProvider, 1, 'awaiting');
    const now = Date.now();
    // scheduled, the assign time still ahead: status Ready (2), scheduleStatus 3 (awaiting assignment)
    await t.deps.db
      .update(tests)
      .set({
        assignDate: new Date(now + 2 * DAY),
        scheduleDate: new Date(now + 3 * DAY),
        scheduleEndDate: new Date(now + 4 * DAY),
        scheduleStatus: 3,
      })
      .where(eq(tests.testId, ready));
    expect((await req('POST', `/api/tests/${ready}/students`, erp, { userIds: [s] })).statusCode).toBe(200);
    expect((await req('GET', `/api/tests/${ready}/students`, erp)).json().removeIssue).toBeNull();
    const ok = await req('DELETE', `/api/tests/${ready}/students/${s}`, erp);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await mapped(ready)).toHaveLength(0);
    // the assign time passed (before the status job ran): the clock makes it Scheduled (4), so refused
    await req('POST', `/api/tests/${ready}/students`, erp, { userIds: [s] });
    await t.deps.db
      .update(tests)
      .set({ assignDate: new Date(now - DAY) })
      .where(eq(tests.testId, ready));
    const refused = await req('DELETE', `/api/tests/${ready}/students/${s}`, erp);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(m.removeTestPublished);
    expect(await mapped(ready)).toHaveLength(1);
  });

  it('accommodation: extra attempts and minutes per student, bounded', async () => {
    const testId = await newTest(erpProvider);
    const [s] = await newStudents(erpProvider, 1, 'accom');
    await req('POST', `/api/tests/${testId}/students`, erp, { userIds: [s] });
    const res = await req('PUT', `/api/tests/${testId}/students/${s}/accommodation`, erp, {
      extraAttempts: 2,
      extraMinutes: 30,
    });
    expect(res.json()).toEqual({ message: m.accommodationSaved });
    const [row] = await mapped(testId);
    expect(row).toMatchObject({ extraAttempts: 2, extraMinutes: 30 });
    const page = (await req('GET', `/api/tests/${testId}/students`, erp)).json();
    expect(page.items[0]).toMatchObject({ userId: s, extraAttempts: 2, extraMinutes: 30 });
    const bad = await req('PUT', `/api/tests/${testId}/students/${s}/accommodation`, erp, {
      extraAttempts: -1,
      extraMinutes: 30,
    });
    expect(bad.statusCode).toBe(400);
    const notMapped = await req('PUT', `/api/tests/${testId}/students/${s + 100000}/accommodation`, erp, {
      extraAttempts: 1,
      extraMinutes: 0,
    });
    expect(notMapped.statusCode).toBe(404);
  });

  it('the student licence: refused with the spec message, nothing written', async () => {
    const testId = await newTest(erpProvider);
    const ids = await newStudents(erpProvider, 3, 'licence');
    const [p] = await t.deps.db
      .select({ packageId: providers.packageId })
      .from(providers)
      .where(eq(providers.providerId, erpProvider));
    const [pkg] = await t.deps.db
      .select()
      .from(licencePackages)
      .where(eq(licencePackages.packageId, p.packageId));
    // the limit is the distinct students already holding a mapping: one more cannot be assigned
    const holders = await t.deps.db.execute(
      `select count(*)::int as n from (select tu.user_id from test_users tu join tests t on t.test_id = tu.test_id where t.provider_id = ${erpProvider} union select cu.user_id from course_users cu join courses c on c.course_id = cu.course_id where c.provider_id = ${erpProvider}) s`,
    );
    const n = ((holders as { rows?: { n: number }[] }).rows ?? (holders as unknown as { n: number }[]))[0].n;
    await t.deps.db
      .update(licencePackages)
      .set({ limits: { ...pkg.limits, Students: n + 1 } })
      .where(eq(licencePackages.packageId, p.packageId));
    try {
      const limited = await t.signIn('erp@example.com');
      const refused = await req('POST', `/api/tests/${testId}/students`, limited, { userIds: ids });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(m.needLicence);
      expect(await mapped(testId)).toHaveLength(0);
      const one = await req('POST', `/api/tests/${testId}/students`, limited, { userIds: [ids[0]] });
      expect(one.statusCode).toBe(200);
    } finally {
      await t.deps.db
        .update(licencePackages)
        .set({ limits: pkg.limits })
        .where(eq(licencePackages.packageId, p.packageId));
    }
  });
});

describe('Course User Mapping', () => {
  const assignedTo = async (testId: number) =>
    (await req('GET', `/api/tests/${testId}/students?pageSize=100`, erp)).json() as {
      totalCount: number;
      items: { userId: number; viaCourseId: number | null; extraAttempts: number; extraMinutes: number }[];
    };

  it('assigning a series writes course_users only; its tests list the series students; removal takes them back; subscription toggles', async () => {
    const [t1, t2] = [await newTest(erpProvider), await newTest(erpProvider)];
    const courseId = await newSeries(erpProvider, [t1, t2]);
    const ids = await newStudents(erpProvider, 4, 'series');
    // one already has t1 directly: he keeps that row
    await req('POST', `/api/tests/${t1}/students`, erp, { userIds: [ids[0]] });
    const res = await req('POST', `/api/series/${courseId}/students`, erp, { userIds: ids });
    expect(res.json()).toEqual({ message: m.usersMappedToSeries, assigned: 4 });
    const cu = await t.deps.db.select().from(courseUsers).where(eq(courseUsers.courseId, courseId));
    expect(cu.map((r) => r.userSubscriptionStatus)).toEqual([2, 2, 2, 2]);
    // no test_users row per student and test: only the direct one
    const tu = await t.deps.db
      .select()
      .from(testUsers)
      .where(inArray(testUsers.testId, [t1, t2]));
    expect(tu.map((r) => [r.testId, r.userId, r.viaCourseId])).toEqual([[t1, ids[0], null]]);
    // the tests' assigned lists show the series students (the direct row wins for ids[0])
    const one = await assignedTo(t1);
    expect(one.totalCount).toBe(4);
    expect(new Map(one.items.map((r) => [r.userId, r.viaCourseId]))).toEqual(
      new Map([
        [ids[0], null],
        [ids[1], courseId],
        [ids[2], courseId],
        [ids[3], courseId],
      ]),
    );
    expect((await assignedTo(t2)).items.map((r) => r.viaCourseId)).toEqual([
      courseId,
      courseId,
      courseId,
      courseId,
    ]);
    // … and they are not offered again for the test; a direct POST for them writes nothing
    const offered = (
      await req('GET', `/api/tests/${t2}/available-students?search=series&pageSize=100`, erp)
    ).json();
    expect(offered.totalCount).toBe(0);
    const direct = await req('POST', `/api/tests/${t2}/students`, erp, { userIds: [ids[1]] });
    expect(direct.json().assigned).toBe(0);
    // the details dialog counts them
    expect((await req('GET', `/api/tests/${t2}/details`, erp)).json().studentsCount).toBe(4);

    // twice maps once
    const again = await req('POST', `/api/series/${courseId}/students`, erp, { userIds: ids });
    expect(again.json().assigned).toBe(0);
    expect(
      (await t.deps.db.select().from(courseUsers).where(eq(courseUsers.courseId, courseId))).length,
    ).toBe(4);

    // a test reached through the series is removed with the series mapping, not from the test
    const viaSeries = await req('DELETE', `/api/tests/${t2}/students/${ids[2]}`, erp);
    expect(viaSeries.statusCode).toBe(409);
    expect(viaSeries.json().message).toBe(m.removeViaSeries);

    const sub = await req('PUT', `/api/series/${courseId}/students/${ids[1]}/subscription`, erp, {
      userSubscriptionStatus: 1,
    });
    expect(sub.json()).toEqual({ message: m.subscriptionChanged });
    const page = (await req('GET', `/api/series/${courseId}/students?search=series`, erp)).json();
    expect(page.totalCount).toBe(4);
    expect(page.items.find((s: { userId: number }) => s.userId === ids[1]).userSubscriptionStatus).toBe(1);

    const del = await req('DELETE', `/api/series/${courseId}/students/${ids[0]}`, erp);
    expect(del.json()).toEqual({ message: m.removed });
    // the test given directly stays, the one the series brought goes
    expect((await assignedTo(t1)).items.map((r) => r.userId)).toContain(ids[0]);
    expect((await assignedTo(t2)).items.map((r) => r.userId)).not.toContain(ids[0]);
    expect(
      (await req('GET', `/api/tests/${t2}/available-students?search=series&pageSize=100`, erp))
        .json()
        .items.map((s: { userId: number }) => s.userId),
    ).toEqual([ids[0]]);

    // status 4 (scheduled) refuses removal
    await t.deps.db.update(courses).set({ status: 4 }).where(eq(courses.courseId, courseId));
    const refused = await req('DELETE', `/api/series/${courseId}/students/${ids[1]}`, erp);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(m.removeSeriesScheduled);
    // status 3 still allows it, even scheduled while the assign time is ahead (scheduleStatus 3)
    await t.deps.db
      .update(courses)
      .set({
        status: 3,
        scheduleStatus: 3,
        assignDate: new Date(Date.now() + DAY),
        scheduleDate: new Date(Date.now() + 2 * DAY),
      })
      .where(eq(courses.courseId, courseId));
    expect((await req('GET', `/api/series/${courseId}/students`, erp)).json().removeIssue).toBeNull();
    expect((await req('DELETE', `/api/series/${courseId}/students/${ids[1]}`, erp)).statusCode).toBe(200);
    expect((await assignedTo(t2)).items.map((r) => r.userId)).toEqual([ids[2], ids[3]]);
  });

  it('accommodation of a series student: an override row naming the series; it goes with the series mapping', async () => {
    const t1 = await newTest(erpProvider);
    const courseId = await newSeries(erpProvider, [t1]);
    const [s] = await newStudents(erpProvider, 1, 'seriesaccom');
    await req('POST', `/api/series/${courseId}/students`, erp, { userIds: [s] });
    const res = await req('PUT', `/api/tests/${t1}/students/${s}/accommodation`, erp, {
      extraAttempts: 1,
      extraMinutes: 15,
    });
    expect(res.json()).toEqual({ message: m.accommodationSaved });
    expect((await mapped(t1)).map((r) => [r.userId, r.viaCourseId, r.extraAttempts, r.extraMinutes])).toEqual(
      [[s, courseId, 1, 15]],
    );
    expect((await assignedTo(t1)).items).toMatchObject([
      { userId: s, viaCourseId: courseId, extraAttempts: 1, extraMinutes: 15 },
    ]);
    // saved again: the same row updated
    await req('PUT', `/api/tests/${t1}/students/${s}/accommodation`, erp, {
      extraAttempts: 2,
      extraMinutes: 0,
    });
    expect((await mapped(t1)).map((r) => [r.extraAttempts, r.extraMinutes])).toEqual([[2, 0]]);
    // still only removable with the series
    expect((await req('DELETE', `/api/tests/${t1}/students/${s}`, erp)).statusCode).toBe(409);
    expect((await req('DELETE', `/api/series/${courseId}/students/${s}`, erp)).statusCode).toBe(200);
    expect(await mapped(t1)).toEqual([]);
    expect((await assignedTo(t1)).totalCount).toBe(0);
  });

  it('a test added to a series reaches its students at once; a test taken out leaves them (and its overrides go)', async () => {
    const t1 = await newTest(erpProvider);
    const courseId = await newSeries(erpProvider, [t1]);
    const ids = await newStudents(erpProvider, 2, 'added');
    await req('POST', `/api/series/${courseId}/students`, erp, { userIds: ids });
    const t2 = await newTest(erpProvider);
    await t.deps.db.insert(courseTests).values({ courseId, testId: t2, sequence: 2 });
    expect(await seriesTestHolders(t.deps.db, courseId, [t2])).toBe(2);
    expect(await seriesTestHolders(t.deps.db, courseId)).toBe(4);
    expect((await assignedTo(t2)).items.map((r) => r.viaCourseId)).toEqual([courseId, courseId]);
    await req('PUT', `/api/tests/${t2}/students/${ids[0]}/accommodation`, erp, {
      extraAttempts: 1,
      extraMinutes: 0,
    });
    await t.deps.db
      .delete(courseTests)
      .where(and(eq(courseTests.courseId, courseId), eq(courseTests.testId, t2)));
    await unassignSeriesTest(t.deps.db, courseId, t2);
    expect((await assignedTo(t2)).totalCount).toBe(0);
    expect(await mapped(t2)).toEqual([]);
  });
});

describe('privileges and the tenant boundary', () => {
  it("another provider's test, series or students are refused; nothing written", async () => {
    const subProvider = await providerOf('subscriber@example.com');
    const foreignTest = await newTest(subProvider);
    const foreignSeries = await newSeries(subProvider, []);
    const [foreignStudent] = await newStudents(subProvider, 1, 'foreign');
    const [own] = await newStudents(erpProvider, 1, 'ownone');
    const ownTest = await newTest(erpProvider);
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
    const testId = await newTest(erpProvider);
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
    const before = (await t.deps.db.select().from(testUsers)).length;
    const { seedDemoSchedules } = await import('../../db/seed/demo-schedules');
    await seedDemoSchedules(t.deps.db, new Date(), new Map([['erp', erpProvider]]));
    expect((await t.deps.db.select().from(testUsers)).length).toBe(before);
  });
});
