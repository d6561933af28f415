// Question imports in the browser (issue 12): the spreadsheet upload from the tree's Import Questions.
// Every test makes its own category and topic (unique names): the server and its demo data are shared.
// Issue 23: one journey (template → upload → task → result → grid); the refusals are API and component tests.

import {
  SPREADSHEET_COLUMNS,
  SPREADSHEET_TOLERANCE_COLUMN,
  spreadsheetMessages as sm,
  spreadsheetEndpoints,
} from '@assess/contracts/question-imports';
import * as XLSX from '@e965/xlsx';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiOf } from './support/api';
import { checkA11y, shot, url, useBrowser } from './support/browser';
import { makeTree, openNode, signInErp } from './support/questionBank';

describe('question imports: spreadsheet upload (Import Questions)', () => {
  const s = useBrowser();
  beforeEach(() => s.page.setDefaultTimeout(45_000));

  it('downloads the template, fills it with questions of all four types, uploads it and sees them in the grid', async () => {
    const { page } = s;
    await signInErp(page);
    const { category, topics, tag } = await makeTree(page, ['Upload']);
    const topicName = topics[0].name;

    // The template as the dialog downloads it, its example codes made unique for this run ("filled in").
    const tpl = await apiOf(page).call(spreadsheetEndpoints.template);
    const wb = XLSX.read(Buffer.from(await tpl.arrayBuffer()), { type: 'buffer' });
    expect(wb.SheetNames).toEqual([
      'Multiple Choice Questions',
      'Single Choice Questions',
      'True False',
      'NUMERICAL',
    ]);
    const codes: string[] = [];
    for (const name of wb.SheetNames) {
      const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[name], { header: 1, defval: null });
      // the NUMERICAL sheet has the optional Tolerance column too (issue 27)
      expect(rows[0]).toEqual(
        name === 'NUMERICAL'
          ? [...SPREADSHEET_COLUMNS, SPREADSHEET_TOLERANCE_COLUMN]
          : [...SPREADSHEET_COLUMNS],
      );
      for (const r of rows.slice(1))
        if (r[0]) {
          r[0] = `${String(r[0])}-${tag}`;
          codes.push(String(r[0]));
        }
      wb.Sheets[name] = XLSX.utils.aoa_to_sheet(rows);
    }
    const file = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;

    await page.goto(url('/admin/import'));
    await page.getByRole('tree', { name: 'Your categories and topics' }).waitFor();
    await openNode(page, category.name);
    await openNode(page, topicName);
    await page.getByRole('button', { name: 'Import Questions', exact: true }).click();
    const d = page.getByRole('dialog', { name: 'Import Questions' });
    await d.getByRole('combobox', { name: /^Language/ }).waitFor();
    // the choice format's default '(a)' and the one picked sent with the upload:
    // SpreadsheetUploadDialog.browser.test.tsx (issue 23)
    await d.getByRole('button', { name: 'Download template' }).waitFor();
    await d.getByTestId('spreadsheet-file').setInputFiles({
      name: 'questions.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await d.getByText('questions.xlsx').waitFor();
    await shot(page, 'question-imports-spreadsheet-dialog');
    await checkA11y(page);
    await d.getByRole('button', { name: 'Upload', exact: true }).click();

    // The task runs; then the result.
    await d.getByText(sm.uploadSuccess, { exact: true }).waitFor({ timeout: 90_000 });
    await d.getByText(sm.checkTaskManager).waitFor();
    const counts = await d.locator('dl').innerText();
    expect(counts.replace(/\s+/g, ' ')).toContain(
      'Total questions 8 Uploaded 8 Duplicate codes 0 Invalid codes 0',
    );
    await shot(page, 'question-imports-spreadsheet-result');
    await d.getByRole('button', { name: 'OK', exact: true }).click();
    await d.waitFor({ state: 'hidden' });

    // The topic's grid shows the new questions.
    const grid = page.getByRole('grid', { name: `Questions of ${topicName}` });
    for (const code of codes) await grid.getByRole('row').filter({ hasText: code }).first().waitFor();
    await shot(page, 'question-imports-spreadsheet-grid');

    // (the same file again, every code a duplicate: spreadsheet.int.test.ts; a file that is no workbook, refused
    // before any task: SpreadsheetUploadDialog.browser.test.tsx and spreadsheet.int.test.ts)
  }, 300_000);
});
