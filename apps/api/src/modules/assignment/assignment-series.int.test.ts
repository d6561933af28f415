import { assignmentMessages as m } from '@assess/contracts/assignment';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses, courseTests, courseUsers, testUsers } from '../../db/schema';
import { seriesTestHolders, unassignSeriesTest } from '.';
import {
  DAY,
  erp,
  newSeries,
  newStudents,
  newTest,
  req,
  t,
  useAssignmentApp,
} from './assignment.test-support';

useAssignmentApp();

/** The test's stored test_users rows. */
const mapped = (testId: number) => t.deps.db.select().from(testUsers).where(eq(testUsers.testId, testId));

describe('Course User Mapping', () => {
  const assignedTo = async (testId: number) =>
    (await req('GET', `/api/tests/${testId}/students?pageSize=100`, erp)).json() as {
      totalCount: number;
      items: { userId: number; viaCourseId: number | null; extraAttempts: number; extraMinutes: number }[];
    };

  it('assigning a series writes course_users only; its tests list the series students; removal takes them back; subscription toggles', async () => {
    const [t1, t2] = [await newTest(), await newTest()];
    const courseId = await newSeries([t1, t2]);
    const ids = await newStudents(4, 'series');
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
    const t1 = await newTest();
    const courseId = await newSeries([t1]);
    const [s] = await newStudents(1, 'seriesaccom');
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
    const t1 = await newTest();
    const courseId = await newSeries([t1]);
    const ids = await newStudents(2, 'added');
    await req('POST', `/api/series/${courseId}/students`, erp, { userIds: ids });
    const t2 = await newTest();
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
