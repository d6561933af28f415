// Review options (issue 27; ours, after Moodle's quiz "review options" matrix): per test, what a student may see
// of a finished attempt — the score, their own answers, the marks per question, the right answers, the
// solutions — at each moment: immediately after the attempt, later while the test's window is still open, after
// the window closes. The server applies them to everything it answers about a closed attempt (the evaluation,
// the result, the lists' scores); the test editor's configuration step sets them.
import { z } from 'zod';

export const reviewItems = ['score', 'answers', 'marks', 'rightAnswers', 'solutions'] as const;
export type ReviewItem = (typeof reviewItems)[number];
export const reviewMoments = ['immediately', 'open', 'closed'] as const;
export type ReviewMoment = (typeof reviewMoments)[number];

/** The editor's words for the matrix's rows and columns. */
export const reviewItemLabels: Record<ReviewItem, string> = {
  score: 'Score and result',
  answers: 'Own answers',
  marks: 'Marks per question',
  rightAnswers: 'Right answers',
  solutions: 'Solutions',
};
export const reviewMomentLabels: Record<ReviewMoment, string> = {
  immediately: 'Immediately after the attempt',
  open: 'Later, while the test is open',
  closed: 'After the test closes',
};

/** "Immediately after the attempt" lasts this long after it closed (Moodle: 2 minutes). */
export const REVIEW_IMMEDIATE_SECONDS = 120;

const momentsSchema = z.object({ immediately: z.boolean(), open: z.boolean(), closed: z.boolean() });
export const reviewOptionsSchema = z.object({
  score: momentsSchema,
  answers: momentsSchema,
  marks: momentsSchema,
  rightAnswers: momentsSchema,
  solutions: momentsSchema,
});
export type ReviewOptions = z.infer<typeof reviewOptionsSchema>;

const always = { immediately: true, open: true, closed: true } as const;
const onceClosed = { immediately: false, open: false, closed: true } as const;

/**
 * A new test's (and every existing test's) options: the score and the own answers from the end of the attempt
 * on; the marks per question (they tell which answers were right), the right answers and the solutions only
 * after the window closes. The migration's column default holds the same value.
 */
export const defaultReviewOptions: ReviewOptions = {
  score: always,
  answers: always,
  marks: onceClosed,
  rightAnswers: onceClosed,
  solutions: onceClosed,
};

/** What the server lets the student see of one closed attempt now. */
export const reviewVisibilitySchema = z.object({
  score: z.boolean(),
  answers: z.boolean(),
  marks: z.boolean(),
  rightAnswers: z.boolean(),
  solutions: z.boolean(),
});
export type ReviewVisibility = z.infer<typeof reviewVisibilitySchema>;

/**
 * The test's window is closed: past its schedule end, or past its expiry date (a calendar day, UTC, as Start
 * reads it). A test without a schedule end closes only by its expiry date.
 */
export function testWindowClosed(
  test: { scheduleEndDate: Date | null; expiryDate: string },
  now: Date,
): boolean {
  if (test.scheduleEndDate && now.getTime() >= test.scheduleEndDate.getTime()) return true;
  return now.toISOString().slice(0, 10) > test.expiryDate;
}

/**
 * The moment of a closed attempt: 'closed' once the window has closed, else 'immediately' within
 * REVIEW_IMMEDIATE_SECONDS of the attempt's close, else 'open'.
 */
export function reviewMoment(x: { now: Date; closedAt: Date | null; windowClosed: boolean }): ReviewMoment {
  if (x.windowClosed) return 'closed';
  const since = x.closedAt ? x.now.getTime() - x.closedAt.getTime() : Number.POSITIVE_INFINITY;
  return since <= REVIEW_IMMEDIATE_SECONDS * 1000 ? 'immediately' : 'open';
}

/**
 * What the student sees of a closed attempt: nothing when the test does not show results (Show Result off);
 * otherwise each item ticked for the moment — and the right answers and solutions, before the window closes,
 * only once the student can attempt the test no more (every attempt used and none open).
 */
export function reviewVisibility(
  options: ReviewOptions,
  x: { showResult: boolean; moment: ReviewMoment; canStillAttempt: boolean },
): ReviewVisibility {
  const on = (item: ReviewItem) => x.showResult && options[item][x.moment];
  const settled = x.moment === 'closed' || !x.canStillAttempt;
  return {
    score: on('score'),
    answers: on('answers'),
    marks: on('marks'),
    rightAnswers: on('rightAnswers') && settled,
    solutions: on('solutions') && settled,
  };
}
