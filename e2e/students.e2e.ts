import { studentMessages as m, pictureMessages as pm } from '@assess/contracts/students';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkA11y, shot, signIn, url, useBrowser } from './support/browser';
import { dayShown, setDay } from './support/dates';
import { createPendingStudents, createStudent, newStudent } from './support/students';

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
/** A form field by its label, with or without the required mark. */
const field = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${label}(\\s*\\*)?$`));

describe('students (/admin/users)', () => {
  const s = useBrowser();

  it('shows the grid with its toolbar and columns', async () => {
    const { page } = s;
    await signInErp(page);
    const shown = await createStudent(page);
    await openStudents(page);
    for (const name of ['Clone', 'Export', '+ Add', 'Import'])
      await page
        .getByRole('button', { name, exact: true })
        .or(page.getByRole('link', { name, exact: true }))
        .waitFor();
    expect(await page.getByRole('button', { name: 'Clone', exact: true }).isDisabled()).toBe(true);
    for (const h of [
      'Full Name',
      'Class',
      'Board',
      'Email',
      'Mobile No',
      'City',
      'Parent Mobile',
      'Parent Email',
      'Actions',
    ]) {
      await grid(page).getByRole('columnheader', { name: h, exact: true }).waitFor();
    }
    expect(await grid(page).getByRole('columnheader', { name: 'State', exact: true }).count()).toBe(0);
    await row(page, shown.email).waitFor();
    await shot(page, 'students-grid');
    await checkA11y(page);
  });

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

  it('the e-mail lookup fills and locks an existing student; another user is reported as existing', async () => {
    const { page } = s;
    await signInErp(page);
    const known = await createStudent(page, newStudent('Sneha'));
    await openStudents(page);
    await page.getByRole('button', { name: '+ Add', exact: true }).click();
    const d = dialog(page);
    await field(d, 'Email').fill(known.email);
    await d.getByText(m.alreadyRegistered).first().waitFor();
    expect(await field(d, 'Full Name').inputValue()).toBe(known.fullName);
    expect(await field(d, 'Full Name').isDisabled()).toBe(true);
    expect(await field(d, 'Mobile No').isDisabled()).toBe(true);
    expect(await field(d, 'Password').inputValue()).toBe('');
    expect(await field(d, 'Password').isDisabled()).toBe(true);
    await shot(page, 'students-email-lookup-locked');
    await field(d, 'Email').fill('readonly@example.com');
    await d.getByText(m.emailExists).waitFor();
    expect(await field(d, 'Full Name').isDisabled()).toBe(false);
    expect(await field(d, 'Full Name').inputValue()).toBe('');
    expect(await d.getByRole('button', { name: 'Add', exact: true }).isDisabled()).toBe(true);
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

  it('approves a pending student with a test series', async () => {
    const { page } = s;
    await signInErp(page);
    const ananya = newStudent('Ananya');
    await createPendingStudents(page, [ananya]);
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
  });

  it('rejects a pending student with the bulk action', async () => {
    const { page } = s;
    await signInErp(page);
    const vivaan = newStudent('Vivaan');
    await createPendingStudents(page, [vivaan]);
    await openStudents(page, 'Pending');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(m.selectStudents).waitFor();
    await row(page, vivaan.email).getByRole('checkbox').check();
    await page.getByLabel('Reject', { exact: true }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    const d = dialog(page);
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
