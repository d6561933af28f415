import { and, asc, eq, sql } from 'drizzle-orm';
import { providers, questions, questionVersions, topicQuestionMappings, topics } from '../../db/schema';
import {
  createAccessScopes,
  questionsVisibleTo,
  type ReadScope,
} from '../../platform/access/scopes.repository';
import type { Db } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/rows';
import { saveVersion } from '../../platform/db/versioned';
import { ownConfigurationIds } from '../configuration';

export type QuestionRow = typeof questions.$inferSelect;
export type QuestionValues = Omit<typeof questions.$inferInsert, 'questionId' | 'version'>;
/** Whose questions a read covers: the caller's own (null: none) and its content providers' Published ones. */
export type QuestionScope = ReadScope;

/** Questions the scope may read (the row scope in platform/access/scopes). */
export const visibleTo = questionsVisibleTo;

/**
 * One question's reads and writes: the row, its topics, its immutable versions, and the lookups that
 * check a body's references (images, topics, configuration values) belong to the provider.
 */
export function createQuestionsRepository(db: Db) {
  return {
    /** The provider's question, locked until the transaction ends (update, publish, delete). */
    async lockOwn(questionId: number, providerId: number): Promise<QuestionRow | undefined> {
      const [row] = await db
        .select()
        .from(questions)
        .where(and(eq(questions.questionId, questionId), eq(questions.providerId, providerId)))
        .for('update');
      return row;
    },

    /** A question the scope may read, with its provider's name. */
    async visible(questionId: number, scope: QuestionScope) {
      const [row] = await db
        .select({ q: questions, providerName: providers.name })
        .from(questions)
        .innerJoin(providers, eq(providers.providerId, questions.providerId))
        .where(and(eq(questions.questionId, questionId), visibleTo(scope)));
      return row ? { ...row.q, providerName: row.providerName } : undefined;
    },

    async topicsOf(questionId: number) {
      return db
        .select({ topicId: topics.topicId, name: topics.name, path: topics.path })
        .from(topicQuestionMappings)
        .innerJoin(topics, eq(topics.topicId, topicQuestionMappings.topicId))
        .where(eq(topicQuestionMappings.questionId, questionId))
        .orderBy(asc(topics.path));
    },

    async versionId(questionId: number, version: number) {
      const [row] = await db
        .select({ id: questionVersions.versionId })
        .from(questionVersions)
        .where(and(eq(questionVersions.questionId, questionId), eq(questionVersions.version, version)));
      return row?.id ?? 0;
    },

    async insert(values: QuestionValues): Promise<QuestionRow> {
      const [row] = await db.insert(questions).values(values).returning();
      return row;
    },

    /** Writes the values and counts one more version. */
    async update(questionId: number, values: Partial<QuestionValues>): Promise<QuestionRow> {
      return (await saveVersion(db, questions, eq(questions.questionId, questionId), values)) as QuestionRow;
    },

    async setTopics(questionId: number, topicIds: readonly number[]) {
      await db.delete(topicQuestionMappings).where(eq(topicQuestionMappings.questionId, questionId));
      if (topicIds.length)
        await db.insert(topicQuestionMappings).values(topicIds.map((topicId) => ({ topicId, questionId })));
    },

    /** Keeps what is stored now as an immutable version row; returns its id. */
    async snapshot(questionId: number, userId: number, now: Date): Promise<number> {
      const r = await db.execute(sql`
        insert into ${questionVersions} (question_id, version, snapshot, created_by, created_date)
        select q.question_id, q.version, to_jsonb(q), ${userId}, ${now} from ${questions} q
        where q.question_id = ${questionId}
        returning version_id as "versionId"`);
      return rowsOf<{ versionId: number }>(r)[0].versionId;
    },

    async delete(questionId: number) {
      await db.delete(questions).where(eq(questions.questionId, questionId));
    },

    /** The ids among `imageIds` that are the provider's question images. */
    ownImageIds: (providerId: number, imageIds: readonly number[]) =>
      createAccessScopes(db).ownAmong(providerId, 'image.write', imageIds),

    /** The ids among `ids` that are the provider's configuration values of `key` (Objective, TargetAudience). */
    configurationIds: (providerId: number, key: string, ids: readonly number[]) =>
      ownConfigurationIds(db, providerId, key, ids),

    /** The stored version snapshot (attempts, evaluation): what a question was at that version. */
    async versionSnapshot(versionId: number) {
      const [row] = await db.select().from(questionVersions).where(eq(questionVersions.versionId, versionId));
      return row;
    },
  };
}
export type QuestionsRepository = ReturnType<typeof createQuestionsRepository>;
