// Test analytics in the browser (issue 24; part 3 §2 the analytics dialog, §3, §9): the ERP Super User opens the
// analytics of the demo 'Demo Analytics Test' (DEMO-ANALYTICS, 64 finished attempts) from the tests list, sees the
// score distribution and the top five, the content × execution tree, exports the workbook (it opens with the
// expected sheets), opens item statistics and follows a flagged question to the question bank.
// Moved down (issue 23): a student's evaluation from the top five, switching content × execution and expanding a
// node (apps/web/src/features/analytics/AnalyticsDialog.browser.test.tsx; the server's:
// apps/api/src/modules/analytics/analytics-evaluation.int.test.ts, analytics.int.test.ts); the item statistics'
// figures and the flag's link (ItemStatisticsTab.browser.test.tsx; the figures and flags: analytics.int.test.ts).

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

  it('opens the demo test’s analytics, its tree, exports, follows a flagged question', async () => {
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
    // the top five's columns (duration 'min s', the rates): AnalyticsDialog.browser.test.tsx (issue 23)
    await shot(page, 'analytics-overview');
    await checkA11y(page);

    // a student's attempt opens its evaluation: AnalyticsDialog.browser.test.tsx, analytics-evaluation.int.test.ts

    // content × execution: the category tree of the real attempts (switching the content and execution and
    // expanding a node: AnalyticsDialog.browser.test.tsx; the figures: analytics.int.test.ts)
    await dialog.getByRole('tab', { name: 'Content × Execution' }).click();
    await poll(() => dialog.getByTestId('analytics-node').count()).toBeGreaterThan(1);
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
    // the test's figures and the flag's link: ItemStatisticsTab.browser.test.tsx (issue 23)
    const flag = dialog.getByTestId('item-flag').filter({ hasText: 'Negative discrimination' }).first();
    await shot(page, 'analytics-items');
    await flag.click();
    await page.waitForURL((u) => u.pathname === '/admin/questions' && u.searchParams.has('preview'));
  });
});
