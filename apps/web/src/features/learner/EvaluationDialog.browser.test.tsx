// View Assessment's evaluation (part 3 §2 "Learner area"; moved from e2e/learner.e2e.ts and e2e/player.e2e.ts,
// issue 23): the latest finished attempt first, the attempt selector, the score and result, per question the
// answer given, the right answer and the marks when the test's review options show them, and what they hide
// named. The browser journeys keep opening it on the demo's attempt through the real server.
import {
  type AttemptSummary,
  type Evaluation,
  learnerEndpoints as le,
  type ReviewVisibility,
} from '@assess/contracts/learner';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi } from '../../test/fakeApi';
import { playerQuestion } from '../../test/player';
import { checkA11y, renderApp } from '../../test/render';
import { studentSession } from '../../test/session';
import { EvaluationDialog } from './EvaluationDialog';

const attempt = (attemptId: number, attemptNumber: number, status: 1 | 2 = 2): AttemptSummary => ({
  attemptId,
  attemptNumber,
  status,
  startedAt: '2026-05-01T09:00:00.000Z',
  deadline: '2026-05-01T09:30:00.000Z',
  submittedAt: status === 1 ? null : '2026-05-01T09:20:00.000Z',
  actualScore: null,
  totalScore: null,
  result: null,
});
const all: ReviewVisibility = {
  score: true,
  answers: true,
  marks: true,
  rightAnswers: true,
  solutions: true,
};

function evaluation(attemptId: number, review: ReviewVisibility): Evaluation {
  const shown = <T,>(on: boolean, v: T) => (on ? v : null);
  return {
    attemptId,
    attemptNumber: attemptId - 10,
    review,
    actualScore: shown(review.score, 1),
    totalScore: shown(review.score, 2),
    result: shown(review.score, 2 as const),
    sections: [
      {
        poolId: 1,
        name: 'Arithmetic',
        score: shown(review.score, 1),
        total: shown(review.score, 2),
        questions: [
          {
            ...playerQuestion(1, { questionType: 4, text: '6 × 7 = ?' }),
            givenChoiceIds: null,
            givenNumeric: shown(review.answers, 42),
            correctChoiceIds: null,
            correctNumeric: shown(review.rightAnswers, 42),
            tolerance: null,
            solutionText: shown(review.solutions, 'Six sevens.'),
            solutionImageUrl: null,
            feedback: null,
            marks: shown(review.marks, 1),
            outcome: shown(review.marks, 'correct' as const),
          },
        ],
      },
    ],
  };
}

describe('EvaluationDialog', () => {
  it('opens on the latest finished attempt with score and answers; another attempt names what its review hides', async () => {
    const hiding = { ...all, marks: false, rightAnswers: false, solutions: false };
    fakeApi
      .on(le.attempts, () => [attempt(11, 1), attempt(12, 2), attempt(13, 3, 1)])
      .on(le.evaluation, ({ params }) =>
        evaluation(params.attemptId, params.attemptId === 12 ? all : hiding),
      );
    await renderApp(<EvaluationDialog testId={7} testName="Demo Published Test" onClose={() => {}} />, {
      session: studentSession(),
    });
    const dialog = page.getByRole('dialog', { name: 'Evaluation: Demo Published Test' });
    await expect.element(dialog.getByRole('combobox', { name: 'Attempt' })).toBeVisible();
    await expect.element(dialog.getByText('Score: 1 / 2')).toBeVisible();
    await expect.element(dialog.getByText('Passed', { exact: true })).toBeVisible();
    const q1 = dialog.getByRole('listitem', { name: 'Question 1' });
    await expect.element(q1.getByText('Your answer:')).toBeVisible();
    await expect.element(q1.getByText('Right answer:')).toBeVisible();
    await expect.element(q1.getByText('Marks: 1 / 1')).toBeVisible();
    await checkA11y();

    // the open attempt is not offered; attempt 1's review hides marks, right answers and solutions
    await dialog.getByRole('combobox', { name: 'Attempt' }).click();
    await expect.element(page.getByRole('option', { name: /^Attempt 3 / })).not.toBeInTheDocument();
    await page.getByRole('option', { name: /^Attempt 1 / }).click();
    await expect
      .element(dialog.getByText('Not shown yet: marks per question, right answers, solutions.'))
      .toBeVisible();
    await expect.element(q1.getByText('Your answer:')).toBeVisible();
    await expect.element(q1.getByText('Right answer:')).not.toBeInTheDocument();
    expect(fakeApi.requestsTo(le.evaluation).map((r) => r.params.attemptId)).toEqual([12, 11]);
  });
});
