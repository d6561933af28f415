// What the tests and test series journeys share (issue 23): tests and series made through the typed API client,
// the tests list filtered to a code, a grid row by its code, the grid scrolled to its actions, toasts, and a tag
// unique in the run.
import { newSeriesValues, seriesEditorEndpoints as se } from '@assess/contracts/series';
import { testEditorEndpoints as ed, testListEndpoints as tl } from '@assess/contracts/tests';
import type { Locator, Page } from 'playwright-core';
import { apiOf } from './api';
import { url } from './browser';

let seq = 0;
/** A short tag unique in this run (letters and digits). */
export const unique = () => `${Date.now().toString(36).slice(-5)}${(seq++).toString(36)}`.toUpperCase();

/** A Draft test made through the editor's create endpoint. */
export async function createTest(page: Page, code: string, name = `E2E ${code}`) {
  return (await apiOf(page).call(ed.create, { body: { code, name } })).testId;
}

/** The id of a test of the signed-in provider, by its exact code. */
export async function testIdOf(page: Page, code: string) {
  const list = await apiOf(page).call(tl.list, { query: { contentFilter: 1, code } });
  const row = list.items.find((i) => i.code === code);
  if (!row) throw new Error(`no test ${code}`);
  return row.testId;
}

/** A copy of the demo Ready test (a Draft meeting the Ready criteria), then activated and published as asked. */
export async function demoCopy(page: Page, code: string, to: 'draft' | 'ready' | 'published' = 'draft') {
  const api = apiOf(page);
  const demo = await testIdOf(page, 'DEMO-READY');
  const { testId } = await api.call(tl.copy, {
    params: { testId: demo },
    body: { code, name: `E2E ${code}` },
  });
  if (to !== 'draft') await api.call(ed.activate, { params: { testId } });
  if (to === 'published') await api.call(ed.publish, { params: { testId } });
  return testId;
}

/** A Draft series made through the editor's API. */
export async function createSeries(page: Page, code: string) {
  const body = { ...newSeriesValues(), code, name: `E2E ${code}`, duration: 30, price: 499, draft: true };
  return (await apiOf(page).call(se.create, { body })).courseId;
}

/** The tests list's grid. */
export const testsGrid = (page: Page) => page.getByRole('grid', { name: 'Tests' });

/** Searches the tests list for codes containing `code` (the filter bar's Field: Code, Value, Search). */
export async function searchTestCode(page: Page, code: string) {
  const bar = page.getByRole('region', { name: 'Filter and bulk update' });
  await bar.getByRole('combobox', { name: /^Field/ }).click();
  await page.getByRole('option', { name: 'Code', exact: true }).click();
  await bar.getByRole('textbox', { name: 'Value' }).fill(code);
  await bar.getByRole('button', { name: 'Search' }).click();
}

/** Opens the tests list filtered to codes containing `code`, once the filter's chip shows. */
export async function openTestsFiltered(page: Page, code: string) {
  await page.goto(url('/admin/testhome'));
  await searchTestCode(page, code);
  await page.getByText(`Code: ${code}`, { exact: true }).waitFor();
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The grid row of an item by its exact code (the code cell may also hold a lock icon). */
export const gridRow = (grid: Locator, code: string) =>
  grid.getByRole('row').filter({
    has: grid.page().locator('[data-field="code"]', { hasText: new RegExp(`^${escapeRegExp(code)}$`) }),
  });

/**
 * Scrolls the grid to its first columns or to its actions (columns are virtualised: a cell far off screen is not
 * in the page).
 */
export const scrollGrid = (grid: Locator, to: 'start' | 'actions') =>
  grid.locator('.MuiDataGrid-virtualScroller').evaluate((el, end) => {
    el.scrollLeft = end ? el.scrollWidth : 0;
  }, to === 'actions');

/** A toast (the app's Snackbar alert) with this text. */
export const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

/** Confirms the confirmation dialog that says `text` with its `button`. */
export const confirm = (page: Page, text: string, button: string | RegExp) =>
  page.getByRole('dialog').filter({ hasText: text }).getByRole('button', { name: button }).click();

/** A labelled text field of the page. */
export const textbox = (page: Page, label: string) =>
  page.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(label)}`) });
