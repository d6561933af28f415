// Test User Mapping in the browser (issue 14; part 3 §2, §4 removal rules, §8 Assignment): from the tests list's
// 'assign to student' button, demo students are assigned to a test of our own, one is removed, an accommodation
// is saved (a published test's removal rule, the assigned search and Course User Mapping's subscription toggle:
// UserMappingDialog.browser.test.tsx, issue 23). axe and screenshots. The server and its demo data are shared by
// every test file: the tests are made here, the demo students are only assigned to them.

import { assignmentMessages as m } from '@assess/contracts/assignment';
import { testEditorEndpoints as ed } from '@assess/contracts/tests';
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiOf } from './support/api';
import { checkA11y, shot, signIn, useBrowser } from './support/browser';
import { openTestsFiltered, scrollGrid, testsGrid } from './support/catalogue';
import { toast } from './support/ui';

let seq = 0;
const unique = () => `${Date.now().toString(36).slice(-5)}${(seq++).toString(36)}`.toUpperCase();

async function createTest(page: Page, code: string, name: string) {
  return (await apiOf(page).call(ed.create, { body: { code, name } })).testId;
}

const LONG = 240_000;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const testRow = (page: Page, code: string) =>
  testsGrid(page)
    .getByRole('row')
    .filter({ has: page.locator('[data-field="code"]', { hasText: new RegExp(`^${escapeRegExp(code)}$`) }) });

/** Opens the Test User Mapping dialog from the row's 'assign to student' button. */
async function openMapping(page: Page, code: string, name: string) {
  const row = testRow(page, code);
  await row.waitFor();
  await scrollGrid(testsGrid(page), 'actions');
  const assign = row.getByRole('button', { name: `Assign ${code} to students` });
  expect(await assign.isDisabled()).toBe(false);
  await assign.click();
  const dialog = page.getByRole('dialog', { name: `Test User Mapping for: ${name}` });
  await dialog.waitFor();
  return dialog;
}
const heading = (d: Locator, text: string | RegExp) => d.getByRole('heading', { name: text });

describe('Test User Mapping (tests list → assign to student)', () => {
  const s = useBrowser();
  beforeEach(() => s.page.setDefaultTimeout(45_000));

  it(
    'assigns demo students, removes one, saves an accommodation',
    async () => {
      const { page } = s;
      const tag = `A${unique()}`;
      await signIn(page, 'erp@example.com');
      const draftName = `Assign E2E ${tag} draft`;
      await createTest(page, `${tag}-DRF`, draftName);

      await openTestsFiltered(page, tag);
      const d = await openMapping(page, `${tag}-DRF`, draftName);
      await heading(d, 'Assigned students (0)').waitFor();
      const available = d.getByRole('grid', { name: 'Available students' });
      // search the demo students by e-mail, pick three
      // the search is debounced: wait for its answer, so the grid does not refresh (and drop the ticks) mid-selection
      const searched = page.waitForResponse(
        (r) => r.url().includes('/available-students') && r.url().includes('search=example.com'),
      );
      await d.getByRole('searchbox', { name: 'Search available' }).fill('example.com');
      await searched;
      await expect
        .poll(async () => available.getByRole('row').filter({ hasText: '@example.com' }).count())
        .toBeGreaterThanOrEqual(3);
      const rows = available.getByRole('row').filter({ hasText: '@example.com' });
      const picked: string[] = [];
      for (let i = 0; i < 3; i++) {
        await rows.nth(i).getByRole('checkbox').check();
        picked.push((await rows.nth(i).locator('[data-field="userName"]').innerText()).trim());
      }
      await d.getByRole('button', { name: 'Assign (3)' }).click();
      await toast(page, m.usersMapped).waitFor();
      await heading(d, 'Assigned students (3)').waitFor();
      const assigned = d.getByRole('grid', { name: 'Assigned students' });
      for (const u of picked) await assigned.getByRole('row').filter({ hasText: u }).waitFor();
      // the assigned ones left the available grid
      await expect.poll(() => available.getByRole('row').filter({ hasText: picked[0] }).count()).toBe(0);
      await shot(page, 'assignment-test-user-mapping');
      await checkA11y(page);

      // remove one (confirmation first)
      const first = assigned.getByRole('row').filter({ hasText: picked[0] });
      const firstName = (await first.locator('[data-field="fullName"]').innerText()).trim();
      await first.getByRole('button', { name: `Remove ${firstName}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Please confirm' });
      await confirm.getByText(`Remove ${firstName} from ${draftName}?`).waitFor();
      // the toast shows for 2 s: watch for it from the click on (a slow machine may pass it while the dialog closes)
      const removedToast = toast(page, m.removed).waitFor();
      await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
      await confirm.waitFor({ state: 'detached' });
      await removedToast;
      await heading(d, 'Assigned students (2)').waitFor();

      // accommodation: extra attempts and minutes for one student
      const second = assigned.getByRole('row').filter({ hasText: picked[1] });
      await second.getByRole('button', { name: /^Extra attempts and time for / }).click();
      const acc = page.getByRole('dialog', { name: /^Extra attempts and time: / });
      await acc.getByLabel('Extra attempts').fill('2');
      await acc.getByLabel('Extra minutes').fill('30');
      await acc.getByRole('button', { name: 'Save' }).click();
      await toast(page, m.accommodationSaved).waitFor();
      await second.locator('[data-field="extraMinutes"]').filter({ hasText: '30' }).waitFor();
      await d.getByRole('button', { name: 'Close' }).first().click();
      await d.waitFor({ state: 'detached' });

      // (a published test keeps its students: UserMappingDialog.browser.test.tsx and assignment.int.test.ts)
    },
    LONG,
  );

  // the demo test DEMO-PUB (In Progress) is assigned to student@example.com: the seed's assignment in
  // apps/api/src/modules/assignment/assignment-access.int.test.ts 'demo data (seed)'; the assigned grid's search in
  // apps/web/src/features/assignment/UserMappingDialog.browser.test.tsx 'searches the assigned students …' (issue 23)
  // Course User Mapping's subscription toggle: UserMappingDialog.browser.test.tsx 'Course User Mapping: …' and
  // assignment-series.int.test.ts; opened from the series list and assigning through the real server:
  // e2e/series.e2e.ts (issue 23)
});
