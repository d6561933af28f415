// Reads and writes of schedule windows (tests and series). The only drizzle importer of the scheduling area
// besides schedule-status.repository.ts and schedule-clock.repository.ts.
import { and, eq, gte, inArray, isNotNull, lte, max, min, sql } from 'drizzle-orm';
import { courses, courseTests } from '../../db/schema/courses';
import { tests } from '../../db/schema/tests';
import type { Db } from '../../platform/db/client';
import { scheduleStatusAt } from './schedule-status.repository';

export type ScheduleWrite = {
  assignDate: Date;
  startDate: Date;
  endDate: Date | null;
  status: number;
  scheduleStatus: number | null;
  userId: number;
  at: Date;
};

/** A schedule window's columns as a test or a series stores them, with who wrote it and when. */
const windowColumns = (w: ScheduleWrite) => ({
  assignDate: w.assignDate,
  scheduleDate: w.startDate,
  scheduleEndDate: w.endDate,
  scheduleStatus: w.scheduleStatus,
  updatedBy: w.userId,
  updatedDate: w.at,
});

/** What a schedule change reads of a test or a series: its status, flags, owner and window. */
const windowRowColumns = (t: typeof tests | typeof courses) => ({
  status: t.status,
  isActive: t.isActive,
  isLocked: t.isLocked,
  providerId: t.providerId,
  scheduleStatus: t.scheduleStatus,
  scheduleDate: t.scheduleDate,
  scheduleEndDate: t.scheduleEndDate,
  assignDate: t.assignDate,
});

export function createSchedulingRepository(db: Db) {
  /** A test's or a series' id, name, duration and window row; FOR UPDATE when asked. */
  async function findWindowRow(
    t: typeof tests | typeof courses,
    key: typeof tests.testId | typeof courses.courseId,
    name: typeof tests.name | typeof courses.text,
    id: number,
    forUpdate: boolean,
  ) {
    const q = db
      .select({ id: key, name, duration: t.duration, ...windowRowColumns(t) })
      .from(t)
      .where(eq(key, id));
    const [row] = forUpdate ? await q.for('update') : await q;
    return row;
  }

  return {
    /** The test, locked for the write (FOR UPDATE: two dialogs saving at once apply one after the other). */
    findTest: (testId: number, forUpdate = false) =>
      findWindowRow(tests, tests.testId, tests.name, testId, forUpdate),

    findSeries: (courseId: number, forUpdate = false) =>
      findWindowRow(courses, courses.courseId, courses.text, courseId, forUpdate),

    /** The window a test must fall in: the latest start and earliest end of the scheduled series holding it. */
    async seriesWindowOfTest(testId: number) {
      const [w] = await db
        .select({ startDate: max(courses.scheduleDate), endDate: min(courses.scheduleEndDate) })
        .from(courseTests)
        .innerJoin(courses, eq(courses.courseId, courseTests.courseId))
        .where(and(eq(courseTests.testId, testId), isNotNull(courses.scheduleDate)));
      return w?.startDate ? { startDate: w.startDate, endDate: w.endDate ?? null } : null;
    },

    async writeTest(testId: number, w: ScheduleWrite) {
      await db
        .update(tests)
        .set({ ...windowColumns(w), status: w.status })
        .where(eq(tests.testId, testId));
    },

    async writeSeries(courseId: number, w: ScheduleWrite) {
      await db
        .update(courses)
        .set({ ...windowColumns(w), status: w.status })
        .where(eq(courses.courseId, courseId));
    },

    /**
     * The series' own tests take its window (one statement): active, unlocked, not Draft, not Terminated and
     * not running. A Scheduled/Completed test goes back to Published until its new assign time.
     */
    async scheduleSeriesTests(courseId: number, providerId: number, w: ScheduleWrite) {
      const inSeries = db
        .select({ id: courseTests.testId })
        .from(courseTests)
        .where(eq(courseTests.courseId, courseId));
      const rows = await db
        .update(tests)
        .set({
          ...windowColumns(w),
          status:
            w.scheduleStatus !== null && w.scheduleStatus >= 4
              ? w.scheduleStatus
              : sql`case when ${tests.status} >= 4 then 3 else ${tests.status} end`,
        })
        .where(
          and(
            inArray(tests.testId, inSeries),
            eq(tests.providerId, providerId),
            eq(tests.isActive, true),
            eq(tests.isLocked, false),
            gte(tests.status, 2),
            lte(tests.status, 6),
            sql`${scheduleStatusAt(tests, w.at)} is distinct from 5`,
          ),
        )
        .returning({ id: tests.testId });
      return rows.length;
    },
  };
}
export type SchedulingRepository = ReturnType<typeof createSchedulingRepository>;
