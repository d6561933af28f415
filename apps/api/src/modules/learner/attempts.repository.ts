import { QuestionStatus } from '@assess/contracts/questions';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  attemptAnswers,
  attemptMarks,
  attempts,
  type FrozenSection,
  pools,
  studentTests,
  tests,
} from '../../db/schema';
import type { Db } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/rows';

const intArray = (ids: readonly number[]) => `{${ids.map((n) => Math.trunc(n)).join(',')}}`;

export type AttemptRow = typeof attempts.$inferSelect;
export type TestRow = typeof tests.$inferSelect;
export type Assignment = { attemptsAllowed: number | null; extraAttempts: number; extraMinutes: number };
export type DrawScope = { providerId: number; contentProviderIds: readonly number[] };
export type AnswerRow = {
  questionId: number;
  choiceIds: number[];
  numericAnswer: number | null;
  bookmarked: boolean;
  seq: number;
};
/** One answer change as written (already validated and de-duplicated). */
export type AnswerWrite = { q: number; c: number[]; n: number | null; b: boolean; s: number };

/** Questions of the scope a test may use: own Ready/Published, content providers' Published (as the editor). */
const drawable = (s: DrawScope) => {
  const others = s.contentProviderIds.filter((id) => id !== s.providerId);
  const own = sql`(q.provider_id = ${s.providerId} and q.status in (${QuestionStatus.Ready}, ${QuestionStatus.Published}))`;
  return others.length
    ? sql`(${own} or (q.provider_id = any(${intArray(others)}::int[]) and q.status = ${QuestionStatus.Published}))`
    : own;
};

