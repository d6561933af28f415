import { describe, expect, it } from 'vitest';
import { scheduleMessages as m, ScheduleMode, scheduleButtonColour, scheduleStatusAt } from './messages';
import {
  defaultAssignDate,
  isEndDateRequired,
  scheduleIssues,
  scheduleModeOf,
  scheduleWindowIssues,
  startOfDayIn,
  zonedInstant,
} from './rules';

const H = 3_600_000;
const MIN = 60_000;
const now = new Date('2026-06-10T12:00:00.000Z');
const plus = (ms: number) => new Date(now.getTime() + ms);
const messages = (...a: Parameters<typeof scheduleIssues>) => scheduleIssues(...a).map((i) => i.message);

describe('the 48-hour lead times (part 3 §5, §9)', () => {
  it('start exactly 48 h from now passes; 1 ms less is refused', () => {
    expect(
      messages({ assignDate: plus(48 * H), startDate: plus(48 * H), endDate: plus(49 * H) }, { now }),
    ).toEqual([]);
    expect(
      messages({ assignDate: plus(48 * H - 1), startDate: plus(48 * H - 1), endDate: plus(49 * H) }, { now }),
    ).toEqual([m.startTooSoon]);
  });
  it('assign exactly 48 h before the start passes; 1 ms later is refused', () => {
    const startDate = plus(72 * H);
    expect(messages({ assignDate: plus(24 * H), startDate, endDate: null }, { now })).toEqual([]);
    expect(messages({ assignDate: plus(24 * H + 1), startDate, endDate: null }, { now })).toEqual([
      m.assignTooLate,
    ]);
  });
  it('Now mode (assign = start) skips the assign lead time', () => {
    expect(scheduleModeOf(plus(50 * H), plus(50 * H))).toBe(ScheduleMode.Now);
    expect(scheduleModeOf(plus(2 * H), plus(50 * H))).toBe(ScheduleMode.Later);
  });
});

describe('the 15-minute window and the end date', () => {
  const startDate = plus(50 * H);
  it('exactly 15 minutes passes; 1 ms less is refused', () => {
    expect(messages({ assignDate: startDate, startDate, endDate: plus(50 * H + 15 * MIN) }, { now })).toEqual(
      [],
    );
    expect(
      messages({ assignDate: startDate, startDate, endDate: plus(50 * H + 15 * MIN - 1) }, { now }),
    ).toEqual([m.endTooSoon]);
  });
  it('no end: refused only for provider types 1 and 3 with a duration', () => {
    expect(isEndDateRequired(1, 180)).toBe(true);
    expect(isEndDateRequired(3, 30)).toBe(true);
    expect(isEndDateRequired(2, 180)).toBe(false);
    expect(isEndDateRequired(1, null)).toBe(false);
    expect(messages({ assignDate: startDate, startDate, endDate: null }, { now, endRequired: true })).toEqual(
      [m.endRequired],
    );
    expect(scheduleWindowIssues(startDate, null, { endRequired: true })[0]?.message).toBe(m.endRequired);
    expect(scheduleWindowIssues(startDate, plus(50 * H + 15 * MIN), {})).toEqual([]);
  });
  it('a test inside a series falls inside its window', () => {
    const seriesWindow = { startDate: plus(60 * H), endDate: plus(90 * H) };
    expect(
      messages({ assignDate: startDate, startDate, endDate: plus(70 * H) }, { now, seriesWindow }),
    ).toEqual([m.startBeforeSeries]);
    const s = plus(60 * H);
    expect(
      messages({ assignDate: s, startDate: s, endDate: plus(90 * H + 1) }, { now, seriesWindow }),
    ).toEqual([m.endAfterSeries]);
    expect(messages({ assignDate: s, startDate: s, endDate: plus(90 * H) }, { now, seriesWindow })).toEqual(
      [],
    );
  });
});

