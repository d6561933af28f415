// The questions list in the browser (issue 11): a question made through the dialog (its image uploaded to the
// server, Add more), then Draft → Ready in the dialog, Ready → Published from the row, and its stored preview. The
// tree and answer setting: question-bank-tree.e2e.ts.
// Issue 23, one journey with one sign-in; moved down: the dialog's type × content matrix and its rules, the bulk
// bar's refusals and counts, who is offered + New (apps/web/src/features/question-bank/**/*.browser.test.tsx);
// stored LaTeX and HTML rendered in the grid and the preview, the image-based question's label and tooltip, delete
// asking first, the ticked rows as the bulk update's selection with the grid reloaded after it, the bulk bar's
// Search (grid/QuestionGrid.browser.test.tsx); someone else's newer save and Reload
// (dialog/QuestionDialogRules.browser.test.tsx); the list, the create dialog and the tree on a phone
// (QuestionBankPhone.browser.test.tsx). The server's side is API tests (apps/api/src/modules/question-bank):
// HTML sanitised and LaTeX as typed (questions-create.int.test.ts), a stale version's 409, delete, a published
// question frozen (questions-lifecycle.int.test.ts), the bulk counts and Draft → Published refused
// (bulk-answers.int.test.ts). The category and topic are made through the API (unique names): the server and its
// demo data are shared by all test files.

import { questionMessages as m } from '@assess/contracts/questions';
import { describe, expect, it } from 'vitest';
import { checkA11y, shot, url, useBrowser } from './support/browser';
import { dialog, LONG, makeTree, PNG, pick, STEP, signInErp, slowSteps, toast } from './support/questionBank';

describe('question bank: questions (/admin/questions)', () => {
  const s = useBrowser();
  slowSteps(s);

  it(
    'creates a question through the dialog (image upload, Add more), moves it Draft → Ready → Published and previews it',
    async () => {
      const { page } = s;
      await signInErp(page);
      const { topics, tag } = await makeTree(page, ['Topic']);
      const topic = topics[0];
      const code = `C${tag}1`;
      await page.goto(url('/admin/questions'));
      const grid = page.getByRole('grid', { name: 'Questions' });
      await grid.getByRole('row').nth(1).waitFor();
      await page.getByRole('button', { name: '+ New', exact: true }).click();
      let d = dialog(page, 'Create Question');
      await pick(d, page, 'Question Type', 'MCQ');
      await d.getByLabel(/^Code/).fill(code);
      await d.getByLabel('Question Text', { exact: true }).fill('Plain MCQ question');
      for (const [i, t] of ['One', 'Two', 'Three'].entries())
        await d.getByLabel(`Choice (${'abc'[i]})`, { exact: true }).fill(t);
      await d.getByRole('checkbox', { name: 'Choice (b) is correct' }).check();
      await d.getByRole('checkbox', { name: topic.name, exact: true }).check();
      // a question image, uploaded to the server (which decodes it), shown in the form
      await d
        .locator('input[type=file][aria-label="Question image"]')
        .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
      await d.getByRole('img', { name: 'Question image' }).waitFor();
      await shot(page, 'question-dialog-text-based');
      // Add more: saved, the dialog stays for the next one with the configuration and the topic kept
      await d.getByRole('button', { name: 'Add more', exact: true }).click();
      await toast(page, m.created).waitFor();
      await expect.poll(() => d.getByLabel(/^Code/).inputValue(), { timeout: STEP }).toBe('');
      expect(await d.getByRole('checkbox', { name: topic.name, exact: true }).isChecked()).toBe(true);
      await d
        .getByRole('combobox', { name: /^Question Type/ })
        .filter({ hasText: 'MCQ' })
        .waitFor();
      await page.keyboard.press('Escape');
      await d.waitFor({ state: 'detached' });

      // the new question in the grid (stored LaTeX and HTML rendered there: QuestionGrid.browser.test.tsx)
      await page.getByRole('search', { name: 'Question filters' }).getByLabel('Code').fill(code);
      const row = grid.getByRole('row').filter({ hasText: code });
      await row.waitFor();
      expect(await row.getByRole('button', { name: `Publish ${code}` }).isDisabled()).toBe(true);
      await shot(page, 'questions-grid');
      await checkA11y(page);
      // (delete asking first: QuestionGrid.browser.test.tsx; someone else's newer save and Reload:
      // QuestionDialogRules.browser.test.tsx; their server side: questions-lifecycle.int.test.ts)

      // Draft → Ready in the dialog
      await row.getByRole('button', { name: `Edit ${code}` }).click();
      d = dialog(page, 'Update Question');
      await expect.poll(() => d.getByLabel(/^Code/).inputValue(), { timeout: STEP }).toBe(code);
      await pick(d, page, 'Status', 'Ready');
      await d.getByRole('button', { name: 'Update', exact: true }).click();
      await toast(page, m.updated).waitFor();
      await d.waitFor({ state: 'detached' });
      await row.getByText('Ready', { exact: true }).waitFor();

      // Ready → Published from the row
      await row.getByRole('button', { name: `Publish ${code}` }).click();
      await page
        .getByRole('dialog', { name: 'Publish question' })
        .getByRole('button', { name: 'Publish' })
        .click();
      await toast(page, m.published).waitFor();
      await row.getByText('Published', { exact: true }).waitFor();
      for (const b of [`Edit ${code}`, `Delete ${code}`, `Publish ${code}`])
        expect(await row.getByRole('button', { name: b }).isDisabled()).toBe(true);
      await shot(page, 'questions-lifecycle');
      // (the server refuses the edit of a published question too: questions-lifecycle.int.test.ts)

      // the preview by id: the stored question with its image
      await row.getByRole('button', { name: `Preview ${code}` }).click();
      const stored = dialog(page, 'Question Preview').getByTestId('question-view');
      await stored.getByText('Plain MCQ question').waitFor();
      await stored.getByRole('img', { name: 'Question image' }).waitFor();
    },
    LONG,
  );
});

// (who is offered + New: apps/web/src/features/question-bank/QuestionsPage.browser.test.tsx; the bulk update's
// refusals and counts: grid/BulkUpdateBar.browser.test.tsx and bulk-answers.int.test.ts, its selection and the
// grid's reload: grid/QuestionGrid.browser.test.tsx; the list on a phone: QuestionBankPhone.browser.test.tsx)
