import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

describe('formatDateTime', () => {
  it('writes dd-Mon-yyyy hh:mm:ss AM/PM in local time', () => {
    expect(formatDateTime(new Date(2026, 10, 5, 0, 7, 9))).toBe('05-Nov-2026 12:07:09 AM');
    expect(formatDateTime(new Date(2026, 0, 31, 13, 0, 0))).toBe('31-Jan-2026 01:00:00 PM');
    expect(formatDateTime(new Date(2026, 0, 31, 12, 30, 0))).toBe('31-Jan-2026 12:30:00 PM');
  });
  it('is empty for nothing or garbage', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDate(new Date(2026, 1, 3, 23, 0, 0))).toBe('03-Feb-2026');
  });
});
