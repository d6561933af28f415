import { STUDENT_USER_TYPE } from '@assess/contracts/students';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { courses, courseUsers, providers, tests, testUsers, users } from '../../db/schema';
import type { Db } from '../../platform/db/client';

export type MappingKind = 'test' | 'series';
export type MappingTargetRow = {
  id: number;
  providerId: number;
  name: string;
  status: number;
  scheduleStatus: number | null;
};
export type PageWindow = { limit: number; offset: number; search?: string };

const rowsOf = <T = unknown>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

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
 * Assigning a series assigns its tests: every student of the series gets each of its tests (or only `testIds`)
 * as a test_users row naming the series, in ONE set-based statement; a student who has the test already keeps
 * the row he has. The series editor calls this when it adds tests to a series that has students.
 */
export async function assignSeriesTestsToStudents(
  db: Db,
  courseId: number,
  opts: { testIds?: number[]; by?: number | null; now?: Date } = {},
): Promise<number> {
  const now = opts.now ?? new Date();
  const by = opts.by ?? null;
  const only = opts.testIds?.length ? sql`and ct.test_id = any(${intArray(opts.testIds)})` : sql``;
  const res = await db.execute(sql`
    insert into test_users (test_id, user_id, attempts_allowed, via_course_id, created_by, created_date, updated_by, updated_date)
    select ct.test_id, cu.user_id, t.attempts_allowed, ${courseId}, ${by}, ${now}, ${by}, ${now}
    from course_tests ct
    join course_users cu on cu.course_id = ct.course_id
    join tests t on t.test_id = ct.test_id
    where ct.course_id = ${courseId} ${only}
    on conflict (test_id, user_id) do nothing
    returning user_id`);
  return rowsOf(res).length;
}

/**
 * When the series editor takes a test out of a series: the mappings that series brought for that test go
 * (attempts live elsewhere and stay).
 */
export async function unassignSeriesTest(db: Db, courseId: number, testId: number): Promise<void> {
  await db.delete(testUsers).where(and(eq(testUsers.viaCourseId, courseId), eq(testUsers.testId, testId)));
}

