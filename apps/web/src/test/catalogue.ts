// Builders and grid readers of the tests and test series component tests (issue 23).
import { type TestListRow, TestStatus } from '@assess/contracts/tests';
import type { Locator } from 'vitest/browser';

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
