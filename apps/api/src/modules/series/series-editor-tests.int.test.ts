import { seriesEditorMessages as m } from '@assess/contracts/series';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses, courseUsers, pools, poolTopics, testUsers, users } from '../../db/schema';
import {
  create,
  demo,
  erp,
  ids,
  mapped,
  readyTest,
  t,
  useSeriesEditorApp,
  withLimit,
} from './series-editor.test-support';

useSeriesEditorApp();

describe('Test step', () => {
  it('getTestsForTopics offers own Ready and Published tests, not Drafts, not those in the series', async () => {
    const all = (await erp.post('/api/series/tests-for-topics', {})).json();
    expect(all.map((o: { testId: number }) => o.testId)).toEqual(
      expect.arrayContaining([demo['DEMO-READY'], demo['DEMO-PUB']]),
    );
    const s = await create();
    const offered = (await erp.post('/api/series/tests-for-topics', { courseId: s.courseId })).json() as {
      testId: number;
      owned: boolean;
    }[];
    const offeredIds = offered.map((o) => o.testId);
    expect(offeredIds).toContain(demo['DEMO-READY']);
    expect(offeredIds).toContain(demo['DEMO-PUB']);
    expect(offeredIds).not.toContain(demo['DEMO-DRAFT']);
    await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [demo['DEMO-READY']] });
    const after = (await erp.post('/api/series/tests-for-topics', { courseId: s.courseId })).json();
    expect(after.map((o: { testId: number }) => o.testId)).not.toContain(demo['DEMO-READY']);
    // by topic: DEMO-PUB draws random questions from a topic, DEMO-READY has fixed questions only
    const [drawn] = await t.deps.db
      .select({ topicId: poolTopics.topicId })
      .from(poolTopics)
      .innerJoin(pools, eq(pools.poolId, poolTopics.poolId))
      .where(eq(pools.testId, demo['DEMO-PUB']));
    const byTopic = (await erp.post('/api/series/tests-for-topics', { topicIds: [drawn.topicId] })).json();
    expect(byTopic.map((o: { testId: number }) => o.testId)).toContain(demo['DEMO-PUB']);
    expect(byTopic.map((o: { testId: number }) => o.testId)).not.toContain(demo['DEMO-READY']);
    // by objective: a test without that objective is not offered
    const objectiveOnly = (await erp.post('/api/series/tests-for-topics', { objective: [999_999] })).json();
    expect(objectiveOnly).toEqual([]);
  });

  it("adds and removes tests with the spec's messages; a Draft test or another provider's test is refused", async () => {
    const s = await create();
    const added = await erp.post(`/api/series/${s.courseId}/tests`, {
      testIds: [demo['DEMO-READY'], demo['DEMO-PUB']],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe('Test added successfully');
    expect(added.json().tests.map((x: { testId: number }) => x.testId)).toEqual([
      demo['DEMO-READY'],
      demo['DEMO-PUB'],
    ]);
    const draft = await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [demo['DEMO-DRAFT']] });
    expect(draft.statusCode).toBe(400);
    expect(draft.json().message).toBe(m.testNotOffered);
    const partnerReady = await readyTest(ids.partner);
    const foreign = await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [partnerReady] });
    expect(foreign.statusCode).toBe(400);
    expect(await mapped(s.courseId)).toEqual([demo['DEMO-READY'], demo['DEMO-PUB']]);
    const none = await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.testIds).toContain('Please select test(s)');

    const removed = await erp.delete(`/api/series/${s.courseId}/tests/${demo['DEMO-PUB']}`);
    expect(removed.json().message).toBe('Test removed from course successfully.');
    expect(await mapped(s.courseId)).toEqual([demo['DEMO-READY']]);
  });

  it('per-test subscription: normal (1) or trial (2)', async () => {
    const s = await create();
    await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [demo['DEMO-READY']] });
    const res = await erp.put(`/api/series/${s.courseId}/tests/${demo['DEMO-READY']}/subscription`, {
      testSubscriptionStatus: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tests[0].testSubscriptionStatus).toBe(2);
    const bad = await erp.put(`/api/series/${s.courseId}/tests/${demo['DEMO-READY']}/subscription`, {
      testSubscriptionStatus: 3,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("the TestSeriesTests cap: 'Please upgrade to higher package to add more than {n} tests.'", async () => {
    const s = await create();
    await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [demo['DEMO-READY'], demo['DEMO-PUB']] });
    const third = await readyTest(ids.erp);
    await withLimit({ TestSeriesTests: 2 }, async () => {
      const res = await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [third] });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Please upgrade to higher package to add more than 2 tests.');
      expect(await mapped(s.courseId)).toHaveLength(2);
    });
    await withLimit({ TestSeriesTests: 3 }, async () => {
      expect((await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [third] })).statusCode).toBe(200);
    });
  });

  it("tests added to a series with students are assigned to them: 'Newly test assigned successfully'", async () => {
    const s = await create();
    const students = await t.deps.db
      .selectDistinct({ id: courseUsers.userId })
      .from(courseUsers)
      .innerJoin(users, eq(users.userId, courseUsers.userId))
      .where(eq(users.providerId, ids.erp))
      .limit(2);
    expect(students.length).toBeGreaterThan(0);
    await t.deps.db.insert(courseUsers).values(students.map((u) => ({ courseId: s.courseId, userId: u.id })));
    const fresh = await readyTest(ids.erp);
    const res = await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [fresh] });
    expect(res.json().message).toBe('Newly test assigned successfully');
    expect(res.json().assignedStudents).toBe(students.length);
    // the series' students hold the test through student_tests: its assigned list shows them, no row written
    const holders = async () =>
      (await erp.get(`/api/tests/${fresh}/students?pageSize=100`)).json().items as {
        userId: number;
        viaCourseId: number | null;
      }[];
    expect((await holders()).map((r) => r.viaCourseId)).toEqual(students.map(() => s.courseId));
    expect(await t.deps.db.select().from(testUsers).where(eq(testUsers.testId, fresh))).toEqual([]);

    // removing the test from a scheduled series takes it from the series' students (the assignment area's
    // rule); a student's own mapping of the test stays (attempts live elsewhere and are never deleted)
    const [own] = await t.deps.db.select().from(users).where(eq(users.userName, 'erp@example.com'));
    await t.deps.db.insert(testUsers).values({ testId: fresh, userId: own.userId });
    await erp.post(`/api/series/${s.courseId}/tests`, { testIds: [demo['DEMO-READY']] });
    await t.deps.db.update(courses).set({ scheduleStatus: 4 }).where(eq(courses.courseId, s.courseId));
    const removed = await erp.delete(`/api/series/${s.courseId}/tests/${fresh}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await holders()).map((r) => [r.userId, r.viaCourseId])).toEqual([[own.userId, null]]);
  });
});
