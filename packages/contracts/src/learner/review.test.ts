import { describe, expect, it } from 'vitest';
import {
  defaultReviewOptions,
  REVIEW_IMMEDIATE_SECONDS,
  reviewMoment,
  reviewVisibility,
  testWindowClosed,
} from './review';

const now = new Date('2026-06-10T12:00:00.000Z');
const ago = (s: number) => new Date(now.getTime() - s * 1000);
const all = { immediately: true, open: true, closed: true };

describe('review options (issue 27)', () => {
  it('the moment: closed once the window closed, else immediately for two minutes after the attempt, then open', () => {
    expect(reviewMoment({ now, closedAt: ago(0), windowClosed: true })).toBe('closed');
    expect(reviewMoment({ now, closedAt: ago(REVIEW_IMMEDIATE_SECONDS), windowClosed: false })).toBe(
      'immediately',
    );
    expect(reviewMoment({ now, closedAt: ago(REVIEW_IMMEDIATE_SECONDS + 1), windowClosed: false })).toBe(
      'open',
    );
    expect(reviewMoment({ now, closedAt: null, windowClosed: false })).toBe('open');
  });

  it('the window closes at its schedule end or after its expiry date; without an end only by expiry', () => {
    const expiryDate = '2099-12-31';
    expect(testWindowClosed({ scheduleEndDate: now, expiryDate }, now)).toBe(true);
    expect(testWindowClosed({ scheduleEndDate: new Date(now.getTime() + 1), expiryDate }, now)).toBe(false);
    expect(testWindowClosed({ scheduleEndDate: null, expiryDate }, now)).toBe(false);
    expect(testWindowClosed({ scheduleEndDate: null, expiryDate: '2026-06-09' }, now)).toBe(true);
    expect(testWindowClosed({ scheduleEndDate: null, expiryDate: '2026-06-10' }, now)).toBe(false);
  });

  it('defaults: score and own answers at every moment; marks, right answers and solutions only once closed', () => {
    const at = (moment: 'immediately' | 'open' | 'closed') =>
      reviewVisibility(defaultReviewOptions, { showResult: true, moment, canStillAttempt: false });
    const some = { score: true, answers: true, marks: false, rightAnswers: false, solutions: false };
    expect(at('immediately')).toEqual(some);
    expect(at('open')).toEqual(some);
    expect(at('closed')).toEqual({
      score: true,
      answers: true,
      marks: true,
      rightAnswers: true,
      solutions: true,
    });
  });

  it('right answers and solutions before the close need no attempt left; Show Result off hides everything', () => {
    const open = { ...defaultReviewOptions, marks: all, rightAnswers: all, solutions: all };
    const v = (moment: 'immediately' | 'open' | 'closed', canStillAttempt: boolean, showResult = true) =>
      reviewVisibility(open, { showResult, moment, canStillAttempt });
    expect(v('open', true)).toMatchObject({ marks: true, rightAnswers: false, solutions: false });
    expect(v('immediately', true)).toMatchObject({ rightAnswers: false, solutions: false });
    expect(v('open', false)).toMatchObject({ rightAnswers: true, solutions: true });
    expect(v('closed', true)).toMatchObject({ rightAnswers: true, solutions: true });
    expect(Object.values(v('closed', false, false))).toEqual([false, false, false, false, false]);
  });
});
