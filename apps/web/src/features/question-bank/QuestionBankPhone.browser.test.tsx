// The question bank on a phone (moved from e2e/question-bank.e2e.ts, issue 23): the questions list, its Create
// Question dialog full screen, and the Categories & Topics tree, at 390 × 844 with axe. (Closing the dialog with or
// without changes and the whole-form message: dialog/QuestionDialogRules.browser.test.tsx.)
import { configurationEndpoints } from '@assess/contracts/configuration';
import { questionBankEndpoints as qb } from '@assess/contracts/questions';
import { beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { configurationLists, questionRow, tree } from '../../test/builders';
import { fakeApi } from '../../test/fakeApi';
import { checkA11y, renderApp } from '../../test/render';
import { CategoryTreePage } from './CategoryTreePage';
import { QuestionsPage } from './QuestionsPage';

const question = questionRow(1, 'PHONE1', { text: 'Which is a unit of force?' });

function fakeBank() {
  fakeApi
    .on(configurationEndpoints.lists, () => configurationLists())
    .on(qb.tree, () => tree(['Algebra']))
    .on(qb.list, () => ({ items: [question], totalCount: 1 }));
}

describe('question bank on a phone', () => {
  beforeEach(async () => {
    await page.viewport(390, 844);
  });

  it('shows the questions and the Create Question dialog full screen', async () => {
    fakeBank();
    await renderApp(<QuestionsPage />);
    await expect
      .element(page.getByRole('grid', { name: 'Questions' }).getByText('PHONE1'))
      .toBeInTheDocument();
    await page.getByRole('button', { name: '+ New', exact: true }).click();
    const d = page.getByRole('dialog', { name: 'Create Question' });
    await expect.element(d.getByRole('combobox', { name: /^Question Type/ })).toBeVisible();
    expect(Math.round(d.element().getBoundingClientRect().width)).toBe(390);
    await checkA11y();
  });

  it('shows the Categories & Topics tree', async () => {
    fakeBank();
    await renderApp(<CategoryTreePage />);
    await expect.element(page.getByRole('tree', { name: 'Your categories and topics' })).toBeVisible();
    await checkA11y();
  });
});
