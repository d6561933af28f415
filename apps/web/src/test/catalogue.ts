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
