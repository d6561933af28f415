// The status clock (part 3 §4): one set-based UPDATE per table moves status and scheduleStatus to what the
// clock says (Scheduled at the assign time, In Progress at the start, Completed at the end). Idempotent and
// safe with several processes: a row is written only while its stored values differ from the computed ones,
// and PostgreSQL re-checks that condition after waiting for a concurrent writer's lock, so each transition is
// written once. Rows already Completed (or unscheduled) are not touched: a completed window changes only through
// the schedule service, which writes the status itself; the partial indexes of migration 0007 match this filter.
import { and, isNotNull, type SQL, sql } from 'drizzle-orm';
import { courses } from '../../db/schema/courses';
import { tests } from '../../db/schema/tests';
import type { Db } from '../../platform/db/client';
import { scheduleStatusAt, statusAt } from './schedule-status.repository';

export function createScheduleClockRepository(db: Db) {
  const differs = (stored: SQL | unknown, computed: SQL) => sql`${stored} is distinct from ${computed}`;
  return {
    /** Writes the transitions due at `now`; returns how many tests and series moved. */
    async advance(now: Date) {
      const t = { status: statusAt(tests, now), scheduleStatus: scheduleStatusAt(tests, now) };
      const movedTests = await db
        .update(tests)
        .set(t)
        .where(
          and(
            isNotNull(tests.scheduleDate),
            sql`${tests.scheduleStatus} is distinct from 6`,
            sql`(${differs(tests.status, t.status)} or ${differs(tests.scheduleStatus, t.scheduleStatus)})`,
          ),
        )
        .returning({ id: tests.testId });
      const c = { status: statusAt(courses, now), scheduleStatus: scheduleStatusAt(courses, now) };
      const movedSeries = await db
        .update(courses)
        .set(c)
        .where(
          and(
            isNotNull(courses.scheduleDate),
            sql`${courses.scheduleStatus} is distinct from 6`,
            sql`(${differs(courses.status, c.status)} or ${differs(courses.scheduleStatus, c.scheduleStatus)})`,
          ),
        )
        .returning({ id: courses.courseId });
      return { tests: movedTests.map((r) => r.id), series: movedSeries.map((r) => r.id) };
    },
  };
}
export type ScheduleClockRepository = ReturnType<typeof createScheduleClockRepository>;
