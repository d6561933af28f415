import { describe, expect, it } from 'vitest';
import { attemptDeadline, clockOffsetMs, remainingMs } from './deadline';

const at = (iso: string) => new Date(iso);

describe('attemptDeadline', () => {
  it('is start + duration when the window ends later or never', () => {
    const startedAt = at('2026-03-10T09:00:00.000Z');
    expect(
      attemptDeadline({ startedAt, durationMinutes: 60, extraMinutes: 0, windowEnd: null }).toISOString(),
    ).toBe('2026-03-10T10:00:00.000Z');
    expect(
      attemptDeadline({
        startedAt,
        durationMinutes: 60,
        extraMinutes: 0,
        windowEnd: at('2026-03-10T12:00:00Z'),
      }),
    ).toEqual(at('2026-03-10T10:00:00Z'));
  });

  it('adds the extra minutes of an accommodation (null or negative: none)', () => {
    const startedAt = at('2026-03-10T09:00:00Z');
    expect(attemptDeadline({ startedAt, durationMinutes: 60, extraMinutes: 15, windowEnd: null })).toEqual(
      at('2026-03-10T10:15:00Z'),
    );
    expect(attemptDeadline({ startedAt, durationMinutes: 60, extraMinutes: null, windowEnd: null })).toEqual(
      at('2026-03-10T10:00:00Z'),
    );
    expect(attemptDeadline({ startedAt, durationMinutes: 60, extraMinutes: -5, windowEnd: null })).toEqual(
      at('2026-03-10T10:00:00Z'),
    );
  });

  it('is the window end when the window closes before the duration (extra time included) runs out', () => {
    const startedAt = at('2026-03-10T09:40:00Z');
    const windowEnd = at('2026-03-10T10:00:00Z');
    expect(attemptDeadline({ startedAt, durationMinutes: 60, extraMinutes: 30, windowEnd })).toEqual(
      windowEnd,
    );
    // exactly equal: the same instant either way
    expect(attemptDeadline({ startedAt, durationMinutes: 20, extraMinutes: 0, windowEnd })).toEqual(
      windowEnd,
    );
  });

  it('keeps the start time to the millisecond', () => {
    const startedAt = at('2026-03-10T09:00:00.123Z');
    expect(
      attemptDeadline({ startedAt, durationMinutes: 1, extraMinutes: 0, windowEnd: null }).getTime(),
    ).toBe(startedAt.getTime() + 60_000);
  });

  it('ignores daylight saving: instants, so the clocks going back or forward add or remove nothing', () => {
    // Europe/London goes back from 02:00 BST to 01:00 GMT on 2026-10-25 (01:00 UTC). A 60-minute test started at
    // 00:30 UTC (01:30 BST) ends at 01:30 UTC, which local clocks show as 01:30 GMT: the wall clock reads the same
    // time, yet exactly 60 real minutes have passed.
    const back = attemptDeadline({
      startedAt: at('2026-10-25T00:30:00Z'),
      durationMinutes: 60,
      extraMinutes: 0,
      windowEnd: null,
    });
    expect(back.getTime() - at('2026-10-25T00:30:00Z').getTime()).toBe(3_600_000);
    expect(back.toISOString()).toBe('2026-10-25T01:30:00.000Z');
    // New York springs forward at 02:00 EST (07:00 UTC) on 2026-03-08: a test started at 01:45 EST (06:45 UTC)
    // with a window ending at 03:30 EDT (07:30 UTC) lasts 45 real minutes, not 105 wall-clock ones.
    const forward = attemptDeadline({
      startedAt: at('2026-03-08T01:45:00-05:00'),
      durationMinutes: 120,
      extraMinutes: 0,
      windowEnd: at('2026-03-08T03:30:00-04:00'),
    });
    expect(forward.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(forward.getTime() - at('2026-03-08T01:45:00-05:00').getTime()).toBe(45 * 60_000);
  });
});

describe('clockOffsetMs and remainingMs', () => {
  const deadline = '2026-03-10T10:00:00.000Z';
  const serverNow = '2026-03-10T09:50:00.000Z'; // ten minutes left on the server

  it('a browser clock five minutes fast still shows the server-held ten minutes', () => {
    const fast = Date.parse(serverNow) + 5 * 60_000;
    expect(clockOffsetMs(serverNow, fast)).toBe(-5 * 60_000);
    expect(remainingMs({ deadline, serverNow, clientReceivedAt: fast, clientNow: fast })).toBe(10 * 60_000);
    // one minute later on the browser's clock
    expect(remainingMs({ deadline, serverNow, clientReceivedAt: fast, clientNow: fast + 60_000 })).toBe(
      9 * 60_000,
    );
  });

  it('a slow browser clock and a measured offset give the same', () => {
    const slow = Date.parse(serverNow) - 3 * 60_000;
    const offsetMs = clockOffsetMs(serverNow, new Date(slow));
    expect(offsetMs).toBe(3 * 60_000);
    expect(remainingMs({ deadline: new Date(deadline), offsetMs, clientNow: slow + 1_000 })).toBe(
      10 * 60_000 - 1_000,
    );
  });

  it('sets the server time against the middle of the request', () => {
    const sent = Date.parse(serverNow) - 400;
    expect(clockOffsetMs(serverNow, sent + 800, sent)).toBe(0);
    // a receipt before the send (clock adjusted mid-request) counts as no delay
    expect(clockOffsetMs(serverNow, sent - 100, sent)).toBe(400);
  });

  it('never goes below 0 and gives 0 for unreadable instants', () => {
    expect(remainingMs({ deadline, offsetMs: 0, clientNow: Date.parse(deadline) + 1 })).toBe(0);
    expect(remainingMs({ deadline: 'nonsense', offsetMs: 0, clientNow: 0 })).toBe(0);
    expect(clockOffsetMs('nonsense', 123)).toBe(0);
  });
});
