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

const differs = (stored: SQL | unknown, computed: SQL) => sql`${stored} is distinct from ${computed}`;

export function createScheduleClockRepository(db: Db) {
  /** One table's due transitions (tests or test series, the same schedule columns); the ids of the rows moved. */
  async function advanceTable(
    table: typeof tests | typeof courses,
    id: typeof tests.testId | typeof courses.courseId,
    now: Date,
  ) {
    const set = { status: statusAt(table, now), scheduleStatus: scheduleStatusAt(table, now) };
    const moved = await db
      .update(table)
      .set(set)
      .where(
        and(
          isNotNull(table.scheduleDate),
          sql`${table.scheduleStatus} is distinct from 6`,
          sql`(${differs(table.status, set.status)} or ${differs(table.scheduleStatus, set.scheduleStatus)})`,
        ),
      )
      .returning({ id });
    return moved.map((r) => r.id);
  }

  return {
    /** Writes the transitions due at `now`; returns how many tests and series moved. */
    async advance(now: Date) {
      return {
        tests: await advanceTable(tests, tests.testId, now),
        series: await advanceTable(courses, courses.courseId, now),
      };
    },
  };
}
export type ScheduleClockRepository = ReturnType<typeof createScheduleClockRepository>;
