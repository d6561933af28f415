// A student's accommodation on a test (issue 23): values beyond the limits are refused before any call, valid
// extra attempts and minutes are sent as the server's schema reads them, with the saved toast. The browser journey
// keeps the accommodation through the real server and its grid (e2e/assignment.e2e.ts).
import {
  assignmentEndpoints as ae,
  assignmentLimits,
  assignmentMessages as m,
} from '@assess/contracts/assignment';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { assignedStudent } from '../../test/builders';
import { fakeApi } from '../../test/fakeApi';
import { toast } from '../../test/fields';
import { checkA11y, renderApp } from '../../test/render';
import { AccommodationDialog } from './AccommodationDialog';

const student = assignedStudent(9, 'Diya Shah', 'diya@example.com');

describe('AccommodationDialog', () => {
  it('refuses values beyond the limits, then saves extra attempts and minutes', async () => {
    fakeApi.on(ae.testAccommodation, () => ({ message: m.accommodationSaved }));
    await renderApp(<AccommodationDialog testId={5} student={student} onClose={() => {}} />);
    const d = page.getByRole('dialog', { name: 'Extra attempts and time: Diya Shah' });
    await d.getByLabelText('Extra attempts').fill(String(assignmentLimits.extraAttemptsMax + 1));
    await d.getByLabelText('Extra minutes').fill('30');
    await d.getByRole('button', { name: 'Save' }).click();
    await expect.element(d.getByLabelText('Extra attempts')).toHaveAttribute('aria-invalid', 'true');
    expect(fakeApi.requestsTo(ae.testAccommodation)).toEqual([]);
    await checkA11y();
    await d.getByLabelText('Extra attempts').fill('2');
    await d.getByRole('button', { name: 'Save' }).click();
    await expect.element(toast(m.accommodationSaved)).toBeVisible();
    const [sent] = fakeApi.requestsTo(ae.testAccommodation);
    expect(sent).toMatchObject({
      params: { testId: 5, userId: 9 },
      body: { extraAttempts: 2, extraMinutes: 30 },
    });
  });
});
