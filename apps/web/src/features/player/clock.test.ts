import { clockOffsetMs, remainingMs } from '@assess/contracts/learner';
import { describe, expect, it } from 'vitest';
import { formatTimeLeft, spokenTimeLeft } from './clock';

describe('time left', () => {
  it('formats and speaks the remaining time', () => {
    expect(formatTimeLeft(3_723_000)).toBe('1:02:03');
    expect(formatTimeLeft(245_000)).toBe('04:05');
    expect(formatTimeLeft(100)).toBe('00:01');
    expect(formatTimeLeft(0)).toBe('00:00');
    expect(spokenTimeLeft(3_723_000)).toBe('1 hour 2 minutes');
    expect(spokenTimeLeft(61_000)).toBe('1 minute 1 second');
    expect(spokenTimeLeft(0)).toBe('0 seconds');
  });
});

describe('the countdown on the server clock (the player measures its offset on the attempt answer)', () => {
  it('a browser two minutes fast still shows the time the server enforces', () => {
    const deadline = '2026-01-01T11:00:00.000Z';
    const serverNow = '2026-01-01T10:50:00.000Z';
    // the request left at browser time server + 120 s − 150 ms and came back 300 ms later
    const sentAt = Date.parse(serverNow) + 120_000 - 150;
    const offsetMs = clockOffsetMs(serverNow, sentAt + 300, sentAt);
    expect(offsetMs).toBe(-120_000);
    const clientNow = sentAt + 300 + 60_000; // one minute later on the browser's clock
    expect(formatTimeLeft(remainingMs({ deadline, offsetMs, clientNow }))).toBe('09:00');
  });
});
