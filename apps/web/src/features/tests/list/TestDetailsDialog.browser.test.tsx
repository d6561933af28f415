// Test Details (part 3 §2): its fact sections (Test, Schedule, Students) line up — a label column of one width,
// so the second column starts at the same place in each section, as a reader scans down the dialog; its
// scrolling content takes the keyboard focus (axe scrollable-region-focusable).
import { type TestDetails, TestStatus, testListEndpoints as tl } from '@assess/contracts/tests';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { testRow } from '../../../test/catalogue';
import { fakeApi } from '../../../test/fakeApi';
import { checkA11y, renderApp } from '../../../test/render';
import { TestDetailsDialog } from './TestDetailsDialog';

const details: TestDetails = {
  test: {
    ...testRow('T-DET', { status: TestStatus.Ready }),
    description: null,
    duration: 30,
    attemptsAllowed: 1,
    totalScore: 5,
    passingScore: 2,
    masteryScore: null,
    questionsPerPage: 2,
    pointsPerQuestion: null,
    negativePointsPerQuestion: 0,
    expiryDate: '2099-12-31',
    navigationAllowed: true,
    showHint: false,
    showBookmark: false,
    showResult: true,
    showTimer: true,
    publishedDate: null,
    createdDate: '2026-11-01T10:00:00.000Z',
    updatedDate: '2026-11-01T10:00:00.000Z',
  },
  schedule: { assignDate: null, startDate: null, endDate: null },
  sections: [],
  studentsCount: 0,
  attemptedStudentCount: 0,
  nonAttemptedStudentCount: 0,
};

describe('TestDetailsDialog', () => {
  it('the labels and values of Test, Schedule and Students start at the same places', async () => {
    fakeApi.on(tl.details, () => details);
    await renderApp(<TestDetailsDialog testId={details.test.testId} onClose={() => {}} />);
    const dialog = page.getByRole('dialog', { name: 'Test Details' });
    await expect.element(dialog.getByText('T-DET', { exact: true })).toBeVisible();
    /** The left edge of a fact's label (dt) or value (dd) in a section. */
    const left = (section: string, label: string, of: 'dt' | 'dd' = 'dt') => {
      const dt = [
        ...dialog.getByRole('region', { name: section, exact: true }).element().querySelectorAll('dt'),
      ].find((e) => e.textContent === label);
      const el = of === 'dt' ? dt : dt?.nextElementSibling;
      if (!el) throw new Error(`no ${label} in ${section}`);
      return Math.round(el.getBoundingClientRect().left);
    };
    // first column: values; second column: labels and values
    expect(left('Schedule', 'Scheduled Date', 'dd')).toBe(left('Test', 'Code', 'dd'));
    expect(left('Students', 'Assigned', 'dd')).toBe(left('Test', 'Code', 'dd'));
    expect(left('Schedule', 'Start Date')).toBe(left('Test', 'Name'));
    expect(left('Students', 'Attempted')).toBe(left('Test', 'Name'));
    expect(left('Schedule', 'Start Date', 'dd')).toBe(left('Test', 'Name', 'dd'));
    // the content scrolls at 1366 × 768 with nothing focusable in it: it takes the keyboard focus itself
    await expect
      .element(dialog.getByRole('region', { name: 'Test Details', exact: true }))
      .toHaveAttribute('tabindex', '0');
    await checkA11y();
  });
});
