// The students page through the real server (issue 23: one journey, one sign-in and one page load): add a
// student, upload a profile picture that the form then shows (re-encoded by the server), clone one student's test
// data to another, approve a pending student with a test series and reject another with the bulk action.
// Moved down: the toolbar, the columns, Clone off, the bulk Submit's warning and the e-mail lookup's locked form
// (apps/web/src/features/students/StudentsPage.browser.test.tsx); the add form's messages, its preselected
// defaults, Add off until filled and the day shown DD-Mon-YYYY (StudentFormModal.browser.test.tsx); a picture that
// is not an image and the clone of the same user (StudentDialogs.browser.test.tsx; the server's side:
// apps/api/src/modules/students/profile-picture.int.test.ts, students-approval.int.test.ts); an expired series
// not offered for approval (students-grid.int.test.ts 'offers only active test series ... not expired').
import { studentMessages as m, pictureMessages as pm } from '@assess/contracts/students';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, signIn, url, useBrowser } from './support/browser';
import { setDay } from './support/dates';
import { createPendingStudents, createStudent, newStudent } from './support/students';
import { field } from './support/ui';

const grid = (page: Page) => page.getByRole('grid', { name: 'Students' });
const row = (page: Page, text: string) => grid(page).getByRole('row').filter({ hasText: text });
const dialog = (page: Page) => page.getByRole('dialog');

/** The page's first paint loads the grid's code: on a loaded machine that can take longer than a click. */
const FIRST_PAINT = { timeout: 30_000 };

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAIAQMAAAD+wSzIAAAABlBMVEX///+/v7+jQ3Y5AAAADklEQVQI12P4AIX8EAgALgAD/aNpbtEAAAAASUVORK5CYII=',
  'base64',
);

describe('students (/admin/users)', () => {
  const s = useBrowser();

  it('adds a student, uploads a picture, clones test data, approves and rejects pending students', async () => {
    const { page } = s;
    // the ERP admin; the students it needs are made through the API (newest first: on the grid's first page)
    await signIn(page, 'erp@example.com');
    const diya = await createStudent(page, newStudent('Diya'));
    const from = await createStudent(page, newStudent('Sneha'));
    const to = await createStudent(page, newStudent('Aarav'));
    const ananya = newStudent('Ananya');
    const vivaan = newStudent('Vivaan');
    await createPendingStudents(page, [ananya, vivaan]);
    await page.goto(url('/admin/users'));
    await grid(page).waitFor(FIRST_PAINT);
    await grid(page).getByRole('row').nth(1).waitFor();

    // add: valid data saves and the form closes; the student is in the grid
    const added = newStudent('Nisha');
    await page.getByRole('button', { name: '+ Add', exact: true }).click();
    let d = dialog(page);
    await d.getByRole('heading', { name: 'New Student' }).waitFor();
    // (the defaults preselected, Add off until filled, the day shown: StudentFormModal.browser.test.tsx)
    await d
      .getByRole('combobox', { name: /^Language/ })
      .filter({ hasText: 'English' })
      .waitFor();
    await field(d, 'Email').fill(added.email);
    await d.getByRole('combobox', { name: /^Gender/ }).click();
    await page.getByRole('option', { name: 'Male', exact: true }).click();
    await field(d, 'Full Name').fill(added.fullName);
    await field(d, 'Mobile No').fill(added.mobile);
    await setDay(d, 'Date of Birth', '2009-04-12');
    await field(d, 'Password').fill('Learner@123');
    await field(d, 'Confirm Password').fill('Learner@123');
    await field(d, 'Parent Mobile').fill('9988001122');
    await d.getByLabel('All Selects').check();
    await d.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText(m.registered).waitFor();
    await shot(page, 'students-add-saved');
    await d.waitFor({ state: 'detached', timeout: 8000 });
    await row(page, added.email).waitFor();
    // scrolled sideways to its actions at 1366 px, the row still shows whose it is: the Full Name is pinned left
    const scroller = grid(page).locator('.MuiDataGrid-virtualScroller');
    await scroller.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    const frame = await scroller.boundingBox();
    const nameCell = await row(page, added.email).locator('[data-field="fullName"]').boundingBox();
    expect(
      frame && nameCell && nameCell.x >= frame.x && nameCell.x + nameCell.width <= frame.x + frame.width,
    ).toBe(true);
    await shot(page, 'students-grid-actions');

    // edit: a profile picture uploaded, re-encoded by the server (256 px) and shown by the form
    await page.getByRole('button', { name: `Edit ${diya.fullName}` }).click();
    d = dialog(page);
    await d.getByRole('button', { name: 'Upload picture' }).waitFor();
    await d
      .getByLabel('Profile picture file')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText(pm.saved).waitFor();
    const img = d.getByRole('img', { name: `Profile picture of ${diya.fullName}` });
    await expect
      .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: 15_000 })
      .toBe(256);
    await shot(page, 'students-profile-picture');
    // (a file that is not an image: StudentDialogs.browser.test.tsx and profile-picture.int.test.ts)
    await d.getByRole('button', { name: 'Cancel' }).click();
    await d.waitFor({ state: 'detached' });

    // clone: the test data of one student copied to the ticked one
    // (Clone off, and the same user refused: StudentsPage.browser.test.tsx, StudentDialogs.browser.test.tsx)
    await row(page, to.email).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Clone', exact: true }).click();
    d = dialog(page);
    await d.getByRole('heading', { name: 'Clone Student' }).waitFor();
    await d.getByRole('radio', { name: `Clone from ${from.fullName}` }).check();
    await shot(page, 'students-clone');
    await d.getByRole('button', { name: 'Clone', exact: true }).click();
    await page.getByText(m.cloneSuccess).waitFor();
    await d.waitFor({ state: 'detached', timeout: 8000 });

    // pending: approve one with a test series
    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Pending' }).click();
    await row(page, ananya.email)
      .getByRole('button', { name: `Approve ${ananya.fullName}` })
      .click();
    await d.getByText(m.assignQuestion).waitFor();
    await d.getByLabel('Test Series').click();
    // (an expired series is not offered: students-grid.int.test.ts)
    await page.getByRole('option', { name: 'JEE Main Mock Series' }).click();
    await page.keyboard.press('Escape');
    await shot(page, 'students-approve-dialog');
    await d.getByRole('button', { name: m.assignAccept }).click();
    await page.getByText(m.activated).waitFor();
    await row(page, ananya.email).waitFor({ state: 'detached' });

    // and reject another with the bulk action (Submit without a ticked student: StudentsPage.browser.test.tsx)
    await row(page, vivaan.email).getByRole('checkbox').check();
    await page.getByLabel('Reject', { exact: true }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await d.getByText(m.confirmBulk).waitFor();
    await shot(page, 'students-reject-dialog');
    await d.getByRole('button', { name: m.rejectDelete }).click();
    await page.getByText(m.rejected).waitFor();
    await row(page, vivaan.email).waitFor({ state: 'detached' });
  });
});
