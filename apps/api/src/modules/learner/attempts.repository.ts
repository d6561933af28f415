import { and, asc, eq, sql } from 'drizzle-orm';
import {
  attemptAnswers,
  attemptMarks,
  attempts,
  type FrozenSection,
  studentTests,
  tests,
} from '../../db/schema';
import type { Db } from '../../platform/db/client';
import { intList, once, rowsOf } from '../../platform/db/rows';
import { createAttemptDrawQueries } from './attempt-draw.repository';

export type AttemptRow = typeof attempts.$inferSelect;
export type TestRow = typeof tests.$inferSelect;
export type Assignment = { attemptsAllowed: number | null; extraAttempts: number; extraMinutes: number };
export type { DrawScope } from './attempt-draw.repository';
export type AnswerRow = {
  questionId: number;
  choiceIds: number[];
  numericAnswer: number | null;
  bookmarked: boolean;
  seq: number;
};
/** One answer change as written (already validated and de-duplicated). */
export type AnswerWrite = { q: number; c: number[]; n: number | null; b: boolean; s: number };

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
  /**
   * The player's and the start's reads as prepared statements (built once per repository, parsed and planned once
   * per connection): thousands of students start and load within a minute on exam day (issue 22).
   */
  const byTestAndUser = and(
    eq(attempts.testId, sql.placeholder('testId')),
    eq(attempts.userId, sql.placeholder('userId')),
  );
  const assignedQuery = once(() =>
    db
      .select({
        test: tests,
        attemptsAllowed: studentTests.attemptsAllowed,
        extraAttempts: studentTests.extraAttempts,
        extraMinutes: studentTests.extraMinutes,
      })
      .from(studentTests)
      .innerJoin(tests, eq(tests.testId, studentTests.testId))
      .where(
        and(
          eq(studentTests.testId, sql.placeholder('testId')),
          eq(studentTests.userId, sql.placeholder('userId')),
        ),
      )
      .limit(1)
      .prepare('learner_assigned_test'),
  );
  const testQuery = once(() =>
    db
      .select()
      .from(tests)
      .where(eq(tests.testId, sql.placeholder('testId')))
      .prepare('learner_test'),
  );
  const openQuery = once(() =>
    db
      .select()
      .from(attempts)
      .where(and(byTestAndUser, eq(attempts.status, 1)))
      .prepare('learner_open_attempt'),
  );
  const attemptsOfQuery = once(() =>
    db
      .select()
      .from(attempts)
      .where(byTestAndUser)
      .orderBy(asc(attempts.attemptNumber))
      .prepare('learner_attempts_of'),
  );
  const attemptQuery = once(() =>
    db
      .select()
      .from(attempts)
      .where(eq(attempts.attemptId, sql.placeholder('attemptId')))
      .prepare('learner_attempt'),
  );
  const answersQuery = once(() =>
    db
      .select({
        questionId: attemptAnswers.questionId,
        choiceIds: attemptAnswers.choiceIds,
        numericAnswer: attemptAnswers.numericAnswer,
        bookmarked: attemptAnswers.bookmarked,
        seq: attemptAnswers.seq,
      })
      .from(attemptAnswers)
      .where(eq(attemptAnswers.attemptId, sql.placeholder('attemptId')))
      .prepare('learner_answers'),
  );
  return {
    ...createAttemptDrawQueries(db),
    /** The test and the student's assignment (direct or through a series), or undefined when not assigned. */
    async assignedTest(testId: number, userId: number) {
      const [row] = await assignedQuery().execute({ testId, userId });
      return row;
    },

    async test(testId: number) {
      const [row] = await testQuery().execute({ testId });
      return row;
    },

    async openAttempt(testId: number, userId: number) {
      const [row] = await openQuery().execute({ testId, userId });
      return row;
    },

    /** The student's attempts of the test, oldest first. */
    async attemptsOf(testId: number, userId: number) {
      return attemptsOfQuery().execute({ testId, userId });
    },

    async attempt(attemptId: number) {
      const [row] = await attemptQuery().execute({ attemptId });
      return row;
    },

    /** The sections of a test in order, with what each draws from (Ready/Published questions only). */
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
          where version_id = any(${intList(versionIds)}::int[])`),
      );
    },

    async answers(attemptId: number): Promise<AnswerRow[]> {
      return answersQuery().execute({ attemptId });
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
          where a.attempt_id = ${attemptId} and a.question_id = any(${intList(writes.map((w) => w.q))}::int[])
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
