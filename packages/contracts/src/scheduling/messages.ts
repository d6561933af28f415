import { commonMessages } from '../common/errors';
import { testRowMessages } from '../tests/list-rules';

/**
 * Scheduling (part 3 §5 "Schedule", §8 "Scheduling", §4 "Schedule mode", §9 lead times): the spec's messages
 * word for word, the constants and the schedule status.
 */

export const scheduleMessages = {
  assignBeforeToday: 'Choose a valid assigned date from today onwards.',
  assignTooLate: 'Assigned date must be 48 hours before the start date.',
  startTooSoon: 'Start date must be at least 48 hours in the future.',
  endTooSoon: 'End date must be at least 15 minutes after the start date.',
  startBeforeSeries: 'Choose a valid start date from test series start date onwards.',
  endAfterSeries: 'Choose a valid end date from test series end date onwards.',
  endRequired: 'Not allowed to clear end date.',
  confirmOverwrite: 'Are you sure you want to overwrite?',
  confirmTest: 'Are you sure you want to schedule test?',
  confirmSeries: 'Are you sure you want to schedule course?',
  testScheduled: 'Test scheduled successfully',
  testAssigned: 'Test assigned successfully',
  seriesScheduled: 'Test Series scheduled successfully',
  seriesAssigned: 'Test Series assigned successfully',
  error: commonMessages.errorOccured,
  // Ours (the spec gives no text): why a schedule is refused outright.
  notSchedulable: testRowMessages.scheduleNeeds,
  seriesNotSchedulable: 'Only an active, unlocked test series that is not a Draft can be scheduled.',
  inProgress: 'A schedule that has started cannot be changed; change its end date instead.',
  overwriteNotConfirmed: 'This schedule exists already: confirm the overwrite to replace it.',
  notScheduled: 'This has no schedule yet.',
  curatorNeedsPublished: 'Only a published test or test series can be scheduled for content curator.',
} as const;

/** Lead times (part 3 §9): 48 hours assign → start and now → start; a window of at least 15 minutes. */
export const scheduleLimits = {
  leadMs: 48 * 60 * 60 * 1000,
  minWindowMs: 15 * 60 * 1000,
  /** The assign date defaults to 2 days (48 elapsed hours) before the start. */
  defaultAssignBeforeMs: 48 * 60 * 60 * 1000,
} as const;

/** Schedule mode (part 3 §4): Now (1) assigns at the start time; Later (2) at the chosen assign date. */
export const ScheduleMode = { Now: 1, Later: 2 } as const;
export type ScheduleModeId = (typeof ScheduleMode)[keyof typeof ScheduleMode];

/**
 * scheduleStatus (part 3 §4) of a test or a series, as a function of the clock:
 * - null: no schedule (schedule date empty);
 * - 3 Awaiting assignment: scheduled, the assign time not reached yet;
 * - 4 Scheduled: assign time reached (students see it assigned), start not reached;
 * - 5 In Progress: start reached, end not reached (or no end);
 * - 6 Completed: end reached.
 * The button colour: 4 green, 5 orange, otherwise red.
 */
export const ScheduleStatus = { Awaiting: 3, Scheduled: 4, InProgress: 5, Completed: 6 } as const;

export type ScheduleWindow = { assignDate: Date | null; startDate: Date | null; endDate: Date | null };

export function scheduleStatusAt(w: ScheduleWindow, now: Date): number | null {
  if (!w.startDate) return null;
  const t = now.getTime();
  if (w.endDate && t >= w.endDate.getTime()) return ScheduleStatus.Completed;
  if (t >= w.startDate.getTime()) return ScheduleStatus.InProgress;
  if (!w.assignDate || t >= w.assignDate.getTime()) return ScheduleStatus.Scheduled;
  return ScheduleStatus.Awaiting;
}

/** The schedule button's colour (part 3 §4): 4 green, 5 orange, otherwise red. */
export const scheduleButtonColour = (scheduleStatus: number | null | undefined) =>
  scheduleStatus === ScheduleStatus.Scheduled
    ? ('success' as const)
    : scheduleStatus === ScheduleStatus.InProgress
      ? ('warning' as const)
      : ('error' as const);
