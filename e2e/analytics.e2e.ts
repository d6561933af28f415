// Test analytics in the browser (issue 24; part 3 §2 the analytics dialog, §3, §9): the ERP Super User opens the
// analytics of the demo 'Demo Analytics Test' (DEMO-ANALYTICS, 64 finished attempts) from the tests list, sees the
// score distribution and the top five, opens a student's evaluation, switches content × execution and expands a node, exports the workbook (it
// opens with the expected sheets), opens item statistics and follows a flagged question to the question bank.

import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkA11y, shot, signIn, useBrowser } from './support/browser';
import { openTestsFiltered, scrollGrid, testsGrid } from './support/catalogue';

const CODE = 'DEMO-ANALYTICS';
/** Polls up to 30 s (the first item statistics start a CPU worker; the default poll gives up after 1 s). */
const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 30_000 });

describe('test analytics (issue 24)', () => {
  const s = useBrowser();
  beforeEach(() => s.page.setDefaultTimeout(45_000));

  it('opens the demo test’s analytics, switches views, expands a node, exports, follows a flagged question', async () => {
    const { page } = s;
    await signIn(page, 'erp@example.com');
    await openTestsFiltered(page, CODE);
    // columns are virtualised: bring the actions into view, then open Analytics
    await scrollGrid(testsGrid(page), 'actions');
    await page.getByRole('button', { name: `Analytics of ${CODE}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Analytics: Demo Analytics Test' });
    await dialog.waitFor();

    // overview: the chart and the top five
    await poll(() => dialog.locator('svg .MuiBarElement-root, svg rect').count()).toBeGreaterThan(3);
    const topFive = dialog.getByRole('table', { name: 'Top five students' });
    await poll(() => topFive.getByRole('row').count()).toBe(6);
    await poll(() => topFive.getByText(/min \d\d s/).count()).toBe(5);
    await shot(page, 'analytics-overview');
    await checkA11y(page);

    // a student's attempt opens its evaluation, everything shown to staff
    const first = (await topFive.getByRole('row').nth(1).getByRole('button').textContent()) ?? '';
    await topFive.getByRole('button', { name: `Evaluation of ${first}` }).click();
    const evaluation = page.getByRole('dialog', { name: `Evaluation: ${first}` });
    await evaluation.getByTestId('evaluation-score').waitFor();
    expect(await evaluation.getByTestId('evaluation-hidden').count()).toBe(0);
    await evaluation.getByRole('button', { name: 'Close', exact: true }).last().click();
    await evaluation.waitFor({ state: 'detached' });

    // content × execution: Difficulty Level × Accuracy Rate, then the category tree with a node expanded
    await dialog.getByRole('tab', { name: 'Content × Execution' }).click();
    const nodes = dialog.getByTestId('analytics-node');
    await poll(() => nodes.count()).toBeGreaterThan(1);
    await dialog.getByRole('button', { name: 'Difficulty Level' }).click();
    await dialog.getByRole('button', { name: 'Accuracy Rate' }).click();
    await poll(() => dialog.getByRole('table', { name: /Accuracy Rate/ }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Category Subject' }).click();
    await dialog.getByRole('button', { name: 'Duration' }).click();
    await poll(() => dialog.getByRole('table', { name: /Duration/ }).count()).toBe(1);
    const before = await nodes.count();
    const expand = dialog.getByRole('button', { name: /^Expand / }).first();
    await expand.click();
    await poll(() => nodes.count()).toBeGreaterThan(before);
    await poll(() => dialog.getByText(/\d+ min \d\d s/).count()).toBeGreaterThan(0);
    await shot(page, 'analytics-tree');

    // export: the streamed workbook opens with its two sheets
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: 'Export' }).click(),
    ]);
    const file = await download.path();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Analytics', 'Attempts']);
    expect(wb.getWorksheet('Attempts')?.rowCount).toBeGreaterThanOrEqual(61);
    fs.rmSync(file, { force: true });

    // item statistics: figures, then a flag leads to the question in the bank
    await dialog.getByRole('tab', { name: 'Item statistics' }).click();
    await poll(() => dialog.getByTestId('item-row').count()).toBeGreaterThanOrEqual(5);
    await dialog.getByText("Cronbach's alpha (KR-20)").waitFor();
    const flag = dialog.getByTestId('item-flag').filter({ hasText: 'Negative discrimination' }).first();
    const href = await flag.getAttribute('href');
    expect(href).toMatch(/^\/admin\/questions\?preview=\d+$/);
    await shot(page, 'analytics-items');
    await flag.click();
    await page.waitForURL((u) => u.pathname === '/admin/questions' && u.searchParams.has('preview'));
  });
});
