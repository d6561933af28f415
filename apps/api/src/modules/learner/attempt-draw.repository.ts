import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  attempts,
  type FrozenSection,
  poolQuestions,
  pools,
  poolTopics,
  questions,
  questionVersions,
  topicQuestionMappings,
  topics,
} from '../../db/schema';
import { questionsDrawableBy } from '../../platform/access/scopes.repository';
import type { Db } from '../../platform/db/client';
import { intList, once } from '../../platform/db/rows';

export type DrawScope = { providerId: number; contentProviderIds: readonly number[] };

/**
 * What a start draws from and writes (issue 22: thousands of starts within a minute on exam day), as prepared
 * statements: the sections of a test and their questions, the current question versions, the started attempt.
 * Part of the attempts repository (its sectionSources, currentVersions and insertStarted).
 */
export function createAttemptDrawQueries(db: Db) {
  /** Questions of the scope a test may use (as the editor), from the placeholders providerId and others. */
  const drawableNow = questionsDrawableBy('prepared');
  const sectionsQuery = once(() =>
    db
      .select()
      .from(pools)
      .where(and(eq(pools.testId, sql.placeholder('testId')), eq(pools.isActive, true)))
      .orderBy(asc(pools.sequenceId), asc(pools.poolId))
      .prepare('learner_sections'),
  );
  const fixedQuery = once(() =>
    db
      .select({
        poolId: poolQuestions.poolId,
        questionId: poolQuestions.questionId,
        sequence: poolQuestions.sequence,
        isMandatory: poolQuestions.isMandatory,
        points: poolQuestions.points,
      })
      .from(poolQuestions)
      .innerJoin(pools, eq(pools.poolId, poolQuestions.poolId))
      .innerJoin(questions, eq(questions.questionId, poolQuestions.questionId))
      .where(and(eq(pools.testId, sql.placeholder('testId')), drawableNow))
      .prepare('learner_fixed_questions'),
  );
  const candidatesQuery = once(() => {
    const chosen = alias(topics, 'chosen');
    const under = alias(topics, 'under');
    return db
      .selectDistinct({
        poolId: poolTopics.poolId,
        topicId: poolTopics.topicId,
        questionId: questions.questionId,
        questionType: questions.questionType,
      })
      .from(poolTopics)
      .innerJoin(pools, eq(pools.poolId, poolTopics.poolId))
      .innerJoin(chosen, eq(chosen.topicId, poolTopics.topicId))
      .innerJoin(
        under,
        and(eq(under.providerId, chosen.providerId), sql`${under.path} like ${chosen.path} || '%'`),
      )
      .innerJoin(topicQuestionMappings, eq(topicQuestionMappings.topicId, under.topicId))
      .innerJoin(questions, eq(questions.questionId, topicQuestionMappings.questionId))
      .where(
        and(
          eq(pools.testId, sql.placeholder('testId')),
          eq(pools.randomizeType, 1),
          drawableNow,
          sql`not exists (select 1 from pool_questions x where x.pool_id = ${pools.poolId} and x.question_id = ${questions.questionId})`,
        ),
      )
      .orderBy(asc(poolTopics.poolId), asc(poolTopics.topicId), asc(questions.questionId))
      .prepare('learner_draw_candidates');
  });
  const versionsQuery = once(() =>
    db
      .select({
        questionId: questions.questionId,
        versionId: questionVersions.versionId,
        questionType: sql<number>`(${questionVersions.snapshot}->>'question_type')::int`,
        choiceCount: sql<number>`coalesce(jsonb_array_length(${questionVersions.snapshot}->'choices'), 0)`,
      })
      .from(questions)
      .innerJoin(
        questionVersions,
        and(
          eq(questionVersions.questionId, questions.questionId),
          eq(questionVersions.version, questions.version),
        ),
      )
      .where(sql`${questions.questionId} = any(${sql.placeholder('ids')}::int[])`)
      .prepare('learner_current_versions'),
  );
  const ph = (name: string) => sql.placeholder(name);
  const insertStartedQuery = once(() =>
    db
      .insert(attempts)
      .values({
        testId: ph('testId'),
        userId: ph('userId'),
        providerId: ph('providerId'),
        attemptNumber: ph('attemptNumber'),
        status: 1,
        startedAt: ph('startedAt'),
        deadline: ph('deadline'),
        seed: ph('seed'),
        sections: ph('sections'),
      })
      .onConflictDoNothing()
      .returning({ attemptId: attempts.attemptId })
      .prepare('learner_insert_started'),
  );
  return {
    async sectionSources(testId: number, scope: DrawScope) {
      const params = {
        testId,
        providerId: scope.providerId,
        others: intList(scope.contentProviderIds.filter((id) => id !== scope.providerId)),
      };
      const [sections, fixed, candidates] = await Promise.all([
        sectionsQuery().execute({ testId }),
        fixedQuery().execute(params),
        candidatesQuery().execute(params),
      ]);
      return { sections, fixed, candidates };
    },

    /**
     * The current version row of each question, with what the attempt freezes of it. A version is written the
     * first time a start needs it (idempotent: a concurrent start's insert waits for, then skips, the other's), so
     * the usual start of an exam morning only reads.
     */
    async currentVersions(questionIds: readonly number[], now: Date) {
      if (!questionIds.length) return [];
      const ids = intList(questionIds);
      const read = () => versionsQuery().execute({ ids });
      const found = await read();
      if (found.length === new Set(questionIds).size) return found;
      await db.execute(sql`
        insert into question_versions (question_id, version, snapshot, created_date)
        select q.question_id, q.version, to_jsonb(q), ${now} from questions q
        where q.question_id = any(${ids}::int[])
          and not exists (select 1 from question_versions v where v.question_id = q.question_id and v.version = q.version)
        on conflict do nothing`);
      return read();
    },

    /**
     * A started attempt (open), as a prepared statement (the exam-day start); undefined when one is open or the
     * number is taken (a concurrent start).
     */
    async insertStarted(v: {
      testId: number;
      userId: number;
      providerId: number;
      attemptNumber: number;
      startedAt: Date;
      deadline: Date;
      seed: number;
      sections: FrozenSection[];
    }) {
      const [row] = await insertStartedQuery().execute(v);
      return row;
    },
  };
}
