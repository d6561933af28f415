// Scheduling endpoints (part 3 §7: Tests generateTests / updateSchedule / updateScheduleWindow /
// getProviderTestScheduling; Courses assignCourseTests / updateSchedule / getProviderTestSeriesScheduling).
import { z } from 'zod';
import { endpointGroup, privilegesOf } from '../common/endpoint';
import { windowFields } from '../common/fields';
import { idParamSchema } from '../common/ints';
import { orSimplifiedTest } from '../quick-tests/access';
import { isTimeZone } from './rules';

const instant = z.iso.datetime({ offset: true });

/**
 * The schedule a dialog sends (the spec's scheduleStartDateTime, scheduleEndDateTime, assignDateTime,
 * IsScheduleOverride). All instants are ISO 8601 (stored in UTC). timeZone: the browser's zone, for "today".
 * isScheduleOverride: the user confirmed 'Are you sure you want to overwrite?' (an existing schedule is refused
 * without it). forContentCurator: Schedule for content curator (AssignTestForContentCurator / …SeriesFor…).
 */
export const scheduleBodySchema = z.object({
  scheduleStartDateTime: instant,
  scheduleEndDateTime: instant.nullable(),
  assignDateTime: instant,
  isScheduleOverride: z.boolean().default(false),
  timeZone: z.string().max(64).refine(isTimeZone, 'Unknown time zone').optional(),
  forContentCurator: z.boolean().default(false),
});
export type ScheduleBody = z.input<typeof scheduleBodySchema>;

/** updateScheduleWindow: only the end moves (a running window may be extended or shortened). */
export const scheduleWindowBodySchema = z.object({ scheduleEndDateTime: instant.nullable() });

/** What the dialog reads (getProviderTestScheduling / getProviderTestSeriesScheduling). */
export const schedulingSchema = z.object({
  name: z.string(),
  status: z.number().int(),
  /** Computed from the clock (see ScheduleStatus). */
  scheduleStatus: z.number().int().nullable(),
  assignDate: z.string().nullable(),
  ...windowFields,
  /** 1 Now, 2 Later; null when not scheduled. */
  mode: z.number().int().nullable(),
  /** Provider types 1 and 3 with a duration cannot clear the end date. */
  endRequired: z.boolean(),
  /** A test inside scheduled series: the window it must fall in (latest start, earliest end). */
  seriesWindow: z.object({ startDate: z.string(), endDate: z.string().nullable() }).nullable(),
  /** The server's time, so the dialog's "now" is the server's (the e2e clock can be moved). */
  now: z.string(),
});
export type Scheduling = z.infer<typeof schedulingSchema>;

export const scheduleResultSchema = z.object({
  message: z.string(),
  scheduling: schedulingSchema,
  /** Tests of the series whose window was set with it. */
  testsScheduled: z.number().int().optional(),
});

const testParams = z.object({ testId: idParamSchema });
const courseParams = z.object({ courseId: idParamSchema });
const test = privilegesOf('Test');
const series = privilegesOf('TestSeries');
const testAccess = {
  privilege: orSimplifiedTest(test('AssignTest'), test('AssignTestForContentCurator')),
} as const;
const seriesAccess = {
  privilege: [series('AssignTestSeries'), series('AssignTestSeriesForContentCurator')],
} as const;

export const schedulingEndpoints = endpointGroup('scheduling', {
  testScheduling: {
    method: 'GET',
    path: '/api/tests/:testId/schedule',
    summary: "A test's schedule window, mode, computed schedule status and the series window it must fall in",
    access: testAccess,
    params: testParams,
    response: schedulingSchema,
  },
  scheduleTest: {
    method: 'PUT',
    path: '/api/tests/:testId/schedule',
    summary:
      'Schedule (or, confirmed, re-schedule) an own active, unlocked, non-Draft test (part 3 §5 rules)',
    access: testAccess,
    params: testParams,
    body: scheduleBodySchema,
    response: scheduleResultSchema,
  },
  testScheduleWindow: {
    method: 'PUT',
    path: '/api/tests/:testId/schedule-window',
    summary: "Move the end of a scheduled test's window (15 minutes after the start at least)",
    access: testAccess,
    params: testParams,
    body: scheduleWindowBodySchema,
    response: scheduleResultSchema,
  },
  seriesScheduling: {
    method: 'GET',
    path: '/api/series/:courseId/schedule',
    summary: "A test series' schedule window, mode and computed schedule status",
    access: seriesAccess,
    params: courseParams,
    response: schedulingSchema,
  },
  scheduleSeries: {
    method: 'PUT',
    path: '/api/series/:courseId/schedule',
    summary: 'Schedule an own test series and, inside its window, its own tests (part 3 §5 rules)',
    access: seriesAccess,
    params: courseParams,
    body: scheduleBodySchema,
    response: scheduleResultSchema,
  },
});
