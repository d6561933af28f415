import { studentMessages as m, pictureMessages as pm } from '@assess/contracts/students';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, signIn, url, useBrowser } from './support/browser';
import { dayShown, setDay } from './support/dates';
import { createPendingStudents, createStudent, newStudent } from './support/students';
import { field } from './support/ui';

const grid = (page: Page) => page.getByRole('grid', { name: 'Students' });
const row = (page: Page, text: string) => grid(page).getByRole('row').filter({ hasText: text });

/** Signs the ERP admin in; the test then creates what it needs (newest first: on the grid's first page). */
const signInErp = (page: Page) => signIn(page, 'erp@example.com');

/** The page's first paint loads the grid's code: on a loaded machine that can take longer than a click. */
const FIRST_PAINT = { timeout: 30_000 };

async function openStudents(page: Page, status: 'Active' | 'Pending' = 'Active') {
  await page.goto(url('/admin/users'));
  await grid(page).waitFor(FIRST_PAINT);
  if (status === 'Pending') {
    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Pending' }).click();
  }
  await grid(page).getByRole('row').nth(1).waitFor();
}

const dialog = (page: Page) => page.getByRole('dialog');

// The toolbar, the columns, Clone off, the bulk Submit's warning and the e-mail lookup's locked form:
// apps/web/src/features/students/StudentsPage.browser.test.tsx (issue 23).
describe('students (/admin/users)', () => {
  const s = useBrowser();

  // invalid data's messages: apps/web/src/features/students/StudentFormModal.browser.test.tsx (issue 23)
  it('adds a student: valid data saves and the form closes', async () => {
    const { page } = s;
    const added = newStudent('Nisha');
    await signInErp(page);
    await openStudents(page);
    await page.getByRole('button', { name: '+ Add', exact: true }).click();
    const d = dialog(page);
    await d.getByRole('heading', { name: 'New Student' }).waitFor();
    // isDefault values preselected
    await d
      .getByRole('combobox', { name: /^Language/ })
      .filter({ hasText: 'English' })
      .waitFor();
    const add = d.getByRole('button', { name: 'Add', exact: true });
    expect(await add.isDisabled()).toBe(true);
    await field(d, 'Email').fill(added.email);
    await d.getByRole('combobox', { name: /^Gender/ }).click();
    await page.getByRole('option', { name: 'Male', exact: true }).click();
    await field(d, 'Full Name').fill(added.fullName);
    await field(d, 'Mobile No').fill(added.mobile);
    await setDay(d, 'Date of Birth', '2009-04-12');
    expect(await dayShown(d, 'Date of Birth')).toBe('12-Apr-2009');
    await field(d, 'Password').fill('Learner@123');
    await field(d, 'Confirm Password').fill('Learner@123');
    await field(d, 'Parent Mobile').fill('9988001122');
    await d.getByLabel('All Selects').check();
    await add.click();
    await page.getByText(m.registered).waitFor();
    await shot(page, 'students-add-saved');
    await d.waitFor({ state: 'detached', timeout: 8000 });
    await row(page, added.email).waitFor();
  });

  it('edits a student: uploads a profile picture that the form then shows', async () => {
    const { page } = s;
    await signInErp(page);
    const diya = await createStudent(page, newStudent('Diya'));
    await openStudents(page);
    await page.getByRole('button', { name: `Edit ${diya.fullName}` }).click();
    const form = dialog(page);
    await form.getByRole('button', { name: 'Upload picture' }).waitFor();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAIAQMAAAD+wSzIAAAABlBMVEX///+/v7+jQ3Y5AAAADklEQVQI12P4AIX8EAgALgAD/aNpbtEAAAAASUVORK5CYII=',
      'base64',
    );
    await form
      .getByLabel('Profile picture file')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByText(pm.saved).waitFor();
    const img = form.getByRole('img', { name: `Profile picture of ${diya.fullName}` });
    await expect
      .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: 15_000 })
      .toBe(256);
    await shot(page, 'students-profile-picture');
    await form.getByLabel('Profile picture file').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image'),
    });
    await page.getByText(pm.notAnImage).waitFor();
  });

  it('approves a pending student with a test series and rejects another with the bulk action', async () => {
    const { page } = s;
    await signInErp(page);
    const ananya = newStudent('Ananya');
    const vivaan = newStudent('Vivaan');
    await createPendingStudents(page, [ananya, vivaan]);
    await openStudents(page, 'Pending');
    await row(page, ananya.email)
      .getByRole('button', { name: `Approve ${ananya.fullName}` })
      .click();
    const d = dialog(page);
    await d.getByText(m.assignQuestion).waitFor();
    await d.getByLabel('Test Series').click();
    const options = page.getByRole('option');
    expect(await options.allTextContents()).not.toContain('CET 2020 Series (expired)');
    await page.getByRole('option', { name: 'JEE Main Mock Series' }).click();
    await page.keyboard.press('Escape');
    await shot(page, 'students-approve-dialog');
    await d.getByRole('button', { name: m.assignAccept }).click();
    await page.getByText(m.activated).waitFor();
    await row(page, ananya.email).waitFor({ state: 'detached' });

    // (Submit without a ticked student: StudentsPage.browser.test.tsx)
    await row(page, vivaan.email).getByRole('checkbox').check();
    await page.getByLabel('Reject', { exact: true }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await d.getByText(m.confirmBulk).waitFor();
    await shot(page, 'students-reject-dialog');
    await d.getByRole('button', { name: m.rejectDelete }).click();
    await page.getByText(m.rejected).waitFor();
    await row(page, vivaan.email).waitFor({ state: 'detached' });
  });

  it('clones test data: the same user is refused, another one is copied', async () => {
    const { page } = s;
    await signInErp(page);
    const from = await createStudent(page, newStudent('Sneha'));
    const to = await createStudent(page, newStudent('Aarav'));
    await openStudents(page);
    await row(page, to.email).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Clone', exact: true }).click();
    const d = dialog(page);
    await d.getByRole('heading', { name: 'Clone Student' }).waitFor();
    const clone = d.getByRole('button', { name: 'Clone', exact: true });
    expect(await clone.isDisabled()).toBe(true);
    await d.getByRole('radio', { name: `Clone from ${to.fullName}` }).check();
    await clone.click();
    await page.getByText(m.cloneSameUser).waitFor();
    await d.getByRole('radio', { name: `Clone from ${from.fullName}` }).check();
    await shot(page, 'students-clone');
    await clone.click();
    await page.getByText(m.cloneSuccess).waitFor();
    await d.waitFor({ state: 'detached', timeout: 8000 });
  });
});
