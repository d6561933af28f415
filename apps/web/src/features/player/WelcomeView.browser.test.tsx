// The welcome page before an attempt (issue 27; issue 23, moved from e2e/player.e2e.ts): the facts (questions,
// sections, duration, attempts left) and the rules in our words, Start; a refused start says why and Start is off.
// The journey opens the welcome page of a real test (no attempt made by opening it) and starts it; the server's
// facts are apps/api/src/modules/learner/learner-review.int.test.ts's.
import type { TestWelcome } from '@assess/contracts/learner';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { TOUCH_PX } from '../../components/touch';
import { checkA11y, renderApp } from '../../test/render';
import { WelcomeView, welcomeTexts } from './WelcomeView';

const welcome: TestWelcome = {
  testId: 7,
  name: 'Mock 7',
  welcomeMessage: null,
  durationMinutes: 30,
  windowEnd: null,
  questionCount: 12,
  sections: [
    { name: 'Physics', questionCount: 6 },
    { name: 'Chemistry', questionCount: 6 },
  ],
  questionsPerPage: 5,
  navigationAllowed: true,
  showTimer: true,
  attemptNumber: 0,
  maxAttempts: 3,
  attemptsLeft: 3,
  openAttemptId: null,
  startIssue: null,
};

describe('WelcomeView', () => {
  it('shows the facts and the rules; Start starts', async () => {
    let starts = 0;
    await renderApp(
      <WelcomeView welcome={welcome} starting={false} problem={null} onStart={() => starts++} />,
    );
    await expect.element(page.getByRole('heading', { level: 1, name: 'Mock 7' })).toBeVisible();
    const facts = page.getByTestId('welcome-facts');
    await expect.element(facts.getByText('3 of 3', { exact: true })).toBeVisible();
    await expect.element(facts.getByText('30 minutes', { exact: true })).toBeVisible();
    await expect.element(facts.getByText('Physics, Chemistry', { exact: true })).toBeVisible();
    const rules = page.getByTestId('welcome-rules');
    await expect.element(rules.getByText(welcomeTexts.clock(30))).toBeVisible();
    await expect.element(rules.getByText(welcomeTexts.back)).toBeVisible();
    await checkA11y();
    // the way out without starting, and both 44 px touch targets (the exam-day phone)
    const back = page.getByRole('link', { name: 'Back to Assigned Tests' });
    await expect.element(back).toHaveAttribute('href', '/testviewer');
    const start = page.getByRole('button', { name: 'Start' });
    for (const el of [start.element(), back.element()])
      expect(el.getBoundingClientRect().height).toBeGreaterThanOrEqual(TOUCH_PX);
    await start.click();
    expect(starts).toBe(1);
  });

  it('a refused start says why and Start is off', async () => {
    const issue = 'This test has not started yet.';
    await renderApp(
      <WelcomeView
        welcome={{ ...welcome, startIssue: issue }}
        starting={false}
        problem={null}
        onStart={() => {}}
      />,
    );
    await expect.element(page.getByRole('alert')).toHaveTextContent(issue);
    await expect.element(page.getByRole('button', { name: 'Start' })).toBeDisabled();
  });
});