/** Test and series student mappings (part 3 §3 "Test-user mapping", "Course-user mapping"). */
export function createAssignmentRepository(db: Db) {
  return {
    /** The target row, locked for the transaction when `forUpdate`. */
    async target(kind: MappingKind, id: number, forUpdate = false): Promise<MappingTargetRow | undefined> {
      const q =
        kind === 'test'
          ? db
              .select({
                id: tests.testId,
                providerId: tests.providerId,
                name: tests.name,
                status: tests.status,
                scheduleStatus: tests.scheduleStatus,
              })
              .from(tests)
              .where(eq(tests.testId, id))
          : db
              .select({
                id: courses.courseId,
                providerId: courses.providerId,
                name: courses.text,
                status: courses.status,
                scheduleStatus: courses.scheduleStatus,
              })
              .from(courses)
              .where(eq(courses.courseId, id));
      const [row] = forUpdate ? await q.for('update') : await q;
      return row;
    },

    async assignedPage(kind: MappingKind, id: number, page: PageWindow) {
      const where = and(
        kind === 'test' ? eq(testUsers.testId, id) : eq(courseUsers.courseId, id),
        searchOf(page.search),
      );
      if (kind === 'test') {
        const rows = await db
          .select({
            ...studentColumns,
            extraAttempts: testUsers.extraAttempts,
            extraMinutes: testUsers.extraMinutes,
            viaCourseId: testUsers.viaCourseId,
            userSubscriptionStatus: sql<number | null>`null::int`,
            total: sql<number>`count(*) over ()`.mapWith(Number),
          })
          .from(testUsers)
          .innerJoin(users, eq(users.userId, testUsers.userId))
          .where(where)
          .orderBy(asc(users.fullName), asc(users.userId))
          .limit(page.limit)
          .offset(page.offset);
        return rows;
      }
      return db
        .select({
          ...studentColumns,
          extraAttempts: sql<number | null>`null::int`,
          extraMinutes: sql<number | null>`null::int`,
          viaCourseId: sql<number | null>`null::int`,
          userSubscriptionStatus: courseUsers.userSubscriptionStatus,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(courseUsers)
        .innerJoin(users, eq(users.userId, courseUsers.userId))
        .where(where)
        .orderBy(asc(users.fullName), asc(users.userId))
        .limit(page.limit)
        .offset(page.offset);
    },

    async assignedCount(kind: MappingKind, id: number, search?: string) {
      const [r] =
        kind === 'test'
          ? await db
              .select({ n: count() })
              .from(testUsers)
              .innerJoin(users, eq(users.userId, testUsers.userId))
              .where(and(eq(testUsers.testId, id), searchOf(search)))
          : await db
              .select({ n: count() })
              .from(courseUsers)
              .innerJoin(users, eq(users.userId, courseUsers.userId))
              .where(and(eq(courseUsers.courseId, id), searchOf(search)));
      return Number(r.n);
    },

    /**
     * The provider's active students not mapped yet, newest first: the ids come from the students index
     * (provider, type, active, user id) read backwards, the anti-join probes the mapping's primary key.
     */
    async availablePage(kind: MappingKind, id: number, providerId: number, page: PageWindow) {
      const where = and(ownActiveStudents(providerId), notMapped(kind, id), searchOf(page.search));
      const [items, [{ n }]] = await Promise.all([
        db
          .select(studentColumns)
          .from(users)
          .where(where)
          .orderBy(desc(users.userId))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { items, totalCount: Number(n) };
    },

    /** Locks the provider's row (serialises assignments and student adds: the licence count stays true). */
    async lockProvider(providerId: number) {
      await db.execute(
        sql`select 1 from ${providers} where ${providers.providerId} = ${providerId} for update`,
      );
    },

    /** Of `ids`, the active students of the provider. */
    async ownStudents(providerId: number, ids: number[]): Promise<number[]> {
      const rows = await db
        .select({ id: users.userId })
        .from(users)
        .where(and(ownActiveStudents(providerId), sql`${users.userId} = any(${intArray(ids)})`));
      return rows.map((r) => r.id);
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

    /** Maps the students to the test in one statement; a student mapped already stays as he is. */
    async assignTest(testId: number, userIds: number[], by: number, now: Date): Promise<number> {
      const res = await db.execute(sql`
        insert into test_users (test_id, user_id, attempts_allowed, created_by, created_date, updated_by, updated_date)
        select t.test_id, u.id, t.attempts_allowed, ${by}, ${now}, ${by}, ${now}
        from tests t cross join unnest(${intArray(userIds)}) as u(id)
        where t.test_id = ${testId}
        on conflict (test_id, user_id) do nothing
        returning user_id`);
      return rowsOf(res).length;
    },

    /**
     * Maps the students to the series and each of its tests in ONE statement: the course_users rows inserted
     * feed the test_users insert (a student mapped already is skipped by both).
     */
    async assignSeries(courseId: number, userIds: number[], by: number, now: Date): Promise<number> {
      const res = await db.execute(sql`
        with cu as (
          insert into course_users (course_id, user_id, user_subscription_status, created_by, created_date, updated_by, updated_date)
          select ${courseId}, u.id, 2, ${by}, ${now}, ${by}, ${now} from unnest(${intArray(userIds)}) as u(id)
          on conflict (course_id, user_id) do nothing
          returning user_id
        ), tu as (
          insert into test_users (test_id, user_id, attempts_allowed, via_course_id, created_by, created_date, updated_by, updated_date)
          select ct.test_id, cu.user_id, t.attempts_allowed, ${courseId}, ${by}, ${now}, ${by}, ${now}
          from cu cross join course_tests ct join tests t on t.test_id = ct.test_id
          where ct.course_id = ${courseId}
          on conflict (test_id, user_id) do nothing
          returning 1
        )
        select (select count(*) from cu)::int as n`);
      return Number(rowsOf<{ n: number }>(res)[0].n);
    },

    async removeFromTest(testId: number, userId: number): Promise<boolean> {
      const rows = await db
        .delete(testUsers)
        .where(and(eq(testUsers.testId, testId), eq(testUsers.userId, userId)))
        .returning({ id: testUsers.userId });
      return rows.length > 0;
    },

    /** Removes the series mapping and the test mappings the series brought. */
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

    async setAccommodation(
      testId: number,
      userId: number,
      a: { extraAttempts: number; extraMinutes: number },
      by: number,
      now: Date,
    ) {
      const rows = await db
        .update(testUsers)
        .set({ ...a, updatedBy: by, updatedDate: now })
        .where(and(eq(testUsers.testId, testId), eq(testUsers.userId, userId)))
        .returning({ id: testUsers.userId });
      return rows.length > 0;
    },
  };
}
export type AssignmentRepository = ReturnType<typeof createAssignmentRepository>;

/** An int[] parameter (ids are integers checked by the schema). */
const intArray = (ids: number[]) => sql.raw(`'{${ids.map((n) => Math.trunc(Number(n))).join(',')}}'::int[]`);

const notMapped = (kind: MappingKind, id: number) =>
  kind === 'test'
    ? sql`not exists (select 1 from ${testUsers} where ${testUsers.testId} = ${id} and ${testUsers.userId} = ${users.userId})`
    : sql`not exists (select 1 from ${courseUsers} where ${courseUsers.courseId} = ${id} and ${courseUsers.userId} = ${users.userId})`;
