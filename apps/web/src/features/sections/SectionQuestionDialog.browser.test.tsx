// The section question dialog's close delay (part 2 §9 'dialog close delay 2.3 s'): after a successful save the
// success toast shows at once, the form is held, and the dialog closes about 2.3 s after the server's answer,
// not at once. The messages before any call: SectionsStep.browser.test.tsx; the server: section-questions.int.test.ts.
import { configurationEndpoints } from '@assess/contracts/configuration';
import { type QuestionCreate, questionBankEndpoints as qb } from '@assess/contracts/questions';
import { sectionEndpoints as se } from '@assess/contracts/sections';
import { sectionMessages as m } from '@assess/contracts/tests';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { configurationLists, questionFrom, tree } from '../../test/builders';
import { elapsedUntil, expectDelay, nowMs } from '../../test/delays';
import { fakeApi } from '../../test/fakeApi';
import { pick, toast } from '../../test/fields';
import { renderApp } from '../../test/render';
import { QUESTION_DIALOG_CLOSE_MS } from '../question-bank/dialog/questionForm';
import { SectionQuestionDialog } from './SectionQuestionDialog';

describe('SectionQuestionDialog', () => {
  it('closes 2.3 s after the success toast, with the form held meanwhile', async () => {
    let answeredAt = 0;
    let closedAt = 0;
    fakeApi
      .on(configurationEndpoints.lists, () => configurationLists())
      .on(qb.tree, () => tree(['Algebra']))
      .on(se.newQuestion, ({ body }) => {
        answeredAt = nowMs();
        return { message: m.questionCreated, question: questionFrom(body as QuestionCreate) };
      });
    await renderApp(
      <SectionQuestionDialog
        testId={5}
        poolId={3}
        sectionName="Fixed questions"
        onClose={() => {
          closedAt = performance.now();
        }}
      />,
    );
    const d = page.getByRole('dialog', { name: /^Create Question in Fixed questions/ });
    await pick(d, 'Question Type', 'True/False');
    await d.getByLabelText('Question Text', { exact: true }).fill('The earth is round.');
    await d.getByRole('radio', { name: 'Choice (a) is correct' }).click();
    await d.getByRole('checkbox', { name: 'Algebra', exact: true }).click();
    await d.getByRole('button', { name: 'Save', exact: true }).click();

    await expect.element(toast(m.questionCreated)).toBeVisible();
    expect(fakeApi.requestsTo(se.newQuestion)).toHaveLength(1);
    // the form is held while the dialog waits to close (unless a loaded machine let the wait pass already)
    const save = d.getByRole('button', { name: 'Save', exact: true }).query() as HTMLButtonElement | null;
    if (save) expect(save.disabled).toBe(true);
    expect(QUESTION_DIALOG_CLOSE_MS).toBe(2300);
    expectDelay(await elapsedUntil(answeredAt, () => closedAt > 0), QUESTION_DIALOG_CLOSE_MS);
  });
});
