// The player's parts in their states (issue 23): the palette (answered, unanswered, bookmarked, the current
// page, forward-only navigation), the timer (its warning in the last five minutes and its spoken time), the save
// status and the offline banner in the spec's words, a Numerical answer refusing what is not a number (moved
// from e2e/player.e2e.ts). The full journey (offline and back, resume, submit) stays
// in e2e/player.e2e.ts and e2e/player-offline.e2e.ts.
import { learnerMessages as m, type SavedAnswer } from '@assess/contracts/learner';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { playerQuestion } from '../../test/player';
import { checkA11y, renderApp } from '../../test/render';
import { NumericAnswer } from './NumericAnswer';
import { OfflineBanner } from './OfflineBanner';
import { Palette } from './Palette';
import type { PlayerPageSlice } from './pagination';
import { SaveStatus } from './SaveStatus';
import { Timer } from './Timer';

const question = (n: number) => playerQuestion(n);
/** Two sections: Physics (questions 1–2, one page each) and Chemistry (question 3). */
const pages: PlayerPageSlice[] = [
  { index: 0, sectionIndex: 0, sectionName: 'Physics', questions: [question(1)] },
  { index: 1, sectionIndex: 0, sectionName: 'Physics', questions: [question(2)] },
  { index: 2, sectionIndex: 1, sectionName: 'Chemistry', questions: [question(3)] },
];
const answer = (n: number, patch: Partial<SavedAnswer>): [number, SavedAnswer] => [
  100 + n,
  { questionId: 100 + n, choiceIds: [], numericAnswer: null, bookmarked: false, seq: 1, ...patch },
];

describe('Palette', () => {
  it('says each question state, counts them and jumps anywhere when navigation is allowed', async () => {
    const jumps: number[] = [];
    const answers = new Map([answer(1, { choiceIds: [2] }), answer(2, { bookmarked: true })]);
    await renderApp(
      <Palette
        pages={pages}
        current={1}
        answers={answers}
        navigationAllowed
        showBookmark
        onJump={(i) => jumps.push(i)}
      />,
    );
    const nav = page.getByRole('navigation', { name: 'Question palette' });
    await expect.element(nav.getByText('Answered 1')).toBeVisible();
    await expect.element(nav.getByText('Unanswered 2')).toBeVisible();
    await expect.element(nav.getByText('Bookmarked 1')).toBeVisible();
    await expect.element(nav.getByText('Physics')).toBeVisible();
    await expect.element(nav.getByText('Chemistry')).toBeVisible();
    await expect.element(nav.getByRole('button', { name: 'Question 1, answered' })).toBeEnabled();
    const here = nav.getByRole('button', { name: 'Question 2, unanswered, bookmarked' });
    await expect.element(here).toHaveAttribute('aria-current', 'step');
    await nav.getByRole('button', { name: 'Question 1, answered' }).click();
    await nav.getByRole('button', { name: 'Question 3, unanswered' }).click();
    expect(jumps).toEqual([0, 2]);
    await checkA11y();
  });

  it('only goes forward when the test does not allow navigation, and hides bookmarks when not shown', async () => {
    const jumps: number[] = [];
    await renderApp(
      <Palette
        pages={pages}
        current={1}
        answers={new Map()}
        navigationAllowed={false}
        showBookmark={false}
        onJump={(i) => jumps.push(i)}
      />,
    );
    const nav = page.getByRole('navigation', { name: 'Question palette' });
    await expect.element(nav.getByRole('button', { name: 'Question 1, unanswered' })).toBeDisabled();
    await expect.element(nav.getByRole('button', { name: 'Question 3, unanswered' })).toBeEnabled();
    await expect.element(nav.getByText(/^Bookmarked/)).not.toBeInTheDocument();
    await nav.getByRole('button', { name: 'Question 3, unanswered' }).click();
    expect(jumps).toEqual([2]);
  });
});

describe('Timer', () => {
  it('shows the time left, warns in the last five minutes and announces the last minute', async () => {
    const { screen } = await renderApp(<Timer ms={(12 * 60 + 5) * 1000} />);
    const timer = page.getByRole('timer');
    await expect.element(timer).toHaveTextContent('12:05');
    await expect.element(timer).toHaveAccessibleName(/^Time left: /);
    const calm = getComputedStyle(timer.element().parentElement as HTMLElement).backgroundColor;
    await screen.rerender(<Timer ms={4 * 60_000} />);
    await expect.element(timer).toHaveTextContent('04:00');
    await expect.element(page.getByText('Five minutes left')).toBeInTheDocument();
    const warn = getComputedStyle(timer.element().parentElement as HTMLElement).backgroundColor;
    expect(warn).not.toBe(calm);
    await screen.rerender(<Timer ms={59_000} />);
    await expect.element(page.getByText('One minute left')).toBeInTheDocument();
  });
});

describe('offline banner and save status', () => {
  it("says the spec's words offline, nothing online; 'Saving…' until every answer is acknowledged", async () => {
    const { screen } = await renderApp(
      <>
        <OfflineBanner offline />
        <SaveStatus saved={false} />
      </>,
    );
    await expect.element(page.getByTestId('offline-banner')).toHaveTextContent(m.offline);
    await expect.element(page.getByRole('status')).toHaveTextContent(m.saving);
    await checkA11y();
    await screen.rerender(
      <>
        <OfflineBanner offline={false} />
        <SaveStatus saved />
      </>,
    );
    await expect.element(page.getByTestId('offline-banner')).not.toBeInTheDocument();
    await expect.element(page.getByRole('status')).toHaveTextContent(m.allSaved);
  });
});

describe('NumericAnswer', () => {
  it("refuses a character that is no part of a number with the spec's words, saves only a complete number", async () => {
    const saved: (number | null)[] = [];
    await renderApp(
      <NumericAnswer value={null} onChange={(v) => saved.push(v)} label="Answer to question 4" />,
    );
    const input = page.getByRole('textbox', { name: 'Answer to question 4' });
    await input.click();
    await userEvent.keyboard('x');
    await expect.element(page.getByText(m.numericOnly)).toBeVisible();
    await expect.element(input).toHaveValue('');
    await userEvent.keyboard('-12.5');
    await expect.element(input).toHaveValue('-12.5');
    await expect.element(page.getByText(m.numericOnly)).not.toBeInTheDocument();
    expect(saved.at(-1)).toBe(-12.5);
    await checkA11y();
  });
});
