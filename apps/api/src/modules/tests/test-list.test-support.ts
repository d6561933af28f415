import { providerEndpoints } from '@assess/contracts/providers';
import { testListSchema } from '@assess/contracts/tests';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { as, type Caller, demoIds, signedIn } from '../../../test/given';
import type { TestApp } from '../../../test/harness';
import { createTestApp } from '../../../test/harness';
import {
  poolQuestions,
  pools,
  poolTopics,
  questions,
  tests,
  testUsers,
  topics,
  users,
} from '../../db/schema';

let seq = 0;
/** A code unique in this file's database (≤ 14 characters: '-Copy' still fits in 20). */
export const uniqueCode = (prefix = 'TL') =>
  `${prefix}-${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}`;

export type InsertedTest = { testId: number; code: string; name: string; poolIds: number[] };

/**
 * A test written straight to the tables (the list's tests need no editor): `sections` sections, each with
 * `questionsPerSection` fixed questions of the provider's bank and one topic.
 */
export async function insertTest(
  t: TestApp,
  providerId: number,
  patch: Partial<typeof tests.$inferInsert> = {},
  { sections = 0, questionsPerSection = 0 } = {},
): Promise<InsertedTest> {
  const db = t.deps.db;
  const code = patch.code ?? uniqueCode();
  const name = patch.name ?? `List test ${code}`;
  const [row] = await db
    .insert(tests)
    .values({ providerId, code, name, duration: 30, ...patch })
    .returning({ testId: tests.testId });
  const poolIds: number[] = [];
  if (sections) {
    const qs = await db
      .select({ id: questions.questionId })
      .from(questions)
      .where(eq(questions.providerId, providerId))
      .orderBy(questions.questionId)
      .limit(sections * questionsPerSection);
    const [topic] = await db
      .select({ id: topics.topicId })
      .from(topics)
      .where(eq(topics.providerId, providerId));
    for (let s = 0; s < sections; s++) {
      const [pool] = await db
        .insert(pools)
        .values({
          testId: row.testId,
          providerId,
          code: `S${s + 1}`,
          name: `Section ${s + 1}`,
          sequenceId: s + 1,
          questionCount: questionsPerSection || 1,
          pointsPerQuestion: 2,
          negativePointsPerQuestion: -0.5,
          isMandatoryToPass: s === 0,
        })
        .returning({ id: pools.poolId });
      poolIds.push(pool.id);
      const picks = qs.slice(s * questionsPerSection, (s + 1) * questionsPerSection);
      if (picks.length)
        await db.insert(poolQuestions).values(
          picks.map((q, i) => ({
            poolId: pool.id,
            questionId: q.id,
            sequence: i + 1,
            isMandatory: i === 0,
          })),
        );
      if (topic) await db.insert(poolTopics).values({ poolId: pool.id, topicId: topic.id });
    }
  }
  return { testId: row.testId, code, name, poolIds };
}

/** Assigns `n` of the provider's students to the test (test_users). */
export async function assignStudents(t: TestApp, testId: number, providerId: number, n: number) {
  const students = await t.deps.db
    .select({ id: users.userId })
    .from(users)
    .where(and(eq(users.providerId, providerId), eq(users.userTypeId, 4)))
    .limit(n);
  await t.deps.db.insert(testUsers).values(students.map((s) => ({ testId, userId: s.id })));
  return students.length;
}

export async function userIdOf(t: TestApp, userName: string) {
  const [row] = await t.deps.db.select({ id: users.userId }).from(users).where(eq(users.userName, userName));
  return row.id;
}

export async function testRow(t: TestApp, testId: number) {
  const [row] = await t.deps.db.select().from(tests).where(eq(tests.testId, testId));
  return row;
}

/** Sections, fixed questions and topics of a test, comparable between a test and its copy. */
export async function structureOf(t: TestApp, testId: number) {
  const db = t.deps.db;
  const ps = await db.select().from(pools).where(eq(pools.testId, testId)).orderBy(pools.sequenceId);
  const ids = ps.map((p) => p.poolId);
  const qs = ids.length
    ? await db
        .select({
          code: sql<string>`(select p.code from pools p where p.pool_id = "pool_questions"."pool_id")`,
          questionId: poolQuestions.questionId,
          sequence: poolQuestions.sequence,
          isMandatory: poolQuestions.isMandatory,
        })
        .from(poolQuestions)
        .where(inArray(poolQuestions.poolId, ids))
        .orderBy(poolQuestions.poolId, poolQuestions.sequence)
    : [];
  const ts = ids.length
    ? await db
        .select({ poolId: poolTopics.poolId, topicId: poolTopics.topicId })
        .from(poolTopics)
        .where(inArray(poolTopics.poolId, ids))
    : [];
  return {
    sections: ps.map(
      ({ poolId, testId: _t, createdDate, updatedDate, createdBy, updatedBy, ...rest }) => rest,
    ),
    questions: qs,
    topics: ts.map((x) => ({ code: ps.find((p) => p.poolId === x.poolId)?.code, topicId: x.topicId })),
  };
}

/** A provider's id by its name, from the platform owner's Providers list. */
async function providerIdNamed(t: TestApp, name: string) {
  const owner = await signedIn(t, 'owner@example.com');
  const { items } = await owner.call(providerEndpoints.list, { query: { pageNumber: 1, pageSize: 1000 } });
  const found = items.find((p) => p.name === name);
  if (!found) throw new Error(`no provider named ${name}`);
  return found.providerId;
}

// The app of the tests list's API tests (test-list-*.int.test.ts) and what they share.
export let t: TestApp;
export let erp: Caller;
export let curator: Caller;
export let admin: Caller;
export let readonly: Caller;
export let partner: Caller;
export let subscriber: Caller;
export let ids: Awaited<ReturnType<typeof demoIds>>;
export let curatorId: number;
/** A provider none of the callers subscribes to. */
export let stranger: number;
export const cleaned: number[] = [];

export const list = async (by: Caller, query = '') => {
  const res = await by.get(`/api/tests?pageSize=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return testListSchema.parse(res.json());
};
export const codes = async (by: Caller, query = '') => (await list(by, query)).items.map((r) => r.code);

export { refused } from '../../../test/given';

/** A data cleaner as the learner area registers one, named 'probe': notes each id it cleans, says it removed `rows`. */
export const probeCleaner = (cleaned: number[], rows: number) => ({
  name: 'probe',
  clean: async (_db: unknown, id: number) => {
    cleaned.push(id);
    return rows;
  },
});

/** Registers the app of this area's API tests (built before the file's tests, closed after). */
export function useTestListApp() {
  beforeAll(async () => {
    t = await createTestApp();
    [erp, curator, admin, readonly, partner, subscriber] = await Promise.all(
      [
        'erp@example.com',
        'curator@example.com',
        'arjun.malhotra@example.com',
        'readonly@example.com',
        'partner@example.com',
        'subscriber@example.com',
      ].map((u) => as(t, u)),
    );
    ids = await demoIds(t);
    curatorId = await userIdOf(t, 'curator@example.com');
    stranger = await providerIdNamed(t, 'Demo Quick Tests');
    // the learner area's cleaner, as it will register one: counts the tests it cleaned
    t.deps.modules.tests.testDataCleaners.register(probeCleaner(cleaned, 3));
  });
  afterAll(() => t.close());
}
