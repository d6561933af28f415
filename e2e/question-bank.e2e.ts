// The questions list in the browser (issue 11): a question made through the dialog and stored questions in
// each content type as the server keeps them, the lifecycle, bulk update, and the list on a phone. The tree and
// answer setting: question-bank-tree.e2e.ts.
// Issue 23: the dialog's type × content matrix and its rules, the bulk bar's refusals and who is offered + New
// are component tests (apps/web/src/features/question-bank/**/*.browser.test.tsx); the server's refusals (a
// published question's edit, Draft → Published in bulk) are API tests (apps/api/src/modules/question-bank).
// Every test makes its own category and topics (unique names) through the API or the UI: the server and
// its demo data are shared by all test files.

import {
  ContentType,
  questionMessages as m,
  QuestionStatus,
  questionBankEndpoints as qb,
} from '@assess/contracts/questions';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOf } from './support/api';
import { checkA11y, shot, url, useBrowser } from './support/browser';
import {
  confirmDelete,
  dialog,
  LONG,
  makeQuestion,
  makeTree,
  PNG,
  pick,
  STEP,
  signInErp,
  slowSteps,
  toast,
  uploadImage,
} from './support/questionBank';

describe('question bank: questions (/admin/questions)', () => {
  const s = useBrowser();
  slowSteps(s);

  it(
    'creates a question through the dialog (image upload, Add more); stored LaTeX and HTML questions render in the grid and the preview',
    async () => {
      const { page } = s;
      await signInErp(page);
      const { topics, tag } = await makeTree(page, ['Topic']);
      const topic = topics[0];
      await page.goto(url('/admin/questions'));
      const grid = page.getByRole('grid', { name: 'Questions' });
      await grid.getByRole('row').nth(1).waitFor();
      await page.getByRole('button', { name: '+ New', exact: true }).click();
      const d = dialog(page, 'Create Question');
      await pick(d, page, 'Question Type', 'MCQ');
      await d.getByLabel(/^Code/).fill(`C${tag}1`);
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

      // LaTeX and HTML questions as the server stores them (sanitised)
      await makeQuestion(page, topic.id, {
        code: `C${tag}3`,
        contentType: ContentType.LaTeX,
        text: 'Solve $x^2 = 4$: $$\\frac{a}{b}$$',
      });
      await makeQuestion(page, topic.id, {
        code: `C${tag}4`,
        contentType: ContentType.Html,
        text: '<p><strong>Rich</strong> HTML question</p>',
      });
      await pick(page.getByRole('search', { name: 'Question filters' }), page, 'Topic', topic.name);
      await grid
        .getByRole('row')
        .filter({ hasText: `C${tag}4` })
        .waitFor();
      expect(
        await grid
          .getByRole('row')
          .filter({ hasText: `C${tag}` })
          .count(),
      ).toBe(3);
      await grid.locator('.katex').first().waitFor();
      // preview by id: the stored (server-sanitised) content renders
      for (const [code, rendered] of [
        [`C${tag}1`, (v: Locator) => v.getByRole('img', { name: 'Question image' })],
        [`C${tag}3`, (v: Locator) => v.locator('.rich-math-display .katex-display').first()],
        [`C${tag}4`, (v: Locator) => v.locator('strong', { hasText: 'Rich' })],
      ] as const) {
        await grid.getByRole('button', { name: `Preview ${code}` }).click();
        const stored = dialog(page, 'Question Preview').getByTestId('question-view');
        await rendered(stored).waitFor();
        await page.keyboard.press('Escape');
        await stored.waitFor({ state: 'detached' });
      }
      await shot(page, 'questions-grid');
      await checkA11y(page);
    },
    LONG,
  );

  it(
    'moves a question Draft → Ready → Published; a published question cannot be edited',
    async () => {
      const { page } = s;
      await signInErp(page);
      const api = apiOf(page);
      const { topics, tag } = await makeTree(page, ['Life']);
      const q = await makeQuestion(page, topics[0].id, { code: `L${tag}` });
      const bare = await makeQuestion(page, topics[0].id, { code: `N${tag}`, correctChoices: [] });
      const imageOnly = await makeQuestion(page, topics[0].id, {
        code: `I${tag}`,
        text: null,
        image: await uploadImage(page),
      });
      await page.goto(url('/admin/questions'));
      const grid = page.getByRole('grid', { name: 'Questions' });
      // (Subscribed shows the content provider's published questions only: questions-grid.int.test.ts)
      await page
        .getByRole('group', { name: 'Questions shown' })
        .getByRole('button', { name: 'Owned' })
        .click();
      await page.getByRole('search', { name: 'Question filters' }).getByLabel('Code').fill(tag);
      const row = grid.getByRole('row').filter({ hasText: `L${tag}` });
      await row.waitFor();
      expect(await row.getByRole('button', { name: `Publish L${tag}` }).isDisabled()).toBe(true);
      // an image-based question: the italic label, the image in its tooltip
      const imageRow = grid.getByRole('row').filter({ hasText: imageOnly.code });
      await imageRow.locator('em', { hasText: m.imageBasedQuestion }).hover();
      await page
        .getByRole('tooltip')
        .getByRole('img', { name: `Image of question ${imageOnly.code}` })
        .waitFor();

      // delete asks first, then says so
      await grid
        .getByRole('row')
        .filter({ hasText: `N${tag}` })
        .getByRole('button', { name: `Delete N${tag}` })
        .click();
      await confirmDelete(page);
      await toast(page, m.deleted).waitFor();
      await grid
        .getByRole('row')
        .filter({ hasText: `N${tag}` })
        .waitFor({ state: 'detached' });

      // someone else saves first: the second save gets the conflict message, Reload brings their version
      await row.getByRole('button', { name: `Edit L${tag}` }).click();
      const d = dialog(page, 'Update Question');
      await expect.poll(() => d.getByLabel(/^Code/).inputValue(), { timeout: STEP }).toBe(`L${tag}`);
      await api.call(qb.update, {
        params: { questionId: q.questionId },
        body: { ...q, hint: 'Saved by someone else' },
      });
      await d.getByLabel('Question Text', { exact: true }).fill('My edit');
      await d.getByRole('button', { name: 'Update', exact: true }).click();
      await d.getByText(m.staleVersion).waitFor();
      await d.getByRole('button', { name: 'Reload' }).click();
      await expect
        .poll(() => d.getByLabel('Hint', { exact: true }).inputValue(), { timeout: STEP })
        .toBe('Saved by someone else');
      expect(await d.getByLabel('Question Text', { exact: true }).inputValue()).toBe(q.text);

      // Draft → Ready in the dialog
      await pick(d, page, 'Status', 'Ready');
      await d.getByRole('button', { name: 'Update', exact: true }).click();
      await toast(page, m.updated).waitFor();
      await d.waitFor({ state: 'detached' });
      await row.getByText('Ready', { exact: true }).waitFor();

      // Ready → Published from the row
      await row.getByRole('button', { name: `Publish L${tag}` }).click();
      await page
        .getByRole('dialog', { name: 'Publish question' })
        .getByRole('button', { name: 'Publish' })
        .click();
      await toast(page, m.published).waitFor();
      await row.getByText('Published', { exact: true }).waitFor();
      for (const b of [`Edit L${tag}`, `Delete L${tag}`, `Publish L${tag}`])
        expect(await row.getByRole('button', { name: b }).isDisabled()).toBe(true);
      await shot(page, 'questions-lifecycle');

      // (the server refuses the edit of a published question too: questions-lifecycle.int.test.ts)

      // the preview of the published question
      await row.getByRole('button', { name: `Preview L${tag}` }).click();
      await dialog(page, 'Question Preview')
        .getByTestId('question-view')
        .getByText(q.text ?? '')
        .waitFor();
      expect(bare.status).toBe(QuestionStatus.Draft);
    },
    LONG,
  );

  it(
    'bulk update: the counts by status',
    async () => {
      const { page } = s;
      await signInErp(page);
      const { topics, tag } = await makeTree(page, ['Bulk']);
      const t = topics[0].id;
      await makeQuestion(page, t, { code: `B${tag}1` });
      await makeQuestion(page, t, { code: `B${tag}2` });
      await makeQuestion(page, t, { code: `B${tag}3`, correctChoices: [] });
      await makeQuestion(page, t, { code: `B${tag}4`, status: QuestionStatus.Ready });
      await page.goto(url('/admin/questions'));
      const grid = page.getByRole('grid', { name: 'Questions' });
      await page.getByRole('search', { name: 'Question filters' }).getByLabel('Code').fill(`B${tag}`);
      await grid
        .getByRole('row')
        .filter({ hasText: `B${tag}4` })
        .waitFor();
      const bar = page.getByRole('region', { name: 'Bulk update' });
      const update = bar.getByRole('button', { name: 'Update', exact: true });
      // (the bar's own refusals: apps/web/src/features/question-bank/grid/BulkUpdateBar.browser.test.tsx)
      await pick(bar, page, 'Field to update', 'Status');

      // select the four (Draft → Published is refused by the server: bulk-answers.int.test.ts)
      await grid.getByRole('checkbox', { name: 'Select all rows' }).check();
      await bar.getByText('4 selected').waitFor();

      // Draft → Ready: the one without answers stays Draft
      await pick(bar, page, 'Value', 'Ready');
      await update.click();
      const result = page.getByTestId('bulk-result');
      await result.waitFor();
      expect(await result.textContent()).toContain(
        `${m.bulkUpdated}: total 4, published 0, ready 3, draft 1. ${m.bulkCriteriaNote}`,
      );
      await grid
        .getByRole('row')
        .filter({ hasText: `B${tag}1` })
        .getByText('Ready', { exact: true })
        .waitFor();
      await shot(page, 'questions-bulk-update');

      // Search: the pair as a filter
      await bar.getByRole('button', { name: 'Search' }).click();
      await grid
        .getByRole('row')
        .filter({ hasText: `B${tag}3` })
        .waitFor({ state: 'detached' });
      await checkA11y(page);
    },
    LONG,
  );
});

