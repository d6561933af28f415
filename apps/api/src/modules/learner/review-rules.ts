import {
  AttemptStatus,
  type ReviewVisibility,
  reviewMoment,
  reviewVisibility,
  testWindowClosed,
} from '@assess/contracts/learner';
import type { AttemptRow, TestRow } from './attempts.repository';

type ReviewTest = Pick<TestRow, 'showResult' | 'reviewOptions' | 'scheduleEndDate' | 'expiryDate'>;
type ClosedAttempt = Pick<AttemptRow, 'status' | 'submittedAt'>;

const nothing: ReviewVisibility = {
  score: false,
  answers: false,
  marks: false,
  rightAnswers: false,
  solutions: false,
};

/**
 * What the student may see of one of their attempts now (issue 27): nothing while it is open; else the test's
 * review options at the attempt's moment (immediately after it, later while the window is open, after the
 * window closes), the right answers and solutions before the window closes only when `canStillAttempt` is false.
 */
export function attemptVisibility(
  test: ReviewTest,
  a: ClosedAttempt,
  now: Date,
  canStillAttempt: boolean,
): ReviewVisibility {
  if (a.status === AttemptStatus.Open) return nothing;
  const moment = reviewMoment({ now, closedAt: a.submittedAt, windowClosed: testWindowClosed(test, now) });
  return reviewVisibility(test.reviewOptions, { showResult: test.showResult, moment, canStillAttempt });
}

/** The score of a closed attempt is shown now (it does not depend on the attempts left). */
export const scoreShown = (test: ReviewTest, a: ClosedAttempt, now: Date) =>
  attemptVisibility(test, a, now, true).score;
