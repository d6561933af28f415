import { STUDENT_USER_TYPE } from '@assess/contracts/students';
import { and, asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { courses, courseUsers, studentTests, tests, testUsers, users } from '../../db/schema';
import { createAccessScopes } from '../../platform/access/scopes.repository';
import type { Db } from '../../platform/db/client';
import { lockProvider } from '../../platform/db/quota';
import { intArray, rowsOf } from '../../platform/db/rows';
import { statusAt } from '../scheduling';

export type MappingKind = 'test' | 'series';
export type MappingTargetRow = {
  id: number;
  providerId: number;
  name: string;
  /** The status as of the clock (a schedule moves it on: the lists show the same). */
  status: number;
};
export type PageWindow = { limit: number; offset: number; search?: string };

const studentColumns = {
  userId: users.userId,
  fullName: users.fullName,
  userName: users.userName,
  email: users.email,
  mobile: users.mobile,
};

/** Name, user name, e-mail or mobile containing the text (case-insensitive; % and _ taken literally). */
function searchOf(text?: string): SQL | undefined {
  if (!text) return undefined;
  const p = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    ilike(users.fullName, p),
    ilike(users.userName, p),
    ilike(users.email, p),
    ilike(users.mobile, p),
  );
}

/** The provider's active students (whom a test or a series may be given). */
const ownActiveStudents = (providerId: number) =>
  and(eq(users.providerId, providerId), eq(users.userTypeId, STUDENT_USER_TYPE), eq(users.isActive, true));

/**
 * How many (student, test) pairs the series gives for `testIds` (all its tests when omitted): the series' students
 * who hold those tests in student_tests through a series (a student's direct mapping is not counted). A series assignment is its course_users rows only; the view follows
 * course_tests, so a test added to a series reaches its students without a write. The series editor reports
 * this count when it adds tests to a series that has students.
 */