/** Attempts of students: the test a student may take, the frozen selection, answers and results. */
export function createAttemptsRepository(db: Db) {
  const prepareSave = () =>
    db
      .insert(attemptAnswers)
      .select(
        sql`select g.attempt_id, x.q, x.c, x.n, x.b, x.s, ${sql.placeholder('now')}::timestamptz
          from ${attempts} g cross join jsonb_to_recordset(${sql.placeholder('writes')}::jsonb)
            as x(q int, c smallint[], n double precision, b boolean, s int)
          where g.attempt_id = ${sql.placeholder('attemptId')} and g.user_id = ${sql.placeholder('userId')}
            and g.status = 1
            and g.deadline + make_interval(secs => ${sql.placeholder('grace')}::int) >= ${sql.placeholder('now')}::timestamptz
          for share of g`,
      )
      .onConflictDoUpdate({
        target: [attemptAnswers.attemptId, attemptAnswers.questionId],
        set: {
          choiceIds: sql`excluded.choice_ids`,
          numericAnswer: sql`excluded.numeric_answer`,
          bookmarked: sql`excluded.bookmarked`,
          seq: sql`excluded.seq`,
          savedAt: sql`excluded.saved_at`,
        },
        setWhere: sql`${attemptAnswers.seq} < excluded.seq`,
      })
      .returning({ questionId: attemptAnswers.questionId, seq: attemptAnswers.seq })
      .prepare('save_answers');
  let saveQuery: ReturnType<typeof prepareSave> | undefined;
  return {
    /** The test and the student's assignment (direct or through a series), or undefined when not assigned. */
    async assignedTest(testId: number, userId: number) {
      const [row] = await db
        .select({
          test: tests,
          attemptsAllowed: studentTests.attemptsAllowed,
          extraAttempts: studentTests.extraAttempts,
          extraMinutes: studentTests.extraMinutes,
        })
        .from(studentTests)
        .innerJoin(tests, eq(tests.testId, studentTests.testId))
        .where(and(eq(studentTests.testId, testId), eq(studentTests.userId, userId)))
        .limit(1);
      return row;
    },

    async test(testId: number) {
      const [row] = await db.select().from(tests).where(eq(tests.testId, testId));
      return row;
    },

    /** Serialises starts of one student on one test (two tabs, a double tap) inside the transaction. */
    async lockStart(testId: number, userId: number) {
      await db.execute(sql`select pg_advisory_xact_lock(${testId}, ${userId})`);
    },

    async openAttempt(testId: number, userId: number) {
      const [row] = await db
        .select()
        .from(attempts)
        .where(and(eq(attempts.testId, testId), eq(attempts.userId, userId), eq(attempts.status, 1)));
      return row;
    },

    /** The student's attempts of the test, oldest first. */
    async attemptsOf(testId: number, userId: number) {
      return db
        .select()
        .from(attempts)
        .where(and(eq(attempts.testId, testId), eq(attempts.userId, userId)))
        .orderBy(asc(attempts.attemptNumber));
    },

    async attempt(attemptId: number) {
      const [row] = await db.select().from(attempts).where(eq(attempts.attemptId, attemptId));
      return row;
    },

    /** The sections of a test in order, with what each draws from (Ready/Published questions only). */
    async sectionSources(testId: number, scope: DrawScope) {
      const sections = await db
        .select()
        .from(pools)
        .where(and(eq(pools.testId, testId), eq(pools.isActive, true)))
        .orderBy(asc(pools.sequenceId), asc(pools.poolId));
      const fixed = rowsOf<{
        poolId: number;
        questionId: number;
        sequence: number;
        isMandatory: boolean;
        points: number | null;
      }>(
        await db.execute(sql`
          select pq.pool_id as "poolId", pq.question_id as "questionId", pq.sequence, pq.is_mandatory as "isMandatory",
            pq.points
          from pool_questions pq join pools p on p.pool_id = pq.pool_id join questions q on q.question_id = pq.question_id
          where p.test_id = ${testId} and ${drawable(scope)}`),
      );
      const candidates = rowsOf<{
        poolId: number;
        topicId: number;
        questionId: number;
        questionType: number;
      }>(
        await db.execute(sql`
          select distinct pt.pool_id as "poolId", pt.topic_id as "topicId", q.question_id as "questionId",
            q.question_type as "questionType"
          from pool_topics pt
          join pools p on p.pool_id = pt.pool_id
          join topics c on c.topic_id = pt.topic_id
          join topics st on st.provider_id = c.provider_id and st.path like c.path || '%'
          join topic_question_mappings m on m.topic_id = st.topic_id
          join questions q on q.question_id = m.question_id
          where p.test_id = ${testId} and p.randomize_type = 1 and ${drawable(scope)}
            and not exists (select 1 from pool_questions x where x.pool_id = p.pool_id and x.question_id = q.question_id)
          order by 1, 2, 3`),
      );
      return { sections, fixed, candidates };
    },

    /**
     * The current version row of each question (written when missing), with what the attempt freezes of it.
     */
    async currentVersions(questionIds: readonly number[], now: Date) {
      if (!questionIds.length) return [];
      const ids = intArray(questionIds);
      await db.execute(sql`
        insert into question_versions (question_id, version, snapshot, created_date)
        select q.question_id, q.version, to_jsonb(q), ${now} from questions q
        where q.question_id = any(${ids}::int[])
          and not exists (select 1 from question_versions v where v.question_id = q.question_id and v.version = q.version)
        on conflict do nothing`);
      return rowsOf<{ questionId: number; versionId: number; questionType: number; choiceCount: number }>(
        await db.execute(sql`
          select q.question_id as "questionId", v.version_id as "versionId",
            (v.snapshot->>'question_type')::int as "questionType",
            coalesce(jsonb_array_length(v.snapshot->'choices'), 0) as "choiceCount"
          from questions q join question_versions v on v.question_id = q.question_id and v.version = q.version
          where q.question_id = any(${ids}::int[])`),
      );
    },

    /** Inserts the attempt unless one is open or the number is taken (a concurrent start): undefined then. */
    async insertAttempt(values: typeof attempts.$inferInsert) {
      const [row] = await db.insert(attempts).values(values).onConflictDoNothing().returning();
      return row;
    },

    /** Question version snapshots (the question as the student saw it). */
    async versions(versionIds: readonly number[]) {
      if (!versionIds.length) return [];
      return rowsOf<{ versionId: number; snapshot: Record<string, unknown> }>(
        await db.execute(sql`
          select version_id as "versionId", snapshot from question_versions
          where version_id = any(${intArray(versionIds)}::int[])`),
      );
    },

    async answers(attemptId: number): Promise<AnswerRow[]> {
      return db
        .select({
          questionId: attemptAnswers.questionId,
          choiceIds: attemptAnswers.choiceIds,
          numericAnswer: attemptAnswers.numericAnswer,
          bookmarked: attemptAnswers.bookmarked,
          seq: attemptAnswers.seq,
        })
        .from(attemptAnswers)
        .where(eq(attemptAnswers.attemptId, attemptId));
    },

    /**
     * ONE prepared statement per save batch (parsed and planned once per connection): an upsert that keeps the
     * newest seq per question, only while the attempt is open and before its deadline + grace (the attempt row is
     * share-locked, so a concurrent submit either scores this save or refuses it). When every answer was written
     * that is the whole save; otherwise (an older seq, or the attempt closed) a second read answers the seq now
     * held per question and whether the attempt is open.
     */
    async saveAnswers(
      attemptId: number,
      userId: number,
      writes: readonly AnswerWrite[],
      now: Date,
      graceSeconds: number,
    ) {
      saveQuery ??= prepareSave();
      const written = await saveQuery.execute({
        attemptId,
        userId,
        writes: JSON.stringify(writes),
        now: now.toISOString(),
        grace: graceSeconds,
      });
      if (writes.length > 0 && written.length === writes.length) return { open: true, acks: written };
      const rows = rowsOf<{ questionId: number; seq: number; open: boolean }>(
        await db.execute(sql`
          select a.question_id as "questionId", a.seq, true as open from attempt_answers a
          where a.attempt_id = ${attemptId} and a.question_id = any(${intArray(writes.map((w) => w.q))}::int[])
          union all
          select 0, 0, exists (
            select 1 from attempts
            where attempt_id = ${attemptId} and user_id = ${userId} and status = 1
              and deadline + make_interval(secs => ${graceSeconds}) >= ${now})`),
      );
      const open = rows.find((r) => r.questionId === 0)?.open ?? false;
      return { open: Boolean(open), acks: rows.filter((r) => r.questionId !== 0) };
    },

    /** Closes an open attempt (one writer wins: status 1 → 2/3); the closed row, or undefined if not open. */
    async close(attemptId: number, status: 2 | 3, now: Date) {
      const [row] = await db
        .update(attempts)
        .set({ status, submittedAt: now })
        .where(and(eq(attempts.attemptId, attemptId), eq(attempts.status, 1)))
        .returning();
      return row;
    },

    async storeResult(
      attemptId: number,
      result: Pick<AttemptRow, 'actualScore' | 'totalScore' | 'result' | 'sectionScores' | 'answeredCount'>,
      marks: (typeof attemptMarks.$inferInsert)[],
    ) {
      await db.update(attempts).set(result).where(eq(attempts.attemptId, attemptId));
      if (marks.length) await db.insert(attemptMarks).values(marks).onConflictDoNothing();
    },

    async marks(attemptId: number) {
      return db.select().from(attemptMarks).where(eq(attemptMarks.attemptId, attemptId));
    },

    /** Open attempts past deadline + grace (the closer's batch), oldest deadline first. */
    async overdue(now: Date, graceSeconds: number, limit: number, userId?: number) {
      const rows = await db
        .select({ attemptId: attempts.attemptId })
        .from(attempts)
        .where(
          and(
            eq(attempts.status, 1),
            sql`${attempts.deadline} + make_interval(secs => ${graceSeconds}) < ${now}`,
            userId === undefined ? undefined : eq(attempts.userId, userId),
          ),
        )
        .orderBy(asc(attempts.deadline))
        .limit(limit);
      return rows.map((r) => r.attemptId);
    },

    /** How many students of the test have at least one attempt (the tests list's details dialog). */
    async attemptedStudents(testId: number) {
      const [row] = await db
        .select({ n: sql<number>`count(distinct ${attempts.userId})::int` })
        .from(attempts)
        .where(eq(attempts.testId, testId));
      return row?.n ?? 0;
    },

    /** Clean Data / Delete: every attempt of the test (answers and marks go with them). */
    async deleteOfTest(testId: number) {
      const rows = await db
        .delete(attempts)
        .where(eq(attempts.testId, testId))
        .returning({ id: attempts.attemptId });
      return rows.length;
    },

    /** Clean Data of a series: the attempts of its students at its tests. */
    async deleteOfSeries(courseId: number) {
      const r = await db.execute(sql`
        delete from attempts a using course_tests ct, course_users cu
        where ct.course_id = ${courseId} and cu.course_id = ${courseId}
          and a.test_id = ct.test_id and a.user_id = cu.user_id
        returning a.attempt_id`);
      return rowsOf<unknown>(r).length;
    },
  };
}
export type AttemptsRepository = ReturnType<typeof createAttemptsRepository>;
export type { FrozenSection };
