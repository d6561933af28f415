import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Caller, type demoIds, erpAndPartner } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import { poolQuestions, pools, poolTopics, questions, tests } from '../../db/schema';

export let t: TestApp;
export let erp: Caller;
export let partner: Caller;
export let ids: Awaited<ReturnType<typeof demoIds>>;

export let seq = 0;
export const info = (extra: Record<string, unknown> = {}) => {
  seq += 1;
  return { code: `T-${seq}`, name: `Editor test ${seq}`, ...extra };
};
export const config = {
  difficultyLevel: 2,
  duration: 60,
  passingScore: 2,
  masteryScore: 4,
  totalScore: 5,
  attemptsAllowed: 1,
  questionsPerPage: 2,
  pointsPerQuestion: 1,
  negativePointsPerQuestion: 0,
  expiryDate: '2099-12-31',
  navigationAllowed: true,
  showHint: false,
  showBookmark: false,
  showResult: true,
  showTimer: true,
  passFeedback: 'Passed',
  failFeedback: 'Failed',
  masteryFeedback: 'Great',
};

export async function create(by = erp, body = info()) {
  const res = await by.post('/api/tests', body);
  expect(res.statusCode, res.body).toBe(201);
  return { ...body, ...(res.json() as { testId: number; version: number }) };
}
export const stored = async (testId: number) =>
  (await t.deps.db.select().from(tests).where(eq(tests.testId, testId)))[0];
export const countTests = async (providerId: number) =>
  (
    await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tests)
      .where(eq(tests.providerId, providerId))
  )[0].n;

/** Usable (Ready/Published) and Draft questions of the ERP demo bank. */
export async function bankQuestions(statuses: number[], limit: number) {
  const rows = await t.deps.db
    .select({ id: questions.questionId })
    .from(questions)
    .where(and(eq(questions.providerId, ids.erp), inArray(questions.status, statuses)))
    .orderBy(asc(questions.questionId))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** A section written straight to the tables (the sections area has its own tests). */
export async function addSection(
  testId: number,
  code: string,
  questionCount: number,
  fixed: number[],
  topicIds: number[] = [],
) {
  const [pool] = await t.deps.db
    .insert(pools)
    .values({
      testId,
      providerId: ids.erp,
      code,
      name: `Section ${code}`,
      sequenceId: 1,
      questionCount,
      randomizeType: topicIds.length ? 1 : 0,
    })
    .returning();
  if (fixed.length)
    await t.deps.db
      .insert(poolQuestions)
      .values(fixed.map((questionId, i) => ({ poolId: pool.poolId, questionId, sequence: i + 1 })));
  if (topicIds.length)
    await t.deps.db.insert(poolTopics).values(topicIds.map((topicId) => ({ poolId: pool.poolId, topicId })));
  return pool.poolId;
}

/** Registers the app of this area's API tests (built before the file's tests, closed after). */
export function useTestEditorApp() {
  beforeAll(async () => {
    t = await createTestApp();
    ({ erp, partner, ids } = await erpAndPartner(t));
  });
  afterAll(() => t.close());
}
