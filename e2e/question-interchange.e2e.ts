// Question interchange in the browser (issue 12, beyond the spec): a topic exported as Moodle XML from the
// tree's Export menu by the ERP institute, imported by the content partner (another provider) with
// 'Import Moodle XML, GIFT or QTI'; the category and topic are created there and the questions show in its grid;
// a question with choice weights and choice feedback opens with them in the question dialog (issue 26). The ERP's
// questions grid exports its selection as GIFT too; the partner's grid lists its own import, never the ERP's question
// (the tenant boundary in the UI). Issue 23: one journey (the ERP signs in once, the partner once).

import fs from 'node:fs';
import { interchangeMessages as im } from '@assess/contracts/question-imports';
import {
  ContentType,
  QuestionStatus,
  QuestionType,
  questionBankEndpoints as qb,
} from '@assess/contracts/questions';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiOf } from './support/api';
import { checkA11y, shot, signIn, url, useBrowser } from './support/browser';

/** A fresh suffix per run of a test: CI retries a failed journey once, and the retry must not meet its own data. */
const newTag = () => `${Date.now().toString(36).slice(-5)}`.toUpperCase();
const LONG = 300_000;

const treeItem = (page: Page, name: string) => page.getByRole('treeitem', { name, exact: true });

describe('question interchange (/admin/import)', () => {
  const s = useBrowser();
  beforeEach(() => s.page.setDefaultTimeout(45_000));

  it(
    "exports a topic as Moodle XML and the grid's selection as GIFT; imports the XML into another provider",
    async () => {
      const { page } = s;
      const tag = newTag();
      await signIn(page, 'erp@example.com');
      const api = apiOf(page);
      const cat = await api.call(qb.createCategory, { body: { name: `Interchange ${tag}` } });
      const topic = await api.call(qb.createTopic, {
        body: { name: `Optics ${tag}`, categoryId: cat.node.id },
      });
      const codes = [`IXA${tag}`, `IXB${tag}`];
      // issue 26: a question with partial credit and choice feedback travels with them
      const weighted = `IXC${tag}`;
      await api.call(qb.create, {
        body: {
          code: weighted,
          questionType: QuestionType.MCQ,
          contentType: ContentType.Text,
          text: 'Which are primary colours of light?',
          choices: [
            { text: 'Red', weight: 50, feedback: 'Yes, red.' },
            { text: 'Green', weight: 50 },
            { text: 'Yellow', weight: -100, feedback: 'Yellow mixes red and green.' },
          ],
          correctChoices: [1, 2],
          topicIds: [topic.node.id],
          status: QuestionStatus.Ready,
        },
      });
      for (const [i, code] of codes.entries()) {
        const saved = await api.call(qb.create, {
          body: {
            code,
            questionType: i ? QuestionType.TrueFalse : QuestionType.SCQ,
            contentType: ContentType.Text,
            text: i ? 'Light travels in straight lines.' : 'Which colour bends most in a prism?',
            choices: i ? [] : [{ text: 'Red' }, { text: 'Violet' }],
            correctChoices: i ? [1] : [2],
            topicIds: [topic.node.id],
            status: QuestionStatus.Ready,
          },
        });
        expect(saved.question.code).toBe(code);
      }

      await page.goto(url('/admin/import'));
      await page.getByRole('tree', { name: 'Your categories and topics' }).waitFor();
      await treeItem(page, `Interchange ${tag}`).locator('.tree-row').first().click();
      await treeItem(page, `Optics ${tag}`).locator('.tree-row').first().click();
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Moodle XML' }).waitFor();
      await shot(page, 'question-interchange-export-menu');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: 'Moodle XML' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('questions-moodle.xml');
      const xml = fs.readFileSync(await download.path(), 'utf8');
      expect(xml).toContain(`<text>$course$/top/Interchange ${tag}/Optics ${tag}</text>`);
      for (const code of codes) expect(xml).toContain(`<idnumber>${code}</idnumber>`);
      expect(xml).toContain('<answer fraction="-100" format="plain_text">');

      // the questions grid's selection exported as GIFT: the one question the Code filter leaves
      await page.goto(url('/admin/questions'));
      const erpGrid = page.getByRole('grid', { name: 'Questions' });
      await page.getByRole('search', { name: 'Question filters' }).getByLabel('Code').fill(codes[0]);
      await erpGrid.getByRole('row').filter({ hasText: codes[0] }).waitFor();
      expect(await page.getByRole('button', { name: 'Export selected' }).isDisabled()).toBe(true);
      await erpGrid.getByRole('row').filter({ hasText: codes[1] }).waitFor({ state: 'detached' });
      await erpGrid.getByRole('checkbox', { name: 'Select all rows' }).check();
      await page.getByRole('region', { name: 'Bulk update' }).getByText('1 selected').waitFor();
      await page.getByRole('button', { name: 'Export selected' }).click();
      const [giftDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: 'GIFT' }).click(),
      ]);
      expect(giftDownload.suggestedFilename()).toBe('questions-gift.txt');
      const gift = fs.readFileSync(await giftDownload.path(), 'utf8');
      expect(gift).toContain(`::${codes[0]}::[plain]Which colour bends most in a prism?`);
      expect(gift).not.toContain(codes[1]);
      await shot(page, 'question-interchange-export-selected');

      // The content partner imports the file.
      const other = await s.open();
      other.setDefaultTimeout(45_000);
      await signIn(other, 'partner@example.com');
      await other.goto(url('/admin/import'));
      await other.getByRole('tree', { name: 'Your categories and topics' }).waitFor();
      await other.getByRole('button', { name: 'Import Moodle XML, GIFT or QTI' }).click();
      const dialog = other.getByRole('dialog', { name: 'Import Moodle XML, GIFT or QTI' });
      await dialog.getByTestId('interchange-file').setInputFiles({
        name: 'questions-moodle.xml',
        mimeType: 'application/xml',
        buffer: Buffer.from(xml),
      });
      await dialog.getByText('questions-moodle.xml (Moodle XML)').waitFor();
      await checkA11y(other);
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await dialog.getByText(im.done(3, 3)).waitFor({ timeout: 120_000 });
      const table = dialog.getByRole('table', { name: 'Imported questions' });
      for (const code of codes)
        await table.getByRole('row').filter({ hasText: code }).filter({ hasText: 'imported' }).waitFor();
      await shot(other, 'question-interchange-import-result');
      await checkA11y(other);
      await dialog.getByRole('button', { name: 'OK' }).click();

      // The category and topic exist in the partner's own tree, with the questions.
      await treeItem(other, `Interchange ${tag}`).locator('.tree-row').first().click();
      await treeItem(other, `Optics ${tag}`).locator('.tree-row').first().click();
      const grid = other.getByRole('grid', { name: `Questions of Optics ${tag}` });
      for (const code of codes) await grid.getByText(code, { exact: true }).waitFor();
      await shot(other, 'question-interchange-imported-tree');

      // the weighted question opens with its weights and choice feedback in the question dialog
      await other.goto(url('/admin/questions'));
      const questions = other.getByRole('grid', { name: 'Questions' });
      await other.getByRole('search', { name: 'Question filters' }).getByLabel('Code').fill(weighted);
      const row = questions.getByRole('row').filter({ hasText: weighted });
      // the tenant boundary in the UI: the ERP's question of that code is not the partner's to see (the partner
      // does not subscribe to the ERP); its grid lists its own import only
      await row.getByRole('button', { name: `Edit ${weighted}` }).waitFor();
      expect(await row.count()).toBe(1);
      await row.getByRole('button', { name: `Edit ${weighted}` }).click();
      const edit = other.getByRole('dialog', { name: 'Update Question' });
      await expect.poll(() => edit.getByLabel('Weight (a) (%)').inputValue(), { timeout: 45_000 }).toBe('50');
      expect(await edit.getByLabel('Partial credit (choice weights in %)').isChecked()).toBe(true);
      expect(await edit.getByLabel('Weight (c) (%)').inputValue()).toBe('-100');
      expect(await edit.getByLabel('Feedback (c)').inputValue()).toBe('Yellow mixes red and green.');
      await shot(other, 'question-interchange-weights');
      await checkA11y(other);
    },
    LONG,
  );
});