// (who is offered + New: apps/web/src/features/question-bank/QuestionsPage.browser.test.tsx)

describe('question bank on a phone', () => {
  const s = useBrowser();
  slowSteps(s);

  it(
    'shows the questions, the create dialog (full screen) and the tree on a phone',
    async () => {
      const page = await s.open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      page.setDefaultTimeout(STEP);
      await signInErp(page);
      await page.goto(url('/admin/questions'));
      await page.getByRole('grid', { name: 'Questions' }).getByRole('row').nth(1).waitFor();
      await shot(page, 'questions-phone');
      await page.getByRole('button', { name: '+ New', exact: true }).click();
      const d = dialog(page, 'Create Question');
      await d.getByRole('combobox', { name: /^Question Type/ }).waitFor();
      // full screen on a phone
      expect(Math.round((await d.boundingBox())?.width ?? 0)).toBe(390);
      await shot(page, 'question-dialog-phone');
      await checkA11y(page);
      // (closing with or without changes, and the whole-form message: QuestionDialogRules.browser.test.tsx)
      await page.keyboard.press('Escape');
      await d.waitFor({ state: 'detached' });
      await page.goto(url('/admin/import'));
      await page.getByRole('tree', { name: 'Your categories and topics' }).waitFor();
      await shot(page, 'question-bank-tree-phone');
    },
    LONG,
  );
});
