// The tests list in the browser (issue 13; part 3 §2 Tests list, §5 copy and bulk update): one happy path
// through the real server at 1366 × 768 (the actions column in view), Test Details, a copy, a bulk update to
// Ready and a delete. The phone layout, the row rules, the refusals and the messages word for word are the
// component tests' (features/tests/TestsPage, list/TestBulkBar, list/CopyTestDialog .browser.test.tsx) and the
// API's (apps/api/src/modules/tests/test-list*.int.test.ts).

import { testMessages as m } from '@assess/contracts/tests';
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkA11y, shot, signIn, useBrowser } from './support/browser';
import {
  confirm,
  createTest,
  demoCopy,
  gridRow,
  openTestsFiltered,
  scrollGrid,
  testsGrid,
  toast,
  unique,
} from './support/catalogue';

const LONG = 240_000;
const STEP = 45_000;
const grid = testsGrid;
const row = (page: Page, code: string) => gridRow(grid(page), code);

/** The row's actions cell lies wholly inside the grid's visible area, its buttons clickable there. */
async function expectActionsInView(page: Page, code: string) {
  const cell = row(page, code).locator('[data-field="actions"]');
  const [box, frame] = await Promise.all([cell.boundingBox(), grid(page).boundingBox()]);
  expect(box, 'the actions cell is rendered').not.toBeNull();
  if (!box || !frame) return;
  expect(box.x).toBeGreaterThanOrEqual(frame.x);
  expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width);
  await cell.getByRole('button', { name: `More actions for ${code}` }).click({ trial: true });
}

/** A select (MUI combobox) by label: opens it and picks the option. */
async function pick(scope: Locator, page: Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const menuItem = async (page: Page, code: string, item: string) => {
  await page.getByRole('button', { name: `More actions for ${code}` }).click();
  return page.getByRole('menuitem', { name: new RegExp(`^${item}`) });
};

describe('tests list (/admin/testhome)', () => {
  const s = useBrowser();
  beforeEach(() => s.page.setDefaultTimeout(STEP));

  it(
    'at 1366 px: Test Details, copy as a Draft, bulk update to Ready, delete',
    async () => {
      const { page } = s;
      const tag = `L${unique()}`;
      await signIn(page, 'erp@example.com');
      await demoCopy(page, `${tag}-RDY`);
      await createTest(page, `${tag}-EMP`);

      await page.setViewportSize({ width: 1366, height: 768 });
      await openTestsFiltered(page, tag);
      const bar = page.getByRole('region', { name: 'Filter and bulk update' });
      await row(page, `${tag}-EMP`).waitFor();
      // the grid is wider than the screen: the actions column stays pinned in view, the others scroll
      await expectActionsInView(page, `${tag}-RDY`);
      await scrollGrid(grid(page), 'actions');
      await expectActionsInView(page, `${tag}-RDY`);
      await shot(page, 'tests-list');
      await checkA11y(page);

      // Test Details: the sections of the copied demo test
      await page.getByRole('button', { name: `Test Details of ${tag}-RDY` }).click();
      const details = page.getByRole('dialog', { name: 'Test Details' });
      await details.getByRole('table', { name: 'Sections of the test' }).waitFor();
      await details.getByRole('region', { name: 'Students' }).getByText('Not Attempted').waitFor();
      await shot(page, 'tests-list-details');
      await details.getByRole('button', { name: 'Close' }).click();
      await details.waitFor({ state: 'detached' });

      // copy: a Draft named with the dialog's code
      await (await menuItem(page, `${tag}-RDY`, 'Copy')).click();
      const d = page.getByRole('dialog', { name: /^Test Copy/ });
      await d.getByLabel(/^Test Code/).fill(`${tag}-NEW`);
      await d.getByRole('button', { name: 'Copy' }).click();
      await toast(page, m.copied).waitFor();
      await d.waitFor({ state: 'detached' });
      await scrollGrid(grid(page), 'start');
      await row(page, `${tag}-NEW`).getByText('Draft').waitFor();

      // bulk update: both originals to Ready; the one without sections stays a Draft
      await row(page, `${tag}-RDY`).getByRole('checkbox').check();
      await row(page, `${tag}-EMP`).getByRole('checkbox').check();
      await pick(bar, page, 'Field', 'Status');
      await pick(bar, page, 'Value', 'Ready');
      await bar.getByRole('button', { name: 'Update' }).click();
      await page
        .getByTestId('bulk-result')
        .filter({ hasText: `${m.bulkUpdated}: total 2, ready 1, draft 1` })
        .waitFor();
      await row(page, `${tag}-RDY`).getByText('Ready').waitFor();
      await shot(page, 'tests-list-bulk');

      // delete the copy after the spec's confirmation
      await (await menuItem(page, `${tag}-NEW`, 'Delete')).click();
      await confirm(page, m.confirmDelete, 'Delete');
      await toast(page, m.deleted).waitFor();
      await row(page, `${tag}-NEW`).waitFor({ state: 'detached' });
    },
    LONG,
  );

  // on a phone (the folded filter bar, the grid within the screen, the row menu usable):
  // apps/web/src/features/tests/TestsPage.browser.test.tsx 'on a phone' (issue 23)
});
