// OMR paper tests in the browser (issue 25; part 3 §2 the tests list menu and the OMR dialogs, §8): the ERP
// Super User downloads the OMR sheet of the demo published test (two sections) from the tests list, uploads a
// zip of generated filled sheets (one clear, one with crosses that the reader leaves unclear), fixes the queued
// one in the correction queue, and finds both scored attempts among the test's attempts.
// Moved down (issue 23): the dialog's proposal of the test's sections (OmrSheetDialog.browser.test.tsx,
// omr.int.test.ts); Download Test's question paper of the same paper form (omr.int.test.ts; the menu item and
// its message: apps/web/src/features/omr/DownloadTestMenu.browser.test.tsx).

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { omrMessages as m, omrEndpoints as oe } from '@assess/contracts/omr';
import { studentEndpoints } from '@assess/contracts/students';
import { testListEndpoints as tl } from '@assess/contracts/tests';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiOf } from './support/api';
import { checkA11y, shot, signIn, useBrowser } from './support/browser';
import { openTestsFiltered, scrollGrid, testsGrid } from './support/catalogue';

const CODE = 'DEMO-PUB';
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();
const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 60_000 });

/** The row's menu (the list opened and filtered first unless it is already on the page). */
async function openMenu(page: Page, open = true) {
  if (open) await openTestsFiltered(page, CODE);
  await scrollGrid(testsGrid(page), 'actions');
  await page.getByRole('button', { name: `More actions for ${CODE}` }).click();
}

describe('OMR paper tests (issue 25)', () => {
  const s = useBrowser();
  beforeEach(() => s.page.setDefaultTimeout(30_000));

  it('downloads the sheet, uploads filled sheets, fixes the queued one and sees the scores', async () => {
    const { page } = s;
    await signIn(page, 'erp@example.com');
    const api = apiOf(page);
    const list = await api.call(tl.list, { query: { contentFilter: 1, code: CODE } });
    const testId = list.items.find((i) => i.code === CODE)?.testId as number;
    const students = await api.call(studentEndpoints.list, { query: { pageNumber: 1, pageSize: 100 } });
    const student = students.items.find((x) => x.email === 'student@example.com')?.userId as number;

    // Download OMR: the PDF names its paper form (the dialog's proposal of the test's two sections:
    // OmrSheetDialog.browser.test.tsx and omr.int.test.ts)
    await openMenu(page);
    await page.getByRole('menuitem', { name: /^Download OMR/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Download OMR' });
    await dialog.getByRole('textbox', { name: 'Form name' }).waitFor();
    await dialog.getByRole('textbox', { name: 'Section name' }).first().waitFor();
    await shot(page, 'omr-sheet-dialog');
    // the dialog has faded in (axe measures contrast on what is painted: mid-fade, colours are washed out)
    await poll(() => dialog.evaluate((el) => getComputedStyle(el.parentElement as Element).opacity)).toBe(
      '1',
    );
    await checkA11y(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download' }).click(),
    ]);
    await toast(page, m.downloaded).waitFor();
    const pdf = fs.readFileSync(await download.path()).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    const formId = Number(/\(OMR1\|\d+\|(\d+)\|1\)/.exec(pdf)?.[1]);
    expect(formId).toBeGreaterThan(0);

    // Download Test, the question paper of the same paper form: omr.int.test.ts, DownloadTestMenu.browser.test.tsx
    // (issue 23)

    // a zip of two filled sheets: a clear one, and one marked with crosses (unclear: queued)
    const sheet = (await api.call(oe.form, { params: { testId } })).sheet;
    const zip = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'omr-e2e-')), 'answers.zip');
    execFileSync(
      'npx',
      [
        'tsx',
        'apps/api/src/modules/omr/fixture.cli.ts',
        zip,
        String(testId),
        String(formId),
        JSON.stringify(sheet),
        `${student}:clean:1`,
        `${student}:cross:2`,
      ],
      { cwd: path.resolve(import.meta.dirname, '..'), stdio: 'inherit' },
    );

    await openMenu(page, false);
    await page.getByRole('menuitem', { name: /^Upload answers/ }).click();
    const up = page.getByRole('dialog', { name: /^Upload answers/ });
    await up.locator('input[type=file]').setInputFiles(zip);
    await up.getByRole('button', { name: 'Upload', exact: true }).click();
    await up.getByText(/^OMR upload success\. Read 1, queued 1/).waitFor({ timeout: 120_000 });
    await shot(page, 'omr-upload-result');

    // the correction queue: the crossed sheet, fixed and scored
    await up.getByRole('button', { name: 'Correction queue' }).click();
    const queue = page.getByRole('dialog', { name: /^Correction queue/ });
    await queue.getByRole('img', { name: 'The scanned sheet' }).waitFor();
    // the dialog slides in: axe reads colours once its transition has ended
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    await checkA11y(page);
    await queue
      .getByRole('checkbox', { name: /^Question 1 choice/ })
      .first()
      .check();
    await queue.getByRole('button', { name: 'Save and score' }).click();
    await toast(page, m.corrected).waitFor();
    await queue.getByText('No sheet waits for correction.').waitFor();

    // both sheets are the student's scored attempts of the test
    const sheets = await api.call(oe.sheets, { params: { testId } });
    const mine = sheets.items.filter((x) => x.attemptId !== null);
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.every((x) => x.status === 1)).toBe(true);
  }, 300_000);
});
