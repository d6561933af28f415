// The question dialog's rules besides the matrix (moved from e2e/question-bank.e2e.ts, issue 23): the whole-form
// message and its going once fixed, asking before discarding a changed form, the Update dialog's fixed code
// and type with the 'answers first' alert on Ready, and someone else's newer save: the server's conflict message
// and Reload bringing their version (the server's 409: questions-lifecycle.int.test.ts); the close 2.3 s after a save.
import { configurationEndpoints } from '@assess/contracts/configuration';
import {
  ContentType,
  questionMessages as m,
  questionBankEndpoints as qb,
  questionCreateSchema,
} from '@assess/contracts/questions';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { configurationLists, questionFrom, tree } from '../../../test/builders';
import { elapsedUntil, expectDelay, nowMs } from '../../../test/delays';
import { apiError, fakeApi } from '../../../test/fakeApi';
import { pick, toast } from '../../../test/fields';
import { renderApp } from '../../../test/render';
import { QuestionDialog } from './QuestionDialog';
import { bodyOf, newQuestionValues, QUESTION_DIALOG_CLOSE_MS } from './questionForm';

function fakeBank() {
  fakeApi.on(configurationEndpoints.lists, () => configurationLists()).on(qb.tree, () => tree(['Algebra']));
}
/** A stored Draft SCQ without a correct choice: the form's own new question with two choices. */
const storedDraft = (code: string) =>
  questionFrom(
    questionCreateSchema.parse(
      bodyOf({
        ...newQuestionValues([11]),
        code,
        contentType: ContentType.Text,
        text: 'What is 2 + 2?',
        choices: ['3', '4'].map((text) => ({ text, image: null, weight: null, feedback: null })),
      }),
    ),
  );
const created = () => page.getByRole('dialog', { name: 'Create Question' });
const discard = () => page.getByRole('dialog', { name: 'Discard changes?' });

describe('QuestionDialog rules', () => {
  it("shows 'Code, Topics and, Image or Text is mandatory.' on Save and drops it once those are filled", async () => {
    fakeBank();
    await renderApp(<QuestionDialog questionId={null} onClose={() => {}} />);
    const d = created();
    await d.getByRole('button', { name: 'Save', exact: true }).click();
    const banner = d.getByRole('alert').filter({ hasText: m.createMandatory });
    await expect.element(banner).toBeVisible();
    await d.getByLabelText(/^Code/).fill('BANNER1');
    await d.getByLabelText('Question Text', { exact: true }).fill('What is 2 + 2?');
    await d.getByRole('checkbox', { name: 'Algebra', exact: true }).click();
    await expect.element(banner).not.toBeInTheDocument();
    expect(fakeApi.requestsTo(qb.create)).toEqual([]);
  });

  it('asks before discarding a changed form: Keep editing keeps the work, Discard closes', async () => {
    fakeBank();
    let closed = 0;
    await renderApp(<QuestionDialog questionId={null} onClose={() => closed++} />);
    const d = created();
    await d.getByLabelText(/^Code/).fill('KEEPME1');
    await userEvent.keyboard('{Escape}');
    await expect
      .element(
        discard().getByText('The changes you made in this form have not been saved. Close it and lose them?'),
      )
      .toBeVisible();
    await discard().getByRole('button', { name: 'Keep editing' }).click();
    await expect.element(discard()).not.toBeInTheDocument();
    await expect.element(d.getByLabelText(/^Code/)).toHaveValue('KEEPME1');
    expect(closed).toBe(0);
    await d.getByRole('button', { name: 'Close' }).first().click();
    await discard().getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => closed).toBe(1);
  });

  it('an untouched form closes at once', async () => {
    fakeBank();
    let closed = 0;
    await renderApp(<QuestionDialog questionId={null} onClose={() => closed++} />);
    await expect.element(created().getByRole('combobox', { name: /^Question Type/ })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => closed).toBe(1);
    await expect.element(discard()).not.toBeInTheDocument();
  });

  it("closes 2.3 s after 'Question created successfully' (part 2 §8, §9), not at once", async () => {
    let answeredAt = 0;
    let closedAt = 0;
    fakeBank();
    fakeApi.on(qb.create, ({ body }) => {
      answeredAt = nowMs();
      return { message: m.created, question: questionFrom(body) };
    });
    await renderApp(
      <QuestionDialog
        questionId={null}
        onClose={() => {
          closedAt = performance.now();
        }}
      />,
    );
    const d = created();
    await d.getByLabelText(/^Code/).fill('DELAY1');
    await d.getByLabelText('Question Text', { exact: true }).fill('What is 2 + 2?');
    await d.getByRole('checkbox', { name: 'Algebra', exact: true }).click();
    await d.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.element(toast(m.created)).toBeVisible();
    expectDelay(await elapsedUntil(answeredAt, () => closedAt > 0), QUESTION_DIALOG_CLOSE_MS);
  });

  it("someone else saved first: the server's conflict message, and Reload brings their version", async () => {
    fakeBank();
    const stored = storedDraft('S1');
    let current = stored;
    fakeApi
      .on(qb.get, () => current)
      .on(qb.update, () => {
        current = { ...stored, hint: 'Saved by someone else', version: 2 };
        return apiError(409, m.staleVersion);
      });
    await renderApp(<QuestionDialog questionId={stored.questionId} onClose={() => {}} />);
    const d = page.getByRole('dialog', { name: 'Update Question' });
    await expect.element(d.getByLabelText(/^Code/)).toHaveValue('S1');
    await d.getByLabelText('Question Text', { exact: true }).fill('My edit');
    await d.getByRole('button', { name: 'Update', exact: true }).click();
    await expect.element(d.getByText(m.staleVersion)).toBeVisible();
    expect(fakeApi.requestsTo(qb.update)).toHaveLength(1);
    await d.getByRole('button', { name: 'Reload' }).click();
    await expect.element(d.getByLabelText('Hint', { exact: true })).toHaveValue('Saved by someone else');
    await expect.element(d.getByLabelText('Question Text', { exact: true })).toHaveValue('What is 2 + 2?');
  });

  it('Update Question: code and type are fixed; Ready without answers says so and the status stays Draft', async () => {
    fakeBank();
    const stored = storedDraft('N1');
    fakeApi.on(qb.get, () => stored);
    await renderApp(<QuestionDialog questionId={stored.questionId} onClose={() => {}} />);
    const d = page.getByRole('dialog', { name: 'Update Question' });
    await expect.element(d.getByLabelText(/^Code/)).toHaveValue('N1');
    await expect.element(d.getByLabelText(/^Code/)).toBeDisabled();
    await expect
      .element(d.getByRole('combobox', { name: /^Question Type/ }))
      .toHaveAttribute('aria-disabled', 'true');
    await pick(d, 'Status', 'Ready');
    await expect.element(toast(m.readyAlert)).toBeVisible();
    await expect.element(d.getByRole('combobox', { name: /^Status/ })).toHaveTextContent('Draft');
  });
});
