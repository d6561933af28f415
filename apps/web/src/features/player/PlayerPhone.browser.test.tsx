// The player on a 390 × 844 phone (the exam-day device): every control a 44 px touch target, the sticky bar
// kept short (the test's name on one line) so the timer and Submit stay in view, the palette marking the page
// on screen whether or not its questions are answered, and a save the server refused reading 'Not saved' —
// never 'Saving…' for something no longer being tried.
import { type AttemptState, learnerEndpoints as le, learnerMessages as m } from '@assess/contracts/learner';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { TOUCH_PX } from '../../components/touch';
import { apiError, fakeApi } from '../../test/fakeApi';
import { textLines } from '../../test/layout';
import { attemptState, playerQuestion } from '../../test/player';
import { renderApp } from '../../test/render';
import { AttemptPlayer } from './AttemptPlayer';
import { notSavedText, offlineSuffix, SaveStatus } from './SaveStatus';

const choices = [1, 2, 3, 4].map((i) => ({ choiceId: i, text: `Choice ${i}`, imageUrl: null }));
const state = attemptState({
  attemptId: 41,
  testId: 8,
  testName:
    'Joint Entrance Examination Main 2027 Full Syllabus Mock Test 14 (Physics, Chemistry, Mathematics)',
  showHint: true,
  showBookmark: true,
  questionsPerPage: 2,
  sections: [
    {
      poolId: 1,
      name: 'Physics',
      questions: [1, 2, 3, 4].map((n) => playerQuestion(n, { choices, hint: 'Think of the units.' })),
    },
  ],
  // questions 1 (on screen) and 3 (next page) answered
  answers: [
    { questionId: 101, choiceIds: [2], numericAnswer: null, bookmarked: false, seq: 1 },
    { questionId: 103, choiceIds: [1], numericAnswer: null, bookmarked: false, seq: 1 },
  ],
});

afterEach(async () => {
  await page.viewport(1366, 768);
});

describe('the player on a phone', () => {
  it('gives every control a 44 px touch target and keeps the sticky bar to the name on one line', async () => {
    await page.viewport(390, 844);
    await renderApp(<AttemptPlayer state={state} offsetMs={0} />);
    await expect.element(page.getByRole('radio', { name: /Choice 2/ }).first()).toBeChecked();
    const buttons = [
      page.getByRole('button', { name: 'Submit', exact: true }),
      page.getByRole('button', { name: 'Bookmark question 1' }),
      page.getByRole('button', { name: 'Show hint' }).first(),
      page.getByRole('button', { name: 'Clear answer' }),
      page.getByRole('button', { name: 'Next' }),
      page.getByRole('button', { name: /^Question 1,/ }),
    ];
    for (const b of buttons) {
      const r = b.element().getBoundingClientRect();
      expect(r.height, b.element().textContent ?? '').toBeGreaterThanOrEqual(TOUCH_PX);
    }
    for (const b of page.getByRole('navigation', { name: 'Question palette' }).getByRole('button').elements())
      expect(b.getBoundingClientRect().width).toBeGreaterThanOrEqual(TOUCH_PX);
    const name = page.getByTestId('player-test-name');
    expect(textLines(name.element())).toBe(1);
    await expect.element(name).toHaveAttribute('title', state.testName);
    // the bar: the name, then the timer, the status and Submit — two rows at most
    expect(page.getByRole('banner').element().getBoundingClientRect().height).toBeLessThan(120);
  });

  it('marks the page on screen in the palette, answered or not', async () => {
    await page.viewport(390, 844);
    await renderApp(<AttemptPlayer state={state} offsetMs={0} />);
    const nav = page.getByRole('navigation', { name: 'Question palette' });
    const ring = (name: RegExp) => getComputedStyle(nav.getByRole('button', { name }).element()).boxShadow;
    // question 1 (answered) and 2 (unanswered) are on screen; 3 (answered) and 4 are not
    await expect
      .element(nav.getByRole('button', { name: /^Question 1, answered/ }))
      .toHaveAttribute('aria-current', 'step');
    expect(ring(/^Question 1,/)).not.toBe('none');
    expect(ring(/^Question 2,/)).not.toBe('none');
    expect(ring(/^Question 3,/)).toBe('none');
    expect(ring(/^Question 4,/)).toBe('none');
  });

  it('brings the palette (under the questions on a phone) into view from the sticky bar; none on a wide screen', async () => {
    await page.viewport(390, 844);
    const long: AttemptState = { ...state, questionsPerPage: 4 };
    await renderApp(<AttemptPlayer state={long} offsetMs={0} />);
    const nav = page.getByRole('navigation', { name: 'Question palette' });
    await expect.element(nav).toBeInTheDocument();
    expect(nav.element().getBoundingClientRect().top).toBeGreaterThan(844); // below the fold
    await page.getByRole('banner').getByRole('button', { name: 'Questions' }).click();
    const current = nav.getByRole('button', { name: /^Question 1,/ });
    await expect.element(current).toHaveFocus();
    const top = nav.element().getBoundingClientRect().top;
    const bar = page.getByRole('banner').element().getBoundingClientRect().bottom;
    expect(top).toBeGreaterThanOrEqual(bar); // not under the sticky bar
    expect(top).toBeLessThan(844);
    await page.viewport(1366, 768);
    // wide screens have the palette beside the questions: no button (display none, out of the accessibility tree)
    await expect
      .element(page.getByRole('banner').getByRole('button', { name: 'Questions' }))
      .not.toBeInTheDocument();
  });

  it("says 'Not saved' when the server refuses a save, not 'Saving…'", async () => {
    fakeApi.on(le.saveAnswers, () => apiError(403, 'Your session has ended.'));
    await renderApp(<AttemptPlayer state={state} offsetMs={0} />);
    const status = page.getByTestId('save-status');
    await expect.element(status).toHaveTextContent(m.allSaved);
    await page
      .getByRole('radio', { name: /Choice 3/ })
      .first()
      .click();
    await expect.element(page.getByText('Your session has ended.')).toBeVisible();
    await expect.element(status).toHaveTextContent(notSavedText);
    await expect.element(status).not.toHaveTextContent(m.saving);
  });

  it("says 'Saving… (offline)' in the sticky bar while the connection is lost", async () => {
    fakeApi.on(le.saveAnswers, () => apiError(503, 'Service unavailable'));
    await renderApp(<AttemptPlayer state={state} offsetMs={0} />);
    await page
      .getByRole('radio', { name: /Choice 3/ })
      .first()
      .click();
    await expect.element(page.getByTestId('offline-banner')).toHaveTextContent(m.offline);
    const status = page.getByRole('banner').getByTestId('save-status');
    await expect.element(status).toHaveTextContent(`${m.saving} ${offlineSuffix}`);
  });
});

describe('SaveStatus', () => {
  it('reads Saving…, Saving… (offline), All answers saved, or Not saved', async () => {
    const { screen } = await renderApp(<SaveStatus saved={false} />);
    const status = page.getByRole('status');
    await expect.element(status).toHaveTextContent(m.saving);
    await expect.element(status).not.toHaveTextContent(offlineSuffix);
    await screen.rerender(<SaveStatus saved={false} offline />);
    await expect.element(status).toHaveTextContent(`${m.saving} ${offlineSuffix}`);
    await screen.rerender(<SaveStatus saved offline />);
    await expect.element(status).toHaveTextContent(m.allSaved);
    await screen.rerender(<SaveStatus saved />);
    await expect.element(status).toHaveTextContent(m.allSaved);
    await screen.rerender(<SaveStatus saved={false} failed />);
    await expect.element(status).toHaveTextContent(notSavedText);
  });
});
