// The schedule status computed on read (part 3 §4 scheduleStatus; definition in packages/contracts/src/scheduling/
// messages.ts and docs/FEATURES.md). Lists select these expressions instead of the stored columns, so a late
// status job never shows a wrong state; the status job (schedule-clock.repository.ts) writes the same values.
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { courses } from '../../db/schema/courses';
import { tests } from '../../db/schema/tests';

type ScheduleColumns = {
  status: AnyPgColumn;
  scheduleStatus: AnyPgColumn;
  scheduleDate: AnyPgColumn;
  scheduleEndDate: AnyPgColumn;
  assignDate: AnyPgColumn;
};

/** scheduleStatus at `now`: null unscheduled, 3 awaiting assignment, 4 Scheduled, 5 In Progress, 6 Completed. */
export function scheduleStatusAt(t: ScheduleColumns, now: Date): SQL<number | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql<number | null>`(case
    when ${t.scheduleDate} is null then null
    when ${t.scheduleEndDate} is not null and ${t.scheduleEndDate} <= ${at} then 6
    when ${t.scheduleDate} <= ${at} then 5
    when ${t.assignDate} is null or ${t.assignDate} <= ${at} then 4
    else 3 end)::smallint`.mapWith(Number);
}

/**
 * status at `now`: a scheduled Ready/Published/Scheduled/In Progress/Completed row takes the schedule status once
 * assigned (4, 5, 6); Draft, Terminated and unscheduled rows keep their stored status.
 */
export function statusAt(t: ScheduleColumns, now: Date): SQL<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql<number>`(case
    when ${t.scheduleDate} is null or ${t.status} not between 2 and 6 then ${t.status}
    when ${t.scheduleEndDate} is not null and ${t.scheduleEndDate} <= ${at} then 6
    when ${t.scheduleDate} <= ${at} then 5
    when ${t.assignDate} is null or ${t.assignDate} <= ${at} then 4
    else ${t.status} end)::smallint`.mapWith(Number);
}

/** The tests list's columns: `{ status, scheduleStatus }` as of `now`. */
export const testScheduleColumns = (now: Date) => ({
  status: statusAt(tests, now),
  scheduleStatus: scheduleStatusAt(tests, now),
});

/** The series list's columns: `{ status, scheduleStatus }` as of `now`. */
export const seriesScheduleColumns = (now: Date) => ({
  status: statusAt(courses, now),
  scheduleStatus: scheduleStatusAt(courses, now),
});
