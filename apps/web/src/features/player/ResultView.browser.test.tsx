// The player's result page: the button that opens the evaluation bears the spec's name, View Assessment (part 3 §2
// "Learner area"), as on the Assigned Tests; it opens the Evaluation dialog of the attempt.
import type { AttemptResultView } from '@assess/contracts/learner';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { checkA11y, renderApp } from '../../test/render';
import { ResultView } from './ResultView';

const result: AttemptResultView = {
  attemptId: 31,
  attemptNumber: 1,
  status: 2,
  showResult: true,
  actualScore: 7,
  totalScore: 10,
  result: 2,
  feedback: null,
  concludeMessage: null,
  answeredCount: 2,
  questionCount: 2,
};

describe('ResultView', () => {
  it("names the evaluation's button View Assessment, the spec's name", async () => {
    await renderApp(<ResultView testId={7} testName="Mock 7" result={result} />);
    await expect.element(page.getByTestId('result-score')).toHaveTextContent('7 / 10');
    const view = page.getByRole('button', { name: 'View Assessment', exact: true });
    await expect.element(view).toBeVisible();
    await expect.element(view).toHaveAttribute('aria-haspopup', 'dialog');
    expect(page.getByRole('button', { name: /View evaluation/i }).elements()).toHaveLength(0);
    await checkA11y();
  });
});
