import { describe, expect, it } from 'vitest';
import { seriesIdOf, seriesTestsPath } from './seriesPath';

describe('the series of /courseTestViewer', () => {
  it('round-trips through the query', () => {
    const u = new URL(seriesTestsPath(42), 'http://x');
    expect(u.pathname).toBe('/courseTestViewer');
    expect(seriesIdOf(u.searchParams, null)).toBe(42);
  });
  it('falls back to navigation state', () => {
    expect(seriesIdOf(new URLSearchParams(), { courseId: 7 })).toBe(7);
    expect(seriesIdOf(new URLSearchParams('courseId=3'), { courseId: 7 })).toBe(3);
  });
  it('refuses what is not a positive integer', () => {
    for (const q of [
      '',
      'courseId=',
      'courseId=0',
      'courseId=-1',
      'courseId=1.5',
      'courseId=abc',
      'courseId=1e3',
    ])
      expect(seriesIdOf(new URLSearchParams(q), null)).toBeNull();
    expect(seriesIdOf(new URLSearchParams(), { other: 1 })).toBeNull();
    expect(seriesIdOf(new URLSearchParams('courseId=99999999999999999999'), null)).toBeNull();
  });
});
