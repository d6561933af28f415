// The schedule rules of tests and test series (part 3 §5 "Schedule", §4 "Schedule mode", §9): ONE pure function
// used by the schedule dialog (live, as the user picks) and by the server (the same refusal for a request that
// skipped the dialog). Instants are compared in UTC milliseconds; "today" is the caller's calendar day in its
// time zone (the browser's; the server gets it with the request, UTC when absent). Date and Intl only.
import { ScheduleMode, type ScheduleModeId, scheduleLimits, scheduleMessages } from './messages';

export type ScheduleField = 'assignDate' | 'startDate' | 'endDate';
export type ScheduleIssue = { field: ScheduleField; message: string };

export type ScheduleInput = {
  assignDate: Date;
  startDate: Date;
  /** null: no end (allowed unless `endRequired`). */
  endDate: Date | null;
};

export type ScheduleContext = {
  now: Date;
  /** IANA zone whose calendar day is "today" (the browser's zone). */
  timeZone?: string;
  /** For a test inside a scheduled series: the series' window (part 3 §5). */
  seriesWindow?: { startDate: Date; endDate: Date | null } | null;
  /** Provider types 1 and 3 with a duration: the end date cannot be cleared. */
  endRequired?: boolean;
};

/** Provider types 1 (ERP) and 3 (Subscriber) cannot clear the end date of something with a duration. */
export const isEndDateRequired = (providerTypeId: number, duration: number | null | undefined) =>
  (providerTypeId === 1 || providerTypeId === 3) && duration != null && duration > 0;

/** Now (1) when the assign time equals the start time, otherwise Later (2) (part 3 §4). */
export const scheduleModeOf = (assignDate: Date, startDate: Date): ScheduleModeId =>
  assignDate.getTime() === startDate.getTime() ? ScheduleMode.Now : ScheduleMode.Later;

/** The assign date's default: 2 days, i.e. 48 elapsed hours, before the start (whatever a DST change does to the wall clock). */
export const defaultAssignDate = (startDate: Date) =>
  new Date(startDate.getTime() - scheduleLimits.defaultAssignBeforeMs);

/** The wall-clock parts of an instant in a zone. */
function partsIn(instant: Date, timeZone: string) {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const p = Object.fromEntries(f.formatToParts(instant).map((x) => [x.type, x.value]));
  return { y: +p.year, m: +p.month, d: +p.day, h: +p.hour, min: +p.minute, s: +p.second };
}

/** The zone's offset from UTC at an instant, in ms (local − UTC). */
function offsetAt(instant: Date, timeZone: string) {
  const p = partsIn(instant, timeZone);
  const asUtc = Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a wall-clock time of a zone names (the earlier one in a DST overlap; a gap moves forward). */
export function zonedInstant(
  t: { y: number; m: number; d: number; h?: number; min?: number },
  timeZone: string,
): Date {
  const wall = Date.UTC(t.y, t.m - 1, t.d, t.h ?? 0, t.min ?? 0);
  let guess = wall - offsetAt(new Date(wall), timeZone);
  guess = wall - offsetAt(new Date(guess), timeZone);
  return new Date(guess);
}

/** Midnight starting the calendar day of `now` in `timeZone`. */
export function startOfDayIn(now: Date, timeZone = 'UTC'): Date {
  const p = partsIn(now, timeZone);
  return zonedInstant({ y: p.y, m: p.m, d: p.d }, timeZone);
}

/** True when the zone name is one Intl knows. */
export function isTimeZone(name: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * Every rule of part 3 §5 "Schedule", each with the spec's message; an empty list means the schedule is valid.
 * - Later mode (assign ≠ start): the assign date not before today; the start at least 48 h after the assign date.
 * - The start at least 48 h after now. The end at least 15 min after the start; no end only when not required.
 * - A test inside a scheduled series: its start not before the series' start, its end not after the series' end.
 * Boundaries are inclusive: exactly 48 h and exactly 15 min pass.
 */
export function scheduleIssues(input: ScheduleInput, ctx: ScheduleContext): ScheduleIssue[] {
  const m = scheduleMessages;
  const issues: ScheduleIssue[] = [];
  const assign = input.assignDate.getTime();
  const start = input.startDate.getTime();
  const end = input.endDate?.getTime() ?? null;
  const later = scheduleModeOf(input.assignDate, input.startDate) === ScheduleMode.Later;

  if (later && assign < startOfDayIn(ctx.now, ctx.timeZone).getTime())
    issues.push({ field: 'assignDate', message: m.assignBeforeToday });
  else if (later && start - assign < scheduleLimits.leadMs)
    issues.push({ field: 'assignDate', message: m.assignTooLate });

  if (start - ctx.now.getTime() < scheduleLimits.leadMs)
    issues.push({ field: 'startDate', message: m.startTooSoon });
  else if (ctx.seriesWindow && start < ctx.seriesWindow.startDate.getTime())
    issues.push({ field: 'startDate', message: m.startBeforeSeries });

  if (end === null) {
    if (ctx.endRequired) issues.push({ field: 'endDate', message: m.endRequired });
    else if (ctx.seriesWindow?.endDate) issues.push({ field: 'endDate', message: m.endAfterSeries });
  } else if (end - start < scheduleLimits.minWindowMs)
    issues.push({ field: 'endDate', message: m.endTooSoon });
  else if (ctx.seriesWindow?.endDate && end > ctx.seriesWindow.endDate.getTime())
    issues.push({ field: 'endDate', message: m.endAfterSeries });
  return issues;
}

/** The end-only change of an existing window (updateScheduleWindow): 15 minutes after the start, not cleared when required. */
export function scheduleWindowIssues(
  startDate: Date,
  endDate: Date | null,
  ctx: Pick<ScheduleContext, 'endRequired' | 'seriesWindow'>,
): ScheduleIssue[] {
  const m = scheduleMessages;
  if (endDate === null)
    return ctx.endRequired
      ? [{ field: 'endDate', message: m.endRequired }]
      : ctx.seriesWindow?.endDate
        ? [{ field: 'endDate', message: m.endAfterSeries }]
        : [];
  if (endDate.getTime() - startDate.getTime() < scheduleLimits.minWindowMs)
    return [{ field: 'endDate', message: m.endTooSoon }];
  if (ctx.seriesWindow?.endDate && endDate.getTime() > ctx.seriesWindow.endDate.getTime())
    return [{ field: 'endDate', message: m.endAfterSeries }];
  return [];
}
