import { describe, expect, it } from 'vitest';
import { clockOffset, formatTimeLeft, spokenTimeLeft, timeLeft } from './clock';

describe('clock offset', () => {
  const server = Date.parse('2026-01-01T10:00:00.000Z');
  it('is the server clock minus the browser clock at the middle of the request', () => {
    // the browser is 90 s behind; the request took 400 ms
    const sentAt = server - 90_000 - 200;
    expect(clockOffset('2026-01-01T10:00:00.000Z', sentAt + 400, sentAt)).toBe(90_000);
  });
  it('without a send time uses the receipt time', () => {
    expect(clockOffset('2026-01-01T10:00:00.000Z', server + 5_000)).toBe(-5_000);
  });
  it('an unreadable serverNow means no correction', () => {
    expect(clockOffset('nonsense', 123)).toBe(0);
  });
});

describe('time left', () => {
  const deadline = '2026-01-01T11:00:00.000Z';
  const end = Date.parse(deadline);
  it('counts to the server deadline on the corrected clock', () => {
    // browser 2 minutes fast (offset −120 s): at browser time end − 60 s the server is at end − 180 s
    expect(timeLeft(deadline, -120_000, end - 60_000)).toBe(180_000);
    expect(timeLeft(deadline, 0, end + 1)).toBe(0);
  });
  it('formats and speaks the remaining time', () => {
    expect(formatTimeLeft(3_723_000)).toBe('1:02:03');
    expect(formatTimeLeft(245_000)).toBe('04:05');
    expect(formatTimeLeft(100)).toBe('00:01');
    expect(formatTimeLeft(0)).toBe('00:00');
    expect(spokenTimeLeft(3_723_000)).toBe('1 hour 2 minutes');
    expect(spokenTimeLeft(61_000)).toBe('1 minute 1 second');
  });
});
