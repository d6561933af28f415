// Pure rules of the learner lists (part 3 §4 "Learner rules"), kept apart from the components so they are
// unit-tested and shared by /testviewer and /courseTestViewer.
import { type AssignedTest, AttemptResult, learnerMessages as m } from '@assess/contracts/learner';

export type TakeTestState = {
  /** start: a new attempt; resume: the open one; none: no attempts left; refused: the server says why. */
  kind: 'start' | 'resume' | 'none' | 'refused';
  label: string;
  disabled: boolean;
  /** Why it is refused (the server's startIssue), shown beside the button. */
  help: string | null;
};

export const RESUME_LABEL = 'Resume';
/** Our words under Resume: the attempt's clock did not stop when the student left the player. */
export const RESUME_HELP = 'An attempt is in progress: its time keeps running.';

/** Our second lines under the spec's 'Data not found', saying what would be here and when. */
export const emptyTexts = {
  tests: 'Tests assigned to you appear here once their start time has passed.',
  series: 'Test series you are enrolled in appear here.',
  seriesTests: 'This series has no tests for you yet.',
  noSeries: 'Open a series from Test Series.',
  topics: 'Your best topics appear here once your answers have been scored.',
} as const;

/**
 * The Take Test button: an open attempt is resumed, saying that its time keeps running (it is counted in
 * attemptNumber, so this comes first);
 * otherwise it is disabled and reads 'No More Attempts' when maxAttempts ≤ attemptNumber; otherwise the
 * server's reason (outside the window, expired) disables it; otherwise it starts an attempt.
 */
export function takeTestState(
  t: Pick<AssignedTest, 'attemptNumber' | 'maxAttempts' | 'openAttemptId' | 'startIssue'>,
): TakeTestState {
  if (t.openAttemptId !== null)
    return { kind: 'resume', label: RESUME_LABEL, disabled: false, help: RESUME_HELP };
  if (t.maxAttempts <= t.attemptNumber)
    return { kind: 'none', label: m.noMoreAttempts, disabled: true, help: null };
  if (t.startIssue) return { kind: 'refused', label: m.takeTest, disabled: true, help: t.startIssue };
  return { kind: 'start', label: m.takeTest, disabled: false, help: null };
}

/** View Assessment is disabled when there are no attempts. */
export const canViewAssessment = (t: Pick<AssignedTest, 'attemptNumber'>) => t.attemptNumber > 0;

export type ResultView = { text: string; mastery: boolean };

/** Part 3 §3: 1 = Failed, otherwise Passed (3 is Passed at the mastery score), none '--'. */
export function resultView(result: AssignedTest['result'] | undefined): ResultView {
  if (result === null || result === undefined) return { text: m.noResult, mastery: false };
  if (result === AttemptResult.Failed) return { text: 'Failed', mastery: false };
  return { text: 'Passed', mastery: result === AttemptResult.Mastery };
}

const num = (n: number) => String(Math.round(n * 100) / 100);

/** "7 / 10", or '--' when there is no score (no attempt, or the test hides results). */
export function scoreText(actual: number | null, total: number | null): string {
  if (actual === null) return m.noResult;
  return total === null ? num(actual) : `${num(actual)} / ${num(total)}`;
}

/** "1 / 3": attempts started of attempts allowed. */
export const attemptsText = (t: Pick<AssignedTest, 'attemptNumber' | 'maxAttempts'>) =>
  `${t.attemptNumber} / ${t.maxAttempts}`;
