// After Submit (issue 23, moved from e2e/player.e2e.ts): while the submit is on its way both Submit buttons are
// off, and then the attempt is read-only: the result in the spec's words with no answer control and no Submit
// left, nothing saved after it. The journey keeps a whole attempt taken on the real server.
import { type AttemptState, learnerEndpoints as le, learnerMessages as m } from '@assess/contracts/learner';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi } from '../../test/fakeApi';
import { attemptState, playerQuestion } from '../../test/player';
import { renderApp } from '../../test/render';
import { AttemptPlayer } from './AttemptPlayer';

const state = attemptState({
  sections: [
    {
      poolId: 1,
      name: 'Physics',
      questions: [
        playerQuestion(1, {
          choices: [
            { choiceId: 11, text: 'One', imageUrl: null },
            { choiceId: 12, text: 'Two', imageUrl: null },
          ],
        }),
        playerQuestion(2, { questionType: 4 }),
      ],
    },
  ],
  answers: [{ questionId: 101, choiceIds: [12], numericAnswer: null, bookmarked: false, seq: 1 }],
});

describe('AttemptPlayer', () => {
  it("does not call a question 'mandatory': for the section it means always drawn, not that it must be answered", async () => {
    const drawn = attemptState({
      sections: [{ poolId: 1, name: 'Physics', questions: [playerQuestion(1, { isMandatory: true })] }],
    });
    await renderApp(<AttemptPlayer state={drawn} offsetMs={0} />);
    await expect.element(page.getByRole('heading', { name: 'Question 1' })).toBeVisible();
    expect(page.getByText(/mandatory/i).elements()).toEqual([]);
  });
});

describe('AttemptPlayer: the Submit question', () => {
  it('says how many questions are bookmarked for review, as Moodle’s summary does', async () => {
    const marked = attemptState({
      sections: state.sections,
      answers: [
        { questionId: 101, choiceIds: [12], numericAnswer: null, bookmarked: true, seq: 1 },
        { questionId: 102, choiceIds: [], numericAnswer: null, bookmarked: true, seq: 1 },
      ],
    });
    await renderApp(<AttemptPlayer state={marked} offsetMs={0} />);
    await page.getByRole('button', { name: 'Submit', exact: true }).first().click();
    const confirm = page.getByRole('dialog', { name: 'Submit the test?' });
    await expect
      .element(
        confirm.getByText(/^1 of 2 questions is unanswered\. 2 questions are bookmarked for review\. Submit/),
      )
      .toBeVisible();
    expect(fakeApi.requestsTo(le.submit)).toHaveLength(0);
  });
});

describe('AttemptPlayer after Submit', () => {
  it('turns Submit off while submitting, then shows the result with no way to change an answer', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    fakeApi.on(le.submit, async () => {
      await held;
      return {
        attemptId: 31,
        attemptNumber: 1,
        status: 2 as const,
        showResult: false,
        actualScore: null,
        totalScore: null,
        result: null,
        feedback: null,
        concludeMessage: null,
        answeredCount: 1,
        questionCount: 2,
      };
    });
    await renderApp(<AttemptPlayer state={state} offsetMs={0} />);
    await expect.element(page.getByRole('radio', { name: /Two/ })).toBeChecked();
    const submits = page.getByRole('button', { name: 'Submit', exact: true });
    expect(submits.elements()).toHaveLength(2); // the header's and the last page's
    await submits.last().click();
    const confirm = page.getByRole('dialog', { name: 'Submit the test?' });
    await expect.element(confirm.getByText(/^1 of 2 questions is unanswered/)).toBeVisible();
    await confirm.getByRole('button', { name: 'Submit' }).click();
    await expect.element(submits.first()).toBeDisabled();
    await expect.element(submits.last()).toBeDisabled();
    release();
    const result = page.getByTestId('player-result');
    await expect.element(result.getByText(m.submitted)).toBeVisible();
    await expect.element(result.getByText('1 of 2')).toBeVisible();
    for (const role of ['radio', 'checkbox', 'textbox'] as const)
      expect(page.getByRole(role).elements(), role).toHaveLength(0);
    expect(page.getByRole('button', { name: 'Submit' }).elements()).toHaveLength(0);
    expect(fakeApi.requestsTo(le.submit)).toHaveLength(1);
    expect(fakeApi.requestsTo(le.saveAnswers)).toHaveLength(0);
    // moved from e2e/player.e2e.ts (issue 23): the way back from the result
    await expect
      .element(result.getByRole('link', { name: 'Back to Assigned Tests' }))
      .toHaveAttribute('href', '/testviewer');
  });

  // moved from e2e/player.e2e.ts (issue 23): the confirmation when every question is answered
  it('the confirmation says every question is answered when none is left', async () => {
    const all: AttemptState = {
      ...state,
      answers: [
        ...state.answers,
        { questionId: 102, choiceIds: [], numericAnswer: 4, bookmarked: false, seq: 2 },
      ],
    };
    await renderApp(<AttemptPlayer state={all} offsetMs={0} />);
    await page.getByRole('button', { name: 'Submit', exact: true }).first().click();
    const confirm = page.getByRole('dialog', { name: 'Submit the test?' });
    await expect.element(confirm.getByText(/^All 2 questions are answered\. Submit/)).toBeVisible();
    expect(fakeApi.requestsTo(le.submit)).toHaveLength(0);
  });
});
