import type { ReviewOptions } from '@assess/contracts/learner';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { intArray, rowsOf } from '../../platform/db/rows';

/** One assigned test of a student with what its list row needs (the attempts aggregated). */
export type AssignedRow = {
  testId: number;
  name: string;
  objective: string | null;
  expiryDate: string;
  scheduleDate: Date | null;
  scheduleEndDate: Date | null;
  duration: number;
  testAttemptsAllowed: number;
  attemptsAllowed: number | null;
  extraAttempts: number;
  extraMinutes: number;
  showResult: boolean;
  reviewOptions: ReviewOptions;
  attemptCount: number;
  lastStartedAt: Date | null;
  lastResult: number | null;
  lastActualScore: number | null;
  lastTotalScore: number | null;
  /** When the latest closed attempt closed. */
  lastClosedAt: Date | null;
  openAttemptId: number | null;
  openDeadline: Date | null;
};

const toDate = (v: unknown) =>
  v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v));

/** The learner lists' reads: assigned tests (through student_tests), series, the dashboard's topics. */
export function createLearnerListsRepository(db: Db) {
  return {
    /**
     * The student's assigned tests (direct or through a series), by name. `startedBy`: only tests whose
     * schedule start has passed; `testIds`: only these.
     */
    async assigned(
      userId: number,
      opts: { startedBy?: Date; testIds?: readonly number[] },
    ): Promise<AssignedRow[]> {
      if (opts.testIds && !opts.testIds.length) return [];
      const rows = rowsOf<AssignedRow>(
        await db.execute(sql`
          select t.test_id as "testId", t.name,
            (select string_agg(cv.value_string, ', ' order by cv.value_string) from configuration_values cv
              where cv.id = any(t.objective_ids)) as objective,
            t.expiry_date::text as "expiryDate", t.schedule_date as "scheduleDate",
            t.schedule_end_date as "scheduleEndDate", t.duration, t.attempts_allowed as "testAttemptsAllowed",
            st.attempts_allowed as "attemptsAllowed", st.extra_attempts as "extraAttempts",
            st.extra_minutes as "extraMinutes", t.show_result as "showResult",
            t.review_options as "reviewOptions",
            coalesce(agg.n, 0)::int as "attemptCount", agg.last_started as "lastStartedAt",
            done.result as "lastResult", done.actual_score as "lastActualScore", done.total_score as "lastTotalScore",
            done.submitted_at as "lastClosedAt",
            op.attempt_id as "openAttemptId", op.deadline as "openDeadline"
          from student_tests st
          join tests t on t.test_id = st.test_id
          left join lateral (select count(*) as n, max(a.started_at) as last_started from attempts a
            where a.test_id = t.test_id and a.user_id = st.user_id) agg on true
          left join lateral (select a.result, a.actual_score, a.total_score, a.submitted_at from attempts a
            where a.test_id = t.test_id and a.user_id = st.user_id and a.status <> 1
            order by a.attempt_number desc limit 1) done on true
          left join attempts op on op.test_id = t.test_id and op.user_id = st.user_id and op.status = 1
          where st.user_id = ${userId}
            ${opts.startedBy ? sql`and t.schedule_date <= ${opts.startedBy}` : sql``}
            ${opts.testIds ? sql`and t.test_id = any(${intArray(opts.testIds)})` : sql``}
          order by t.name, t.test_id`),
      );
      return rows.map((r) => ({
        ...r,
        scheduleDate: toDate(r.scheduleDate),
        scheduleEndDate: toDate(r.scheduleEndDate),
        lastStartedAt: toDate(r.lastStartedAt),
        lastClosedAt: toDate(r.lastClosedAt),
        openDeadline: toDate(r.openDeadline),
      }));
    },

    /** The student's series (cards) with their test counts. */
    async series(userId: number) {
      return rowsOf<{
        courseId: number;
        code: string;
        name: string;
        description: string | null;
        image: string | null;
        testsCount: number;
      }>(
        await db.execute(sql`
          select c.course_id as "courseId", c.code, c.text as name, c.description, c.image,
            (select count(*) from course_tests ct where ct.course_id = c.course_id)::int as "testsCount"
          from course_users cu join courses c on c.course_id = cu.course_id
          where cu.user_id = ${userId}
          order by c.text, c.course_id`),
      );
    },

    /** A series of the student with its tests in order (undefined when the student does not have it). */
    async seriesOf(userId: number, courseId: number) {
      const [course] = rowsOf<{ courseId: number; code: string; name: string; image: string | null }>(
        await db.execute(sql`
          select c.course_id as "courseId", c.code, c.text as name, c.image
          from course_users cu join courses c on c.course_id = cu.course_id
          where cu.user_id = ${userId} and c.course_id = ${courseId}`),
      );
      if (!course) return undefined;
      const tests = rowsOf<{ testId: number; testSubscriptionStatus: number }>(
        await db.execute(sql`
          select ct.test_id as "testId", ct.test_subscription_status as "testSubscriptionStatus"
          from course_tests ct where ct.course_id = ${courseId} order by ct.sequence, ct.test_id`),
      );
      return { ...course, tests };
    },

    async seriesCount(userId: number) {
      const [row] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from course_users where user_id = ${userId}`),
      );
      return row?.n ?? 0;
    },

    /**
     * Marks earned over marks possible per topic of the questions the student met, best first: only attempts
     * whose marks the test's review options show now (issue 27; the column of its window: closed, else "later
     * while open"), so the table never tells which answers were right before the evaluation may.
     */
    async topTopics(userId: number, limit: number, now: Date) {
      return rowsOf<{ topicId: number; name: string; earned: number; possible: number; answered: number }>(
        await db.execute(sql`
          select tp.topic_id as "topicId", tp.name, sum(am.marks)::float8 as earned,
            sum(am.points)::float8 as possible, (count(*) filter (where am.outcome in (1, 2, 5)))::int as answered
          from attempts a
          join attempt_marks am on am.attempt_id = a.attempt_id
          join topic_question_mappings m on m.question_id = am.question_id
          join topics tp on tp.topic_id = m.topic_id
          join tests t on t.test_id = a.test_id
          where a.user_id = ${userId} and am.outcome <> 4 and t.show_result
            and (t.review_options->'marks'->>(case
              when t.schedule_end_date <= ${now} or t.expiry_date < ${now.toISOString().slice(0, 10)}::date
              then 'closed' else 'open' end))::boolean
          group by tp.topic_id, tp.name
          having sum(am.points) > 0
          order by sum(am.marks) / sum(am.points) desc, tp.name
          limit ${limit}`),
      );
    },

    /** What the welcome page shows of a test besides its list row: texts, display rules, sections in order. */
    async welcomeOf(testId: number) {
      const [test] = rowsOf<{
        welcomeMessage: string | null;
        questionsPerPage: number;
        navigationAllowed: boolean;
        showTimer: boolean;
      }>(
        await db.execute(sql`
          select welcome_message as "welcomeMessage", questions_per_page as "questionsPerPage",
            navigation_allowed as "navigationAllowed", show_timer as "showTimer"
          from tests where test_id = ${testId}`),
      );
      const sections = rowsOf<{ name: string; questionCount: number }>(
        await db.execute(sql`
          select name, question_count as "questionCount" from pools
          where test_id = ${testId} and is_active order by sequence_id, pool_id`),
      );
      return test ? { ...test, sections } : undefined;
    },

    /** The series image's file id when the student has the series (the cards' image route). */
    async seriesImage(userId: number, courseId: number) {
      const [row] = rowsOf<{ image: string | null; providerId: number }>(
        await db.execute(sql`
          select c.image, c.provider_id as "providerId"
          from course_users cu join courses c on c.course_id = cu.course_id
          where cu.user_id = ${userId} and c.course_id = ${courseId}`),
      );
      return row;
    },
  };
}
export type LearnerListsRepository = ReturnType<typeof createLearnerListsRepository>;
