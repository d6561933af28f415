import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  files,
  poolQuestions,
  pools,
  poolTopics,
  questionImages,
  questions,
  tests,
  topicQuestionMappings,
  topics,
} from '../../db/schema';
import { type OwnScope, questionsDrawableBy } from '../../platform/access/scopes.repository';
import type { Db } from '../../platform/db/client';
import { countOwned, lockAndCount } from '../../platform/db/quota';
import { codeOrNameTaken, saveVersion, saveWhileVersion } from '../../platform/db/versioned';
import { ownConfigurationIds } from '../configuration';
import { createTestWriter, type NewTest, type TestRow } from './test-writer.repository';

export type { TestRow };
export type TestValues = Omit<NewTest, 'testId' | 'version'>;
export type QuestionRow = typeof questions.$inferSelect;
/** Whose questions a test may draw: its provider's own and its content providers' Published ones. */
export type DrawScope = OwnScope;

/**
 * The questions a section's topics offer (each chosen topic with its sub-topics, as the sections area counts
 * them): Ready/Published, of its types, not among its fixed picks.
 */
const topicQuestionsOf = (s: DrawScope) =>
  and(
    questionsDrawableBy(s), // the questions of the scope a test may use (platform/access/scopes)
    sql`${questions.questionId} in (select m.question_id from ${poolTopics} pt
      join ${topics} c on c.topic_id = pt.topic_id
      join ${topics} st on st.provider_id = c.provider_id and st.path like c.path || '%'
      join ${topicQuestionMappings} m on m.topic_id = st.topic_id
      where pt.pool_id = ${pools.poolId})`,
    sql`(${pools.questionTypes} is null or cardinality(${pools.questionTypes}) = 0 or ${questions.questionType} = any(${pools.questionTypes}))`,
    sql`not exists (select 1 from ${poolQuestions} where ${poolQuestions.poolId} = ${pools.poolId} and ${poolQuestions.questionId} = ${questions.questionId})`,
  );

/** The full test editor's data access: tests, their sections' names and the preview's questions. */
export function createTestEditorRepository(db: Db) {
  return {
    /** Locks the provider, then counts its tests: creations of one provider wait, so the Tests limit holds. */
    lockAndCountTests: (providerId: number) => lockAndCount(db, tests.providerId, providerId),

    countTests: (providerId: number) => countOwned(db, tests.providerId, providerId),

    async insert(values: TestValues) {
      const [row] = await createTestWriter(db).insertTests([values]);
      return row as TestRow;
    },

    async find(testId: number): Promise<TestRow | undefined> {
      const [row] = await db.select().from(tests).where(eq(tests.testId, testId));
      return row;
    },

    /** Saves when the stored version is still `version` (then version + 1); undefined when it moved on. */
    update: saveWhileVersion(db, tests, tests.testId),

    /** Moves the status when it still is `from` (then version + 1); undefined when it was not. */
    moveStatus: (testId: number, from: number, values: Partial<TestValues>) =>
      saveVersion(db, tests, and(eq(tests.testId, testId), eq(tests.status, from)), values),

    /** Is `field` (code or name) another test's of the provider (case-insensitive)? */
    taken: codeOrNameTaken(db, tests, tests.testId, tests.name),

    /** The ids among `ids` that are the provider's configuration values of `key` (Objective, TargetAudience). */
    configurationIds: (providerId: number, key: string, ids: readonly number[]) =>
      ownConfigurationIds(db, providerId, key, ids),

    /** Sizes of the provider's own editor images among `ids` (an id not listed is not the provider's). */
    async imageSizes(providerId: number, ids: readonly number[]) {
      if (!ids.length) return [];
      return db
        .select({ id: questionImages.imageId, size: files.size })
        .from(questionImages)
        .innerJoin(files, eq(files.fileId, questionImages.imageId))
        .where(and(eq(questionImages.providerId, providerId), inArray(questionImages.imageId, [...ids])));
    },

    async sections(testId: number) {
      return db.select().from(pools).where(eq(pools.testId, testId)).orderBy(asc(pools.sequenceId));
    },

    /**
     * A section's fixed questions in the order a learner meets them: mandatory first, then by sequence; with
     * the points the section gives the pick (null: the section's points per question).
     */
    async fixedQuestions(poolId: number): Promise<(QuestionRow & { pickPoints: number | null })[]> {
      const rows = await db
        .select({ q: questions, pickPoints: poolQuestions.points })
        .from(poolQuestions)
        .innerJoin(questions, eq(questions.questionId, poolQuestions.questionId))
        .where(eq(poolQuestions.poolId, poolId))
        .orderBy(desc(poolQuestions.isMandatory), asc(poolQuestions.sequence));
      return rows.map((r) => ({ ...r.q, pickPoints: r.pickPoints }));
    },

    /** Up to `limit` questions a section's topics offer besides its fixed picks (a sample for the preview). */
    async topicSample(poolId: number, scope: DrawScope, limit: number): Promise<QuestionRow[]> {
      if (limit <= 0) return [];
      const rows = await db
        .select({ q: questions })
        .from(pools)
        .innerJoin(questions, sql`true`)
        .where(and(eq(pools.poolId, poolId), topicQuestionsOf(scope)))
        .orderBy(asc(questions.questionId))
        .limit(limit);
      return rows.map((r) => r.q);
    },
  };
}
export type TestEditorRepository = ReturnType<typeof createTestEditorRepository>;