describe('"today" in the browser\'s zone', () => {
  it('the start of the day of an instant in New York, Kolkata and UTC', () => {
    const at = new Date('2026-06-11T02:00:00.000Z'); // 10 June 22:00 EDT, 11 June 07:30 IST
    expect(startOfDayIn(at, 'America/New_York').toISOString()).toBe('2026-06-10T04:00:00.000Z');
    expect(startOfDayIn(at, 'Asia/Kolkata').toISOString()).toBe('2026-06-10T18:30:00.000Z');
    expect(startOfDayIn(at, 'UTC').toISOString()).toBe('2026-06-11T00:00:00.000Z');
  });
  it('an assign date earlier today in the zone passes; yesterday in the zone is refused', () => {
    const at = new Date('2026-06-11T02:00:00.000Z');
    const startDate = new Date(at.getTime() + 72 * H);
    const ctx = { now: at, timeZone: 'America/New_York' };
    const today10 = new Date('2026-06-10T14:00:00.000Z'); // 10:00 EDT today
    expect(messages({ assignDate: today10, startDate, endDate: null }, ctx)).toEqual([]);
    expect(messages({ assignDate: today10, startDate, endDate: null }, { now: at })).toEqual([
      m.assignBeforeToday,
    ]);
    const yesterday = new Date('2026-06-10T03:59:59.000Z'); // 9 June 23:59:59 EDT
    expect(messages({ assignDate: yesterday, startDate, endDate: null }, ctx)).toEqual([m.assignBeforeToday]);
  });
});

describe('a daylight-saving change (America/New_York, 14 March 2027; Europe/London, 28 March 2027)', () => {
  it('midnight on the day of the change is found in the old offset', () => {
    expect(startOfDayIn(new Date('2027-03-14T15:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2027-03-14T05:00:00.000Z',
    );
    expect(startOfDayIn(new Date('2027-03-28T15:00:00Z'), 'Europe/London').toISOString()).toBe(
      '2027-03-28T00:00:00.000Z',
    );
    expect(startOfDayIn(new Date('2027-03-29T15:00:00Z'), 'Europe/London').toISOString()).toBe(
      '2027-03-28T23:00:00.000Z',
    );
  });
  it('48 hours are elapsed hours: the default assign date is 48 h before the start, not the same wall clock', () => {
    const startDate = zonedInstant({ y: 2027, m: 3, d: 15, h: 10 }, 'America/New_York'); // 10:00 EDT
    expect(startDate.toISOString()).toBe('2027-03-15T14:00:00.000Z');
    const assign = defaultAssignDate(startDate);
    expect(assign.toISOString()).toBe('2027-03-13T14:00:00.000Z'); // 09:00 EST on the wall clock
    const before = new Date('2027-03-10T12:00:00Z');
    const ctx = { now: before, timeZone: 'America/New_York' };
    expect(messages({ assignDate: assign, startDate, endDate: null }, ctx)).toEqual([]);
    // the same wall clock two days earlier (10:00 EST) is only 47 elapsed hours before the start
    const sameWallClock = zonedInstant({ y: 2027, m: 3, d: 13, h: 10 }, 'America/New_York');
    expect(startDate.getTime() - sameWallClock.getTime()).toBe(47 * H);
    expect(messages({ assignDate: sameWallClock, startDate, endDate: null }, ctx)).toEqual([m.assignTooLate]);
  });
  it('the 15-minute window across the autumn change in London (01:00–02:00 happens twice)', () => {
    const start = new Date('2027-10-31T00:50:00Z'); // 01:50 BST
    const end = new Date('2027-10-31T01:05:00Z'); // 01:05 GMT: earlier on the wall clock, 15 min later in time
    expect(
      messages(
        { assignDate: start, startDate: start, endDate: end },
        { now: new Date('2027-10-20T00:00:00Z') },
      ),
    ).toEqual([]);
  });
});

describe('scheduleStatus (part 3 §4) and the button colour', () => {
  const w = { assignDate: plus(H), startDate: plus(50 * H), endDate: plus(51 * H) };
  it('moves with the clock: 3 before assignment, 4 at it, 5 at the start, 6 at the end; null unscheduled', () => {
    expect(scheduleStatusAt({ assignDate: null, startDate: null, endDate: null }, now)).toBeNull();
    expect(scheduleStatusAt(w, now)).toBe(3);
    expect(scheduleStatusAt(w, plus(H))).toBe(4);
    expect(scheduleStatusAt(w, plus(50 * H))).toBe(5);
    expect(scheduleStatusAt(w, plus(51 * H))).toBe(6);
    expect(scheduleStatusAt({ ...w, endDate: null }, plus(5000 * H))).toBe(5);
  });
  it('4 green, 5 orange, otherwise red', () => {
    expect(scheduleButtonColour(4)).toBe('success');
    expect(scheduleButtonColour(5)).toBe('warning');
    for (const s of [null, 3, 6]) expect(scheduleButtonColour(s)).toBe('error');
  });
});
