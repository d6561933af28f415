import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import {
  configurationValues,
  poolQuestions,
  pools,
  questions,
  questionVersions,
  tests,
  topicQuestionMappings,
} from '../../db/schema';
import { createAccessScopes } from '../../platform/access/scopes.repository';
import type { Db } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/rows';
import { unitOfWork } from '../../platform/db/unit-of-work';
import { ownConfigurationIds } from '../configuration';

export type BatchQuestionValues = Omit<typeof questions.$inferInsert, 'questionId' | 'version'>;

const questionColumns = getTableColumns(questions);

/**
 * The question-batch writer's reads and writes (see question-batch.service.ts): one chunk of questions is
 * written with one multi-row statement per table (questions, topic mappings, version snapshots, section
 * rows); codes already taken are skipped by the unique index questions_code_uq (ON CONFLICT DO NOTHING).
 */
export function createQuestionBatchRepository(db: Db) {
  return {
    /** The ids among `topicIds` that are the provider's topics. */
    ownTopicIds: (providerId: number, topicIds: readonly number[]) =>
      createAccessScopes(db).ownAmong(providerId, 'topic.write', topicIds),

    /** The section when it belongs to a test of the provider. */
    async ownPool(providerId: number, poolId: number) {
      const [row] = await db
        .select({
          poolId: pools.poolId,
          testId: pools.testId,
          name: pools.name,
          test: {
            providerId: tests.providerId,
            status: tests.status,
            isLocked: tests.isLocked,
            lockedBy: tests.lockedBy,
          },
        })
        .from(pools)
        .innerJoin(tests, eq(tests.testId, pools.testId))
        .where(and(eq(pools.poolId, poolId), eq(tests.providerId, providerId)));
      return row;
    },

    /** Questions in the section now. */
    async poolQuestionCount(poolId: number) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(poolQuestions)
        .where(eq(poolQuestions.poolId, poolId));
      return row?.n ?? 0;
    },

    /** Locks the section (one writer appends to its sequence at a time) and answers its last sequence. */
    async lockPoolSequence(poolId: number) {
      await db.select({ id: pools.poolId }).from(pools).where(eq(pools.poolId, poolId)).for('update');
      const [row] = await db
        .select({ last: sql<number>`coalesce(max(${poolQuestions.sequence}), 0)::int` })
        .from(poolQuestions)
        .where(eq(poolQuestions.poolId, poolId));
      return row?.last ?? 0;
    },

    /** The ids among `imageIds` that are the provider's question images. */
    ownImageIds: (providerId: number, imageIds: readonly number[]) =>
      createAccessScopes(db).ownAmong(providerId, 'image.write', imageIds),

    /** The ids among `ids` that are the provider's configuration values of `key`. */
    configurationIds: (providerId: number, key: string, ids: readonly number[]) =>
      ownConfigurationIds(db, providerId, key, ids),

    /** The provider's values of configuration `key` by lower-cased name (the spreadsheet's Objective column). */
    async configurationByName(providerId: number, key: string) {
      const rows = await db
        .select({ id: configurationValues.id, name: configurationValues.valueString })
        .from(configurationValues)
        .where(and(eq(configurationValues.providerId, providerId), eq(configurationValues.key, key)));
      return new Map(rows.map((r) => [r.name.trim().toLowerCase(), r.id]));
    },

    /** The lower-cased codes among `codes` (lower-cased) that the provider's questions already use. */
    async takenCodes(providerId: number, lowerCodes: readonly string[]) {
      if (!lowerCodes.length) return new Set<string>();
      const r = await db.execute(sql`
        select lower(code) as code from ${questions}
        where provider_id = ${providerId} and lower(code) = any(${sql.param([...lowerCodes])}::text[])`);
      return new Set(rowsOf<{ code: string }>(r).map((x) => x.code));
    },

    /**
     * Inserts the rows, skipping codes already taken; answers the written ones. The rows travel as one JSON
     * parameter read by json_populate_recordset (a multi-row VALUES of ~40 columns × 500 rows cost 5× more
     * in building and parsing its 20,000 parameters).
     */
    async insertQuestions(rows: BatchQuestionValues[]) {
      if (!rows.length) return [];
      const keys = Object.keys(rows[0]) as (keyof BatchQuestionValues)[];
      const names = keys.map((k) => questionColumns[k].name);
      const json = rows.map((r) => Object.fromEntries(keys.map((k, i) => [names[i], r[k] ?? null])));
      const list = sql.raw(names.map((n) => `"${n}"`).join(', '));
      const r = await db.execute(sql`
        insert into ${questions} (${list})
        select ${list} from json_populate_recordset(null::questions, ${JSON.stringify(json)}::json)
        on conflict do nothing
        returning question_id as "questionId", code`);
      return rowsOf<{ questionId: number; code: string }>(r);
    },

    async insertTopicMappings(rows: { topicId: number; questionId: number }[]) {
      if (!rows.length) return;
      await db.execute(sql`
        insert into ${topicQuestionMappings} (topic_id, question_id)
        select * from unnest(${sql.param(rows.map((r) => r.topicId))}::int[], ${sql.param(rows.map((r) => r.questionId))}::int[])`);
    },

    /** One immutable version row per question, holding the row as written. */
    async snapshot(questionIds: readonly number[], userId: number, now: Date) {
      if (!questionIds.length) return;
      await db.execute(sql`
        insert into ${questionVersions} (question_id, version, snapshot, created_by, created_date)
        select q.question_id, q.version, to_jsonb(q), ${userId}, ${now} from ${questions} q
        where q.question_id = any(${sql.param([...questionIds])}::int[])`);
    },

    async insertPoolQuestions(
      rows: { poolId: number; questionId: number; sequence: number; createdBy: number }[],
    ) {
      if (!rows.length) return;
      const col = <K extends keyof (typeof rows)[number]>(k: K) => sql.param(rows.map((r) => r[k]));
      await db.execute(sql`
        insert into ${poolQuestions} (pool_id, question_id, sequence, created_by)
        select * from unnest(${col('poolId')}::int[], ${col('questionId')}::int[], ${col('sequence')}::int[], ${col('createdBy')}::int[])`);
    },
  };
}
export type QuestionBatchRepository = ReturnType<typeof createQuestionBatchRepository>;

/** The writer's dependencies over a database handle: `createQuestionBatchService(questionBatchDeps(deps.db, deps.clock))`. */
export const questionBatchDeps = (db: Db, clock: () => Date) => ({
  batch: createQuestionBatchRepository(db),
  withTransaction: unitOfWork(db, (tx) => ({ batch: createQuestionBatchRepository(tx) })),
  clock,
});