export async function seriesTestHolders(db: Db, courseId: number, testIds?: number[]): Promise<number> {
  const only = testIds?.length ? sql`and st.test_id = any(${intArray(testIds)})` : sql``;
  const res = await db.execute(sql`
    select count(*)::int as n
    from course_tests ct
    join student_tests st on st.test_id = ct.test_id
    join course_users cu on cu.course_id = ct.course_id and cu.user_id = st.user_id
    where ct.course_id = ${courseId} and st.via_course_id is not null ${only}`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

/**
 * When the series editor takes a test out of a series: the per-student overrides that series brought for that
 * test (test_users rows naming it: accommodations) go; the series rows of student_tests go by themselves
 * (attempts live elsewhere and stay).
 */
export async function unassignSeriesTest(db: Db, courseId: number, testId: number): Promise<void> {
  await db.delete(testUsers).where(and(eq(testUsers.viaCourseId, courseId), eq(testUsers.testId, testId)));
}

/** Test and series student mappings (part 3 §3 "Test-user mapping", "Course-user mapping"). */
const noInt = sql<number | null>`null::int`;
/**
 * Who holds a test or a series, with what the assigned grid shows of each: a test's students are its student_tests
 * rows (direct rows, overrides and the series' students) with their accommodation; a series' are its course_users
 * rows with their subscription status.
 */
const holdings = (kind: MappingKind, id: number) =>
  kind === 'test'
    ? {
        table: studentTests,
        userId: studentTests.userId,
        where: eq(studentTests.testId, id),
        columns: {
          extraAttempts: studentTests.extraAttempts,
          extraMinutes: studentTests.extraMinutes,
          viaCourseId: studentTests.viaCourseId,
          userSubscriptionStatus: noInt,
        },
      }
    : {
        table: courseUsers,
        userId: courseUsers.userId,
        where: eq(courseUsers.courseId, id),
        columns: {
          extraAttempts: noInt,
          extraMinutes: noInt,
          viaCourseId: noInt,
          userSubscriptionStatus: courseUsers.userSubscriptionStatus,
        },
      };

export function createAssignmentRepository(db: Db) {
  return {
    /** The target row with its status at `now`, locked for the transaction when `forUpdate`. */
    async target(
      kind: MappingKind,
      id: number,
      now: Date,
      forUpdate = false,
    ): Promise<MappingTargetRow | undefined> {
      const q =
        kind === 'test'
          ? db
              .select({
                id: tests.testId,
                providerId: tests.providerId,
                name: tests.name,
                status: statusAt(tests, now),
              })
              .from(tests)
              .where(eq(tests.testId, id))
          : db
              .select({
                id: courses.courseId,
                providerId: courses.providerId,
                name: courses.text,
                status: statusAt(courses, now),
              })
              .from(courses)
              .where(eq(courses.courseId, id));
      const [row] = forUpdate ? await q.for('update') : await q;
      return row;
    },

    async assignedPage(kind: MappingKind, id: number, page: PageWindow) {
      const h = holdings(kind, id);
      return db
        .select({ ...studentColumns, ...h.columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(h.table)
        .innerJoin(users, eq(users.userId, h.userId))
        .where(and(h.where, searchOf(page.search)))
        .orderBy(asc(users.fullName), asc(users.userId))
        .limit(page.limit)
        .offset(page.offset);
    },

    async assignedCount(kind: MappingKind, id: number, search?: string) {
      const h = holdings(kind, id);
      const [r] = await db
        .select({ n: count() })
        .from(h.table)
        .innerJoin(users, eq(users.userId, h.userId))
        .where(and(h.where, searchOf(search)));
      return Number(r.n);
    },

    /**
     * The provider's active students not holding the test / series yet, newest first: the ids come from the
     * students index (provider, type, active, user id) read backwards and each is probed in the mappings'
     * indexes (notMapped). The total is the students matching minus the holders matching (holdersOf: the
     * holders are few, so no anti-join over every student).
     */
    async availablePage(kind: MappingKind, id: number, providerId: number, page: PageWindow) {
      const students = and(ownActiveStudents(providerId), searchOf(page.search));
      const [items, counted] = await Promise.all([
        db
          .select(studentColumns)
          .from(users)
          .where(and(students, notMapped(kind, id)))
          .orderBy(desc(users.userId))
          .limit(page.limit)
          .offset(page.offset),
        db.execute(sql`
          select (select count(*) from ${users} where ${students})
               - (select count(*) from (${holdersOf(kind, id)}) h join ${users} on ${users.userId} = h.user_id
                  where ${students}) as n`),
      ]);
      return { items, totalCount: Number(rowsOf<{ n: number | string }>(counted)[0].n) };
    },

    /** Locks the provider's row (serialises assignments and student adds: the licence count stays true). */
    lockProvider: (providerId: number) => lockProvider(db, providerId),

    /** Of `ids`, the active students of the provider. */
    async ownStudents(providerId: number, ids: number[]): Promise<number[]> {
      const caller = { providerId, contentProviderIds: [] };
      return [...(await createAccessScopes(db).checkAccess(caller, 'student.assign', ids))];
    },

    /**
     * How many distinct students of the provider hold a test or series mapping once `adding` are added (the
     * licence's student count for assignment).
     */
    async assignedStudentsWith(providerId: number, adding: number[]): Promise<number> {
      const res = await db.execute(sql`
        select count(*)::int as n from (
          select tu.user_id from test_users tu join tests t on t.test_id = tu.test_id where t.provider_id = ${providerId}
          union
          select cu.user_id from course_users cu join courses c on c.course_id = cu.course_id where c.provider_id = ${providerId}
          union
          select unnest(${intArray(adding)})
        ) s`);
      return Number(rowsOf<{ n: number }>(res)[0].n);
    },

    /**
     * Maps the students to the test in one statement; a student holding it already (directly or through a
     * series) stays as he is.
     */
    async assignTest(testId: number, userIds: number[], by: number, now: Date): Promise<number> {
      const res = await db.execute(sql`
        insert into test_users (test_id, user_id, attempts_allowed, created_by, created_date, updated_by, updated_date)
        select t.test_id, u.id, t.attempts_allowed, ${by}, ${now}, ${by}, ${now}
        from tests t cross join unnest(${intArray(userIds)}) as u(id)
        where t.test_id = ${testId}
          and not exists (select 1 from student_tests st where st.test_id = t.test_id and st.user_id = u.id)
        on conflict (test_id, user_id) do nothing
        returning user_id`);
      return rowsOf(res).length;
    },

    /**
     * Maps the students to the series in ONE statement: their course_users rows (a student mapped already is
     * skipped). The series' tests reach them through student_tests; no test_users row is written.
     */
    async assignSeries(courseId: number, userIds: number[], by: number, now: Date): Promise<number> {
      const res = await db.execute(sql`
        insert into course_users (course_id, user_id, user_subscription_status, created_by, created_date, updated_by, updated_date)
        select ${courseId}, u.id, 2, ${by}, ${now}, ${by}, ${now} from unnest(${intArray(userIds)}) as u(id)
        on conflict (course_id, user_id) do nothing
        returning user_id`);
      return rowsOf(res).length;
    },

    /**
     * Removes the student's direct mapping of the test. 'removed' when a direct row went; 'viaSeries' when the
     * student holds the test only through a series (or a series override): nothing is deleted; 'none' otherwise.
     */
    async removeFromTest(testId: number, userId: number): Promise<'removed' | 'viaSeries' | 'none'> {
      const rows = await db
        .delete(testUsers)
        .where(and(eq(testUsers.testId, testId), eq(testUsers.userId, userId), isNull(testUsers.viaCourseId)))
        .returning({ id: testUsers.userId });
      if (rows.length) return 'removed';
      const [held] = await db
        .select({ id: studentTests.userId })
        .from(studentTests)
        .where(and(eq(studentTests.testId, testId), eq(studentTests.userId, userId)));
      return held ? 'viaSeries' : 'none';
    },

    /** Removes the series mapping and the per-student overrides (test_users naming the series) it brought. */
    async removeFromSeries(courseId: number, userId: number): Promise<boolean> {
      const rows = await db
        .delete(courseUsers)
        .where(and(eq(courseUsers.courseId, courseId), eq(courseUsers.userId, userId)))
        .returning({ id: courseUsers.userId });
      if (!rows.length) return false;
      await db
        .delete(testUsers)
        .where(and(eq(testUsers.viaCourseId, courseId), eq(testUsers.userId, userId)));
      return true;
    },

    async setSubscription(courseId: number, userId: number, status: number, by: number, now: Date) {
      const rows = await db
        .update(courseUsers)
        .set({ userSubscriptionStatus: status, updatedBy: by, updatedDate: now })
        .where(and(eq(courseUsers.courseId, courseId), eq(courseUsers.userId, userId)))
        .returning({ id: courseUsers.userId });
      return rows.length > 0;
    },

    /**
     * The accommodation of a student holding the test (student_tests): his test_users row is updated, or, when he
     * holds the test through a series, an override row naming the series is written (it wins over the series
     * row in the view). One statement; false when the student does not hold the test.
     */
    async setAccommodation(
      testId: number,
      userId: number,
      a: { extraAttempts: number; extraMinutes: number },
      by: number,
      now: Date,
    ) {
      const res = await db.execute(sql`
        insert into test_users (test_id, user_id, attempts_allowed, via_course_id, extra_attempts, extra_minutes,
                                created_by, created_date, updated_by, updated_date)
        select st.test_id, st.user_id, st.attempts_allowed, st.via_course_id, ${a.extraAttempts}, ${a.extraMinutes},
               ${by}, ${now}, ${by}, ${now}
        from student_tests st where st.test_id = ${testId} and st.user_id = ${userId}
        on conflict (test_id, user_id) do update
          set extra_attempts = excluded.extra_attempts, extra_minutes = excluded.extra_minutes,
              updated_by = excluded.updated_by, updated_date = excluded.updated_date
        returning user_id`);
      return rowsOf(res).length > 0;
    },
  };
}
export type AssignmentRepository = ReturnType<typeof createAssignmentRepository>;

/** The user ids holding the test (student_tests: one row per student and test) or the series (course_users). */
const holdersOf = (kind: MappingKind, id: number) =>
  kind === 'test'
    ? sql`select st.user_id from student_tests st where st.test_id = ${id}`
    : sql`select cu.user_id from course_users cu where cu.course_id = ${id}`;

/**
 * The student does not hold the test / series. For a test this is "not in student_tests", written on the view's
 * two sources (a direct test_users row; a series of his holding the test) so that each is an index probe per
 * student: through the view, the DISTINCT ON of its series branch would be computed for every student of the
 * test before the first page could come (measured: 115 ms against 4–7 ms for a page under load).
 */
const notMapped = (kind: MappingKind, id: number) =>
  kind === 'test'
    ? sql`not exists (select 1 from test_users d where d.test_id = ${id} and d.user_id = ${users.userId})
      and not exists (select 1 from course_users cu join course_tests ct on ct.course_id = cu.course_id
                      where ct.test_id = ${id} and cu.user_id = ${users.userId})`
    : sql`not exists (select 1 from ${courseUsers} where ${courseUsers.courseId} = ${id} and ${courseUsers.userId} = ${users.userId})`;
