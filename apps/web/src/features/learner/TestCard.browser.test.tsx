// A learner's test card in its states (issue 23): Take Test, Resume, 'No More Attempts', a refused start with its
// reason under the button, and the result and score of the latest attempt. The browser journeys keep taking a
// test through the real server (e2e/learner.e2e.ts, e2e/player.e2e.ts).
import { learnerMessages as m } from '@assess/contracts/learner';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi } from '../../test/fakeApi';
import { assignedTest } from '../../test/player';
import { checkA11y, renderApp } from '../../test/render';
import { studentSession } from '../../test/session';
import { TestCard } from './TestCard';

const card = (name: string) => page.getByRole('article', { name });

describe('TestCard', () => {
  it('offers Take Test, Resume, No More Attempts, or a refused start with its reason', async () => {
    await renderApp(
      <>
        <TestCard test={assignedTest(1, {})} variant="full" />
        <TestCard test={assignedTest(2, { attemptNumber: 1, openAttemptId: 77 })} variant="full" />
        <TestCard
          test={assignedTest(3, { attemptNumber: 3, result: 2, actualScore: 7, totalScore: 10 })}
          variant="full"
        />
        <TestCard test={assignedTest(4, { startIssue: 'This test has not started yet.' })} variant="full" />
      </>,
      { session: studentSession() },
    );
    await expect.element(card('Mock 1').getByRole('button', { name: m.takeTest })).toBeEnabled();
    await expect.element(card('Mock 2').getByRole('button', { name: 'Resume' })).toBeEnabled();
    // a running attempt's clock does not stop outside the player: the card says so under Resume
    await expect
      .element(card('Mock 2').getByRole('button', { name: 'Resume' }))
      .toHaveAccessibleDescription('An attempt is in progress: its time keeps running.');
    await expect.element(card('Mock 3').getByRole('button', { name: m.noMoreAttempts })).toBeDisabled();
    await expect.element(card('Mock 3').getByText('Passed')).toBeVisible();
    await expect.element(card('Mock 3').getByText('7 / 10')).toBeVisible();
    const refused = card('Mock 4').getByRole('button', { name: m.takeTest });
    await expect.element(refused).toBeDisabled();
    await expect.element(refused).toHaveAccessibleDescription('This test has not started yet.');
    await checkA11y();
  });

  // moved from e2e/learner.e2e.ts (issue 23): Take Test opens the welcome page and starts nothing (the welcome
  // page on the real server starting no attempt: e2e/player.e2e.ts and learner-review.int.test.ts)
  it('Take Test opens the welcome page and asks the server nothing; Resume opens the running attempt', async () => {
    const { router } = await renderApp(
      <>
        <TestCard test={assignedTest(1, {})} variant="full" />
        <TestCard test={assignedTest(2, { attemptNumber: 1, openAttemptId: 77 })} variant="full" />
      </>,
      { session: studentSession(), path: '/testviewer' },
    );
    await card('Mock 1').getByRole('button', { name: m.takeTest }).click();
    await expect.element(page.getByTestId('navigated-away')).toBeVisible();
    expect(router.state.location.pathname).toBe('/take/1');
    expect(fakeApi.calls).toEqual([]);
    await router.navigate('/testviewer');
    await card('Mock 2').getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/attempt/77');
    expect(fakeApi.calls).toEqual([]);
  });
});
