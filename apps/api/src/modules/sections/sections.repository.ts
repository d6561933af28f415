import { QuestionStatus } from '@assess/contracts/questions';
import { and, asc, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { poolQuestions, pools, poolTopics, providers, questions, tests, topics } from '../../db/schema';
import { createAccessScopes, questionsDrawableBy } from '../../platform/access/scopes.repository';
import type { Db } from '../../platform/db/client';
import { pageOf } from '../../platform/db/paging';
import { rowsOf } from '../../platform/db/rows';

/** `questions q` of the raw SQL below. */
const q = alias(questions, 'q');

import { questionRowColumns } from '../question-bank';
import { createTestWriter } from '../tests';

export type PoolRow = typeof pools.$inferSelect;
export type PoolValues = Omit<typeof pools.$inferInsert, 'poolId'>;
export type TestOfPool = {
  testId: number;
  providerId: number;
  code: string;
  name: string;
  status: number;
  isLocked: boolean;
  lockedBy: number | null;
  /** 0 a full test, 1 a quick test: the section flow (sectionFlowOf). */
  testType: number;
};

const testColumns = {
  testId: tests.testId,
  providerId: tests.providerId,
  code: tests.code,
  name: tests.name,
  status: tests.status,
  isLocked: tests.isLocked,
  lockedBy: tests.lockedBy,
  testType: tests.testType,
};

/** Counts of a section's fixed questions and what its topics can supply. */
export type PoolCounts = {
  fixedCount: number;
  fixedReady: number;
  fixedNotReady: number;
  mandatoryCount: number;
  topics: { topicId: number; name: string; providerName: string; available: number }[];
  /** Random draws the topics can give (capped per topic when questionsPerTopic is set). */
  topicSupply: number;
};

/**
 * Sections (pools) of tests: the test row they belong to (scoped by provider), the sections and their order,
 * the fixed questions (pool_questions) and topics (pool_topics), and what a section can supply.
 */
export function createSectionsRepository(db: Db) {
  /**
   * What a section's topics can draw per attempt: per topic (its sub-topics included) the distinct questions of
   * the chosen types that are Ready/Published (a content provider's topic: Published only), not already fixed in
   * the section; summed per topic under questionsPerTopic, never more than the union.
   */
  async function topicSupply(pool: PoolRow, testProviderId: number) {
    const chosen = await db
      .select({
        topicId: topics.topicId,
        name: topics.name,
        path: topics.path,
        providerId: topics.providerId,
        providerName: providers.name,
      })
      .from(poolTopics)
      .innerJoin(topics, eq(topics.topicId, poolTopics.topicId))
      .innerJoin(providers, eq(providers.providerId, topics.providerId))
      .where(eq(poolTopics.poolId, pool.poolId))
      .orderBy(asc(topics.name));
    if (!chosen.length) return { topics: [], topicSupply: 0 };
    const types = pool.questionTypes?.length ? pool.questionTypes : null;
    /**
     * Usable questions of one provider under the given topic paths: the mapped ids are gathered into an array
     * first, then probed in questions_provider_idx (provider, id, status: index-only) in one sorted pass; a
     * join would visit the questions' heap once per mapping.
     */
    const usable = async (providerId: number, paths: string[]) => {
      // the test's provider draws its own Ready/Published questions, any other provider's Published ones
      const scope = { providerId: testProviderId, contentProviderIds: [providerId] };
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from questions q
          where q.provider_id = ${providerId}
            and ${questionsDrawableBy(scope, q)}
            ${types ? sql`and q.question_type = any(${`{${types.join(',')}}`}::smallint[])` : sql``}
            and q.question_id = any(array(select m.question_id from topic_question_mappings m
              join topics s on s.topic_id = m.topic_id
              where s.provider_id = ${providerId} and (${sql.join(
                paths.map((path) => sql`s.path like ${`${path}%`}`),
                sql` or `,
              )})))
            and not exists (select 1 from pool_questions f where f.pool_id = ${pool.poolId} and f.question_id = q.question_id)`),
      );
      return Number(row?.n ?? 0);
    };
    const byTopic = new Map<number, number>();
    for (const t of chosen) byTopic.set(t.topicId, await usable(t.providerId, [t.path]));
    // a topic only holds its provider's questions: the union is per provider, counted again only when a
    // provider has several chosen topics (they may overlap)
    let union = 0;
    for (const providerId of new Set(chosen.map((t) => t.providerId))) {
      const mine = chosen.filter((t) => t.providerId === providerId);
      union +=
        mine.length === 1
          ? (byTopic.get(mine[0]!.topicId) ?? 0)
          : await usable(
              providerId,
              mine.map((t) => t.path),
            );
    }
    const cap = pool.questionsPerTopic;
    const capped = chosen.reduce((s, t) => s + Math.min(byTopic.get(t.topicId) ?? 0, cap ?? Infinity), 0);
    return {
      topics: chosen.map((t) => ({
        topicId: t.topicId,
        name: t.name,
        providerName: t.providerName,
        available: byTopic.get(t.topicId) ?? 0,
      })),
      topicSupply: Math.min(capped, union),
    };
  }

  return {
    /** The provider's test, locked until the transaction ends (section count and order change under it). */
    async lockTest(testId: number, providerId: number): Promise<TestOfPool | undefined> {
      const [row] = await db
        .select(testColumns)
        .from(tests)
        .where(and(eq(tests.testId, testId), eq(tests.providerId, providerId)))
        .for('update');
      return row;
    },

    /** A test the caller may read: its own, or a content provider's published one. */
    async visibleTest(testId: number, providerIds: readonly number[]): Promise<TestOfPool | undefined> {
      const [row] = await db
        .select(testColumns)
        .from(tests)
        .where(and(eq(tests.testId, testId), inArray(tests.providerId, [...providerIds])));
      return row;
    },

    /** A test by id, unscoped: only for callers that checked the provider already (readiness). */
    async testById(testId: number): Promise<TestOfPool | undefined> {
      const [row] = await db.select(testColumns).from(tests).where(eq(tests.testId, testId));
      return row;
    },

    /** A section of one of the providers' tests, with its test. */
    async pool(poolId: number, providerIds: readonly number[]) {
      const [row] = await db
        .select({ pool: pools, test: testColumns })
        .from(pools)
        .innerJoin(tests, eq(tests.testId, pools.testId))
        .where(and(eq(pools.poolId, poolId), inArray(tests.providerId, [...providerIds])));
      return row;
    },

    async pools(testId: number) {
      return db.select().from(pools).where(eq(pools.testId, testId)).orderBy(asc(pools.sequenceId));
    },

    async countPools(testId: number) {
      const [row] = await db.select({ n: count() }).from(pools).where(eq(pools.testId, testId));
      return row?.n ?? 0;
    },

    async insertPool(values: PoolValues) {
      const [row] = await createTestWriter(db).insertSections([values]);
      return row!;
    },

    async updatePool(poolId: number, values: Partial<PoolValues>) {
      const [row] = await db.update(pools).set(values).where(eq(pools.poolId, poolId)).returning();
      return row!;
    },

    /** Deletes a section (its mappings cascade) and closes the gap in the order. */
    async deletePool(pool: PoolRow) {
      await db.delete(pools).where(eq(pools.poolId, pool.poolId));
      await db
        .update(pools)
        .set({ sequenceId: sql`${pools.sequenceId} - 1` })
        .where(and(eq(pools.testId, pool.testId), gt(pools.sequenceId, pool.sequenceId)));
    },

    /** The neighbour above (up) or below (down) in the test, or undefined at the end. */
    async neighbourPool(pool: PoolRow, direction: 'up' | 'down') {
      const [row] = await db
        .select()
        .from(pools)
        .where(
          and(
            eq(pools.testId, pool.testId),
            direction === 'up'
              ? lt(pools.sequenceId, pool.sequenceId)
              : gt(pools.sequenceId, pool.sequenceId),
          ),
        )
        .orderBy(direction === 'up' ? sql`${pools.sequenceId} desc` : asc(pools.sequenceId))
        .limit(1);
      return row;
    },

    async counts(pool: PoolRow, testProviderId: number): Promise<PoolCounts> {
      const [fixed] = await db
        .select({
          fixedCount: count(),
          fixedReady: sql<number>`count(*) filter (where ${questions.status} >= ${QuestionStatus.Ready})::int`,
          mandatoryCount: sql<number>`count(*) filter (where ${poolQuestions.isMandatory})::int`,
        })
        .from(poolQuestions)
        .innerJoin(questions, eq(questions.questionId, poolQuestions.questionId))
        .where(eq(poolQuestions.poolId, pool.poolId));
      const fixedCount = fixed?.fixedCount ?? 0;
      const fixedReady = Number(fixed?.fixedReady ?? 0);
      const chosen = await topicSupply(pool, testProviderId);
      return {
        fixedCount,
        fixedReady,
        fixedNotReady: fixedCount - fixedReady,
        mandatoryCount: Number(fixed?.mandatoryCount ?? 0),
        topics: chosen.topics,
        topicSupply: pool.randomizeType === 1 ? chosen.topicSupply : 0,
      };
    },

    /* ---------- fixed questions ---------- */

    async poolQuestionsPage(poolId: number, pageNumber: number, pageSize: number) {
      const where = eq(poolQuestions.poolId, poolId);
      const rows = db
        .select({
          ...questionRowColumns,
          providerName: providers.name,
          questionProviderId: questions.providerId,
          sequence: poolQuestions.sequence,
          isMandatory: poolQuestions.isMandatory,
          isLocked: poolQuestions.isLocked,
        })
        .from(poolQuestions)
        .innerJoin(questions, eq(questions.questionId, poolQuestions.questionId))
        .innerJoin(providers, eq(providers.providerId, questions.providerId))
        .where(where)
        .orderBy(asc(poolQuestions.sequence));
      return pageOf(db, rows, { table: poolQuestions, where }, { pageNumber, pageSize });
    },

    async poolQuestion(poolId: number, questionId: number) {
      const [row] = await db
        .select()
        .from(poolQuestions)
        .where(and(eq(poolQuestions.poolId, poolId), eq(poolQuestions.questionId, questionId)));
      return row;
    },

    async countPoolQuestions(poolId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(poolQuestions)
        .where(eq(poolQuestions.poolId, poolId));
      return row?.n ?? 0;
    },

    /** Of the ids, those already in the section. */
    async inPool(poolId: number, questionIds: readonly number[]) {
      if (!questionIds.length) return [];
      const rows = await db
        .select({ id: poolQuestions.questionId })
        .from(poolQuestions)
        .where(and(eq(poolQuestions.poolId, poolId), inArray(poolQuestions.questionId, [...questionIds])));
      return rows.map((r) => r.id);
    },

    /** Of the ids, those the scope may use: its own questions and its content providers' Published ones. */
    async usableQuestions(
      questionIds: readonly number[],
      own: number,
      contentProviderIds: readonly number[],
    ) {
      const caller = { providerId: own, contentProviderIds };
      return [...(await createAccessScopes(db).checkAccess(caller, 'question.read', questionIds))];
    },

    /** Appends the questions at the end of the section, in the order given. */
    async appendQuestions(poolId: number, questionIds: readonly number[], userId: number, now: Date) {
      if (!questionIds.length) return;
      const [last] = await db
        .select({ max: sql<number>`coalesce(max(${poolQuestions.sequence}), 0)::int` })
        .from(poolQuestions)
        .where(eq(poolQuestions.poolId, poolId));
      const start = Number(last?.max ?? 0);
      await db.insert(poolQuestions).values(
        questionIds.map((questionId, i) => ({
          poolId,
          questionId,
          sequence: start + i + 1,
          createdBy: userId,
          createdDate: now,
        })),
      );
    },

    async removeQuestion(poolId: number, questionId: number, sequence: number) {
      await db
        .delete(poolQuestions)
        .where(and(eq(poolQuestions.poolId, poolId), eq(poolQuestions.questionId, questionId)));
      await db
        .update(poolQuestions)
        .set({ sequence: sql`${poolQuestions.sequence} - 1` })
        .where(and(eq(poolQuestions.poolId, poolId), gt(poolQuestions.sequence, sequence)));
    },

    async setQuestionFlags(
      poolId: number,
      questionId: number,
      values: { isMandatory?: boolean; isLocked?: boolean; lockedBy?: number | null; sequence?: number },
    ) {
      await db
        .update(poolQuestions)
        .set(values)
        .where(and(eq(poolQuestions.poolId, poolId), eq(poolQuestions.questionId, questionId)));
    },

    async neighbourQuestion(poolId: number, sequence: number, direction: 'up' | 'down') {
      const [row] = await db
        .select()
        .from(poolQuestions)
        .where(
          and(
            eq(poolQuestions.poolId, poolId),
            direction === 'up' ? lt(poolQuestions.sequence, sequence) : gt(poolQuestions.sequence, sequence),
          ),
        )
        .orderBy(direction === 'up' ? sql`${poolQuestions.sequence} desc` : asc(poolQuestions.sequence))
        .limit(1);
      return row;
    },

    /* ---------- topics ---------- */

    /** Of the ids, the topics of the given providers. */
    async usableTopics(topicIds: readonly number[], providerIds: readonly number[]) {
      if (!topicIds.length) return [];
      const rows = await db
        .select({ id: topics.topicId })
        .from(topics)
        .where(and(inArray(topics.topicId, [...topicIds]), inArray(topics.providerId, [...providerIds])));
      return rows.map((r) => r.id);
    },

    async setTopics(poolId: number, topicIds: readonly number[]) {
      await db.delete(poolTopics).where(eq(poolTopics.poolId, poolId));
      if (topicIds.length)
        await db.insert(poolTopics).values(topicIds.map((topicId) => ({ poolId, topicId })));
    },

    /* ---------- question usage ---------- */

    /** Of the ids, those some section holds as a fixed question. */
    async questionsInSections(questionIds: readonly number[]) {
      if (!questionIds.length) return [];
      const rows = await db
        .selectDistinct({ id: poolQuestions.questionId })
        .from(poolQuestions)
        .where(inArray(poolQuestions.questionId, [...questionIds]));
      return rows.map((r) => r.id);
    },
  };
}
export type SectionsRepository = ReturnType<typeof createSectionsRepository>;
