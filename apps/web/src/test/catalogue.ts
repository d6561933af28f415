// Builders and grid readers of the tests and test series component tests (issue 23).
import { type TestListRow, TestStatus } from '@assess/contracts/tests';
import { expect } from 'vitest';
import { type Locator, page } from 'vitest/browser';
import { toast } from './fields';
import { checkA11y } from './render';

let nextTestId = 100;
/** A row of the tests list: an own, unlocked, active Draft unless patched. */
export const testRow = (code: string, patch: Partial<TestListRow> = {}): TestListRow => ({
  testId: nextTestId++,
  code,
  name: `Test ${code}`,
  providerId: 1,
  providerName: 'Demo ERP Institute',
  owned: true,
  testType: 0,
  status: TestStatus.Draft,
  isActive: true,
  isLocked: false,
  lockedBy: null,
  lockedByName: null,
  difficultyLevel: 2,
  objective: [],
  targetAudience: [],
  scheduleDate: null,
  scheduleStatus: null,
  ...patch,
});

/** The columns both lists share around their difficulty column (part 3 §2), in order. */
export const catalogueColumnsAround = {
  before: ['Code', 'Name', 'Provider Name', 'Status'],
  after: ['Objective', 'Target Audience', 'Scheduled Date', 'Actions'],
};

/** The grid's column headers in order (their text; the checkbox column has none). */
export const columnHeaders = (grid: Locator) =>
  grid
    .getByRole('columnheader')
    .elements()
    .map((e) => e.textContent?.trim())
    .filter(Boolean);

/**
 * The colour family of an element's text as the spec names colours ('4 green, 5 orange, otherwise red'): the
 * hue of its computed colour, whatever shade the theme picks.
 */
export function colourName(el: Element): 'red' | 'orange' | 'green' | 'grey' | 'other' {
  const [r, g, b] = (getComputedStyle(el).color.match(/[\d.]+/g) ?? [])
    .slice(0, 3)
    .map((v) => Number(v) / 255);
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d < 0.05) return 'grey';
  const h = max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  const hue = h * 60;
  return hue < 12 || hue >= 345 ? 'red' : hue < 45 ? 'orange' : hue >= 90 && hue < 160 ? 'green' : 'other';
}

/**
 * The locators of a list page (tests or test series): its grid, a row by its name, a button by its exact name,
 * a row menu's item by the start of its label, a dialog by its text; and the checks both lists share.
 */
export function catalogueLocators(gridName: string, rowName: (code: string) => string) {
  const grid = () => page.getByRole('grid', { name: gridName });
  const rowOf = (code: string) =>
    grid()
      .getByRole('row')
      .filter({ hasText: rowName(code) });
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const item = (label: string) => page.getByRole('menuitem', { name: new RegExp(`^${label}`) });
  const dialogWith = (text: string) => page.getByRole('dialog').filter({ hasText: text });
  return {
    grid,
    rowOf,
    button,
    item,
    dialogWith,
    /** The grid's column headers in order. */
    headers: () => columnHeaders(grid()),
    /** A Draft row's rules on both lists (part 3 §4): the row is selectable; Publish and Schedule are off. */
    async expectDraftRules(code: string) {
      await expect.element(rowOf(code)).toBeVisible();
      await expect.element(rowOf(code).getByRole('checkbox')).toBeEnabled();
      await expect.element(button(`Publish ${code}`)).toBeDisabled();
      await expect.element(button(`Schedule ${code}`)).toBeDisabled();
    },
    /** The row menu's Delete: the spec's confirmation (which passes axe), then the server's message as a toast. */
    async deleteAfterConfirmation(question: string, deleted: string) {
      await item('Delete').click();
      await expect.element(dialogWith(question)).toBeVisible();
      await checkA11y();
      await dialogWith(question).getByRole('button', { name: 'Delete' }).click();
      await expect.element(toast(deleted)).toBeVisible();
    },
  };
}
