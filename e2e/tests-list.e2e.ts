// The tests list in the browser (issue 13; part 3 §2 Tests list, §4 row rules, §5 copy and bulk update, §8):
// the row rules of a locked and of a published test, Test Details, copy, bulk update, delete, axe and
// screenshots on a desktop and a phone. Every test makes its own tests through the API (the server and its
// demo data are shared by all test files) and narrows the grid to them with the Code filter.

import { commonMessages, endpointPath } from '@assess/contracts/common';
import {
  testEditorEndpoints as ed,
  testMessages as m,
  testRowMessages as rm,
  testListEndpoints as tl,
} from '@assess/contracts/tests';
import type { Browser, Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkA11y, shot, signIn, url, useBrowser } from './support/browser';

let seq = 0;
/** A short tag unique in this run (letters and digits). */
const unique = () => `${Date.now().toString(36).slice(-5)}${(seq++).toString(36)}`.toUpperCase();

async function ok<T>(res: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<T> }) {
  if (!res.ok()) throw new Error(`${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}
const path = (p: string, testId: number) => url(endpointPath(p, { testId }));

/** A Draft test made through the editor's create endpoint. */
async function createTest(page: Page, code: string, name = `List E2E ${code}`) {
  const r = await ok<{ testId: number }>(
    await page.request.post(url(ed.create.path), { data: { code, name } }),
  );
  return r.testId;
}

/** The id of a test of the signed-in provider, by code (through the list). */
async function testIdOf(page: Page, code: string) {
  const r = await ok<{ items: { testId: number; code: string }[] }>(
    await page.request.get(url(`${tl.list.path}?contentFilter=1&code=${encodeURIComponent(code)}`)),
  );
  const row = r.items.find((i) => i.code === code);
  if (!row) throw new Error(`no test ${code}`);
  return row.testId;
}

/** A copy of the demo Ready test (a Draft that meets the Ready criteria). */
async function readyableCopy(page: Page, code: string) {
  const demo = await testIdOf(page, 'DEMO-READY');
  const r = await ok<{ testId: number }>(
    await page.request.post(path(tl.copy.path, demo), { data: { code, name: `List E2E ${code}` } }),
  );
  return r.testId;
}

/** A published test: a copy of the demo Ready test, activated and published. */
async function publishedTest(page: Page, code: string) {
  const id = await readyableCopy(page, code);
  await ok(await page.request.put(path(ed.activate.path, id)));
  await ok(await page.request.put(path(ed.publish.path, id)));
  return id;
}

/** Locks a test as another user of the same provider (the curator), in a context of its own. */
async function lockAsCurator(browser: Browser, testId: number) {
  const context = await browser.newContext();
  const p = await context.newPage();
  await signIn(p, 'curator@example.com');
  await ok(await p.request.put(path(tl.lock.path, testId), { data: { isLocked: true } }));
  await context.close();
}

const LONG = 240_000;
const STEP = 45_000;
const slowSteps = (s: { page: Page }) => beforeEach(() => s.page.setDefaultTimeout(STEP));
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();
const grid = (page: Page) => page.getByRole('grid', { name: 'Tests' });
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The grid row of a test by its exact code (the code cell may also hold a lock icon). */
const row = (page: Page, code: string) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.locator('[data-field="code"]', { hasText: new RegExp(`^${escapeRegExp(code)}$`) }) });

/**
 * Scrolls the grid to its first columns or to its actions (columns are virtualised: a cell far off screen is not
 * in the page; opening a row's menu scrolls to the actions).
 */
const scrollGrid = (page: Page, to: 'start' | 'actions') =>
  grid(page)
    .locator('.MuiDataGrid-virtualScroller')
    .evaluate((el, end) => {
      el.scrollLeft = end ? el.scrollWidth : 0;
    }, to === 'actions');
const scrollGridLeft = (page: Page) => scrollGrid(page, 'start');

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

/** Opens the tests list filtered to codes containing `tag`. */
async function openFiltered(page: Page, tag: string) {
  await page.goto(url('/admin/testhome'));
  const bar = page.getByRole('region', { name: 'Filter and bulk update' });
  await pick(bar, page, 'Field', 'Code');
  await bar.getByRole('textbox', { name: 'Value' }).fill(tag);
  await bar.getByRole('button', { name: 'Search' }).click();
  await page.getByText(`Code: ${tag}`, { exact: true }).waitFor();
  return bar;
}

/** The menu item of a row's menu (opened), with its reason text when off. */
async function menuItem(page: Page, code: string, item: string) {
  await page.getByRole('button', { name: `More actions for ${code}` }).click();
  return item_(page, item);
}
/** An item of the open menu by its label (its name goes on with the reason when it is off). */
const item_ = (page: Page, item: string) => page.getByRole('menuitem', { name: new RegExp(`^${item}`) });
const closeMenu = (page: Page) => page.keyboard.press('Escape');

describe('tests list (/admin/testhome)', () => {
  const s = useBrowser();
  slowSteps(s);

  it(
    'row rules of a locked and a published test; unlock by a Super User; axe; screenshots',
    async () => {
      const { page } = s;
      const tag = `L${unique()}`;
      await signIn(page, 'erp@example.com');
      const lockedId = await createTest(page, `${tag}-LCK`);
      await lockAsCurator(s.browser, lockedId);
      await publishedTest(page, `${tag}-PUB`);
      await createTest(page, `${tag}-DRF`);

      // an empty grid ('Data not found') passes axe too (its overlay lives inside role=grid)
      await page.setViewportSize({ width: 1366, height: 768 });
      await openFiltered(page, `${tag}-NONE`);
      await grid(page).getByText(commonMessages.dataNotFound).waitFor();
      await checkA11y(page);

      await openFiltered(page, tag);
      await row(page, `${tag}-DRF`).waitFor();
      await row(page, `${tag}-LCK`).waitFor();
      await row(page, `${tag}-PUB`).waitFor();
      // at 1366 × 768 the grid is wider than the screen: the actions column stays pinned in view, the others scroll
      await expectActionsInView(page, `${tag}-DRF`);
      await scrollGrid(page, 'actions');
      await expectActionsInView(page, `${tag}-DRF`);
      await scrollGridLeft(page);
      await shot(page, 'tests-list');
      await checkA11y(page);
      await page.setViewportSize({ width: 1366, height: 860 });

      // the locked test: grey, not selectable, edit / copy / delete off with the reason
      const locked = row(page, `${tag}-LCK`);
      expect(await locked.locator('.test-row-locked').count()).toBeGreaterThan(0);
      expect(await locked.getByRole('checkbox').isDisabled()).toBe(true);
      let item = await menuItem(page, `${tag}-LCK`, 'Edit');
      expect(await item.getAttribute('aria-disabled')).toBe('true');
      await item.filter({ hasText: rm.lockedByOther }).waitFor();
      item = item_(page, 'Copy');
      await item.filter({ hasText: rm.lockedNoCopy }).waitFor();
      expect(await item_(page, 'Delete').getAttribute('aria-disabled')).toBe('true');
      // an OMR item (issue 25): present, off until the test is in progress, saying so
      await item_(page, 'Download Test').filter({ hasText: rm.onlyInProgress }).waitFor();
      await shot(page, 'tests-list-locked-menu');
      // the signed-in Super User may lift another user's lock
      await item_(page, 'Unlock').click();
      await toast(page, m.unlockedMessage).waitFor();
      await scrollGridLeft(page);
      await expect.poll(() => locked.getByRole('checkbox').isDisabled()).toBe(false);

      // the published test: publish and edit off, copy on, not selectable; schedule on (active, unlocked, not Draft)
      const pub = row(page, `${tag}-PUB`);
      await scrollGrid(page, 'actions');
      expect(await pub.getByRole('button', { name: `Publish ${tag}-PUB` }).isDisabled()).toBe(true);
      expect(await pub.getByRole('button', { name: `Schedule ${tag}-PUB` }).isDisabled()).toBe(false);
      item = await menuItem(page, `${tag}-PUB`, 'Edit');
      await item.filter({ hasText: rm.published }).waitFor();
      expect(await item_(page, 'Copy').getAttribute('aria-disabled')).toBeNull();
      await closeMenu(page);
      await scrollGridLeft(page);
      expect(await pub.getByRole('checkbox').isDisabled()).toBe(true);

      // Test Details: the sections of the copied demo test
      await scrollGrid(page, 'actions');
      await pub.getByRole('button', { name: `Test Details of ${tag}-PUB` }).click();
      const details = page.getByRole('dialog', { name: 'Test Details' });
      await details.getByRole('table', { name: 'Sections of the test' }).waitFor();
      await details.getByRole('region', { name: 'Students' }).getByText('Not Attempted').waitFor();
      await shot(page, 'tests-list-details');
      await checkA11y(page);
      await details.getByRole('button', { name: 'Close' }).click();
      await details.waitFor({ state: 'detached' });
    },
    LONG,
  );

  it(
    'copy: defaults with -Copy, the refusal with the spec suffix, then the copy as a Draft; delete with confirmation',
    async () => {
      const { page } = s;
      const tag = `C${unique()}`;
      await signIn(page, 'erp@example.com');
      await publishedTest(page, `${tag}-SRC`);
      await createTest(page, `${tag}-TAKEN`);
      await openFiltered(page, tag);

      await (await menuItem(page, `${tag}-SRC`, 'Copy')).click();
      const d = page.getByRole('dialog', { name: /^Test Copy/ });
      expect(await d.getByLabel(/^Test Code/).inputValue()).toBe(`${tag}-SRC-Copy`);
      expect(await d.getByLabel(/^Test Name/).inputValue()).toBe(`List E2E ${tag}-SRC-Copy`);
      await d.getByLabel(/^Test Code/).fill(`${tag}-TAKEN`);
      await d.getByRole('button', { name: 'Copy' }).click();
      await toast(page, `${m.codeExists}${m.copyFailedSuffix}`).waitFor();
      await d.getByLabel(/^Test Code/).fill(`${tag}-NEW`);
      await shot(page, 'tests-list-copy');
      await d.getByRole('button', { name: 'Copy' }).click();
      await toast(page, m.copied).waitFor();
      await d.waitFor({ state: 'detached' });
      const copy = row(page, `${tag}-NEW`);
      await scrollGridLeft(page);
      await copy.getByText('Draft').waitFor();

      // delete the copy after the spec's confirmation
      await (await menuItem(page, `${tag}-NEW`, 'Delete')).click();
      const confirm = page.getByRole('dialog').filter({ hasText: m.confirmDelete });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await toast(page, m.deleted).waitFor();
      await copy.waitFor({ state: 'detached' });
    },
    LONG,
  );

  it(
    'bulk update: the spec messages, counts of total / ready / draft, the Ready criteria note',
    async () => {
      const { page } = s;
      const tag = `B${unique()}`;
      await signIn(page, 'erp@example.com');
      await readyableCopy(page, `${tag}-RDY`);
      await createTest(page, `${tag}-EMP`);
      const bar = await openFiltered(page, tag);
      await row(page, `${tag}-RDY`).waitFor();
      await row(page, `${tag}-EMP`).waitFor();

      await pick(bar, page, 'Field', 'Status');
      await bar.getByRole('button', { name: 'Update' }).click();
      await toast(page, m.bulkNoTests).waitFor();
      await grid(page).getByRole('checkbox', { name: 'Select all rows' }).check();
      await bar.getByText('2 selected').waitFor();
      await bar.getByRole('button', { name: 'Update' }).click();
      await toast(page, m.bulkNoValue).waitFor();
      await pick(bar, page, 'Value', 'Published');
      await bar.getByRole('button', { name: 'Update' }).click();
      await toast(page, m.bulkPublished).waitFor();

      await pick(bar, page, 'Value', 'Ready');
      await bar.getByRole('button', { name: 'Update' }).click();
      const result = page.getByTestId('bulk-result');
      await result.filter({ hasText: `${m.bulkUpdated}: total 2, ready 1, draft 1` }).waitFor();
      await result.filter({ hasText: 'left in Draft' }).waitFor();
      await row(page, `${tag}-RDY`).getByText('Ready').waitFor();
      await shot(page, 'tests-list-bulk');

      await pick(bar, page, 'Field', 'Code');
      await bar.getByRole('button', { name: 'Update' }).click();
      await toast(page, m.bulkCode).waitFor();
    },
    LONG,
  );

  it(
    'on a phone: the toggle, the bar and the grid fit; row menu usable',
    async () => {
      const page = await s.open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      page.setDefaultTimeout(STEP);
      await signIn(page, 'erp@example.com');
      await page.goto(url('/admin/testhome'));
      await page.getByRole('group', { name: 'Tests shown' }).waitFor();
      await grid(page).getByRole('row').nth(1).waitFor();
      // the filter and bulk update bar folds behind one button
      const bar = page.getByRole('region', { name: 'Filter and bulk update' });
      expect(await bar.isVisible()).toBe(false);
      await shot(page, 'tests-list-phone');
      await page.getByRole('button', { name: 'Filter and bulk update' }).click();
      await bar.getByRole('button', { name: 'Search' }).waitFor();
      await shot(page, 'tests-list-phone-bar');
      // narrowed to the demo test: other files add tests, so it need not be on the first page
      await pick(bar, page, 'Field', 'Code');
      await bar.getByRole('textbox', { name: 'Value' }).fill('DEMO-PUB');
      await bar.getByRole('button', { name: 'Search' }).click();
      await row(page, 'DEMO-PUB').waitFor();
      if (await bar.isVisible()) {
        await page.getByRole('button', { name: 'Filter and bulk update' }).click();
        await bar.waitFor({ state: 'hidden' });
      }
      await page.getByRole('button', { name: 'More actions for DEMO-PUB' }).click();
      await item_(page, 'Copy').waitFor();
      await shot(page, 'tests-list-phone-menu');
      await checkA11y(page);
    },
    LONG,
  );
});
