import { learnerMessages as m } from '@assess/contracts/learner';
import { describe, expect, it } from 'vitest';
import { refused } from '../../../test/given';
import { as, attemptRow, attemptsOfTest, H, MIN, takeableTest } from './learner.test-support';
import { clock, START, student, studentId, t, useLearnerApp } from './learner-app.test-support';

useLearnerApp();

const start = (testId: number) => student.post(`/api/learner/tests/${testId}/attempts`);
const submit = (attemptId: number) => student.post(`/api/learner/attempts/${attemptId}/submit`);

describe('POST /api/learner/tests/:testId/attempts: the start rules', () => {
  it('only inside the schedule window: before the start, without a schedule, after the end, after expiry', async () => {
    const early = await takeableTest(t, clock(), { students: [studentId], openFrom: MIN });
    await refused(await start(early.testId), 409, m.notStarted);
    const unscheduled = await takeableTest(t, clock(), {
      students: [studentId],
      patch: { scheduleDate: null },
    });
    await refused(await start(unscheduled.testId), 409, m.notStarted);
    const ended = await takeableTest(t, clock(), { students: [studentId], openFrom: -2 * H, openTo: -1 });
    await refused(await start(ended.testId), 409, m.windowClosed);
    const expired = await takeableTest(t, clock(), {
      students: [studentId],
      patch: { expiryDate: '2026-06-09' },
    });
    await refused(await start(expired.testId), 409, m.expired);
    for (const x of [early, unscheduled, ended, expired])
      expect(await attemptsOfTest(t, x.testId)).toEqual([]);
    // exactly at the start it opens
    const now = await takeableTest(t, clock(), { students: [studentId], openFrom: 0 });
    expect((await start(now.testId)).json()).toMatchObject({ created: true });
  });

  it('a test not assigned to the student is not found; a staff user is refused', async () => {
    const other = await takeableTest(t, clock(), { students: [] });
    await refused(await start(other.testId), 404, m.notAssigned);
    const staff = await as(t, 'erp@example.com');
    expect((await staff.post(`/api/learner/tests/${other.testId}/attempts`)).statusCode).toBe(403);
    expect((await staff.get('/api/learner/tests')).statusCode).toBe(403);
    expect(await attemptsOfTest(t, other.testId)).toEqual([]);
  });

  it('within the attempts allowed plus the extra attempts; the open attempt is returned, not a new one', async () => {
    const x = await takeableTest(t, clock(), {
      students: [studentId],
      patch: { attemptsAllowed: 1 },
      accommodation: { extraAttempts: 1 },
    });
    const first = (await start(x.testId)).json();
    expect(first.created).toBe(true);
    expect((await start(x.testId)).json()).toEqual({ attemptId: first.attemptId, created: false });
    await submit(first.attemptId);
    const second = (await start(x.testId)).json();
    expect(second).toMatchObject({ created: true });
    expect((await attemptRow(t, second.attemptId)).attemptNumber).toBe(2);
    await submit(second.attemptId);
    await refused(await start(x.testId), 409, m.noMoreAttempts);
    expect(await attemptsOfTest(t, x.testId)).toHaveLength(2);
  });

  it('the deadline: start + duration + extra minutes, cut at the window end', async () => {
    const extra = await takeableTest(t, clock(), {
      students: [studentId],
      accommodation: { extraMinutes: 15 },
    });
    const a = (await start(extra.testId)).json();
    expect((await attemptRow(t, a.attemptId)).deadline.toISOString()).toBe(
      new Date(START.getTime() + 45 * MIN).toISOString(),
    );
    const cut = await takeableTest(t, clock(), { students: [studentId], openTo: 10 * MIN });
    const b = (await start(cut.testId)).json();
    expect((await attemptRow(t, b.attemptId)).deadline.toISOString()).toBe(
      new Date(START.getTime() + 10 * MIN).toISOString(),
    );
  });

  it('two Start clicks at once (two tabs, a double tap) make one attempt', async () => {
    const x = await takeableTest(t, clock(), { students: [studentId] });
    const results = await Promise.all([start(x.testId), start(x.testId), start(x.testId)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const ids = new Set(results.map((r) => r.json().attemptId));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.json().created)).toHaveLength(1);
    expect(await attemptsOfTest(t, x.testId)).toHaveLength(1);
  });

  it('freezes the selection with the question versions; a later attempt prefers questions not seen before', async () => {
    // one section offering 6 questions, 3 per attempt: the second attempt gets the 3 unseen ones
    const x = await takeableTest(t, clock(), {
      students: [studentId],
      sections: 1,
      perSection: 6,
      patch: { attemptsAllowed: 3 },
    });
    const { poolQuestions, pools } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    const [pool] = await t.deps.db.select().from(pools).where(eq(pools.testId, x.testId));
    await t.deps.db.update(pools).set({ questionCount: 3 }).where(eq(pools.poolId, pool.poolId));
    expect(
      (await t.deps.db.select().from(poolQuestions).where(eq(poolQuestions.poolId, pool.poolId))).length,
    ).toBe(6);
    const first = (await start(x.testId)).json();
    const one = (await attemptRow(t, first.attemptId)).sections[0].questions;
    expect(one).toHaveLength(3);
    expect(one.every((q) => q.versionId > 0 && q.points === 2 && q.negativePoints === -0.5)).toBe(true);
    await submit(first.attemptId);
    const second = (await start(x.testId)).json();
    const two = (await attemptRow(t, second.attemptId)).sections[0].questions;
    expect(two).toHaveLength(3);
    expect(two.some((q) => one.some((p) => p.questionId === q.questionId))).toBe(false);
  });

  it("a random-by-topic section draws from the topic and its sub-topics: the scope's Ready/Published questions only, never a fixed one", async () => {
    const { categories, poolQuestions, pools, poolTopics, questions, topicQuestionMappings, topics } =
      await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    const db = t.deps.db;
    const x = await takeableTest(t, clock(), { students: [studentId], sections: 1, perSection: 1 });
    const [pool] = await db.select().from(pools).where(eq(pools.testId, x.testId));
    const providerId = pool.providerId;
    const tag = `R${Date.now().toString(36)}`;
    const [cat] = await db
      .insert(categories)
      .values({ providerId, name: `Cat ${tag}`, path: `${tag}/` })
      .returning({ id: categories.categoryId });
    const [top] = await db
      .insert(topics)
      .values({ providerId, categoryId: cat.id, name: `Top ${tag}`, path: `${tag}/t1/`, depth: 1 })
      .returning({ id: topics.topicId });
    const [sub] = await db
      .insert(topics)
      .values({
        providerId,
        categoryId: cat.id,
        parentTopicId: top.id,
        name: `Sub ${tag}`,
        path: `${tag}/t1/t2/`,
        depth: 2,
      })
      .returning({ id: topics.topicId });
    const question = (status: number, i: number) => ({
      providerId,
      code: `${tag}-${i}`,
      questionType: 2,
      contentType: 1,
      status,
      isActive: true,
      text: `Random ${i}`,
      choices: [
        { text: 'A', image: null },
        { text: 'B', image: null },
      ],
      correctChoices: [1],
    });
    // two Published under the topic, one Ready under the sub-topic, one Draft (never drawn)
    const made = await db
      .insert(questions)
      .values([question(3, 1), question(3, 2), question(2, 3), question(1, 4)])
      .returning({ id: questions.questionId });
    const ids = made.map((q) => q.id);
    await db.insert(topicQuestionMappings).values([
      { topicId: top.id, questionId: ids[0] },
      { topicId: top.id, questionId: ids[1] },
      { topicId: sub.id, questionId: ids[2] },
      { topicId: sub.id, questionId: ids[3] },
    ]);
    // the fixed question of the section is one of the topic's too: it is not drawn a second time
    const [fixed] = await db.select().from(poolQuestions).where(eq(poolQuestions.poolId, pool.poolId));
    await db.insert(topicQuestionMappings).values({ topicId: top.id, questionId: fixed.questionId });
    await db.update(pools).set({ randomizeType: 1, questionCount: 4 }).where(eq(pools.poolId, pool.poolId));
    await db.insert(poolTopics).values({ poolId: pool.poolId, topicId: top.id });

    const res = (await start(x.testId)).json();
    const drawn = (await attemptRow(t, res.attemptId)).sections[0].questions.map((q) => q.questionId);
    expect([...drawn].sort((a, b) => a - b)).toEqual(
      [fixed.questionId, ids[0], ids[1], ids[2]].sort((a, b) => a - b),
    );
    expect(drawn).not.toContain(ids[3]);
  });
});
