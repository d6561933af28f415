import { applicationUserMessages as m } from '@assess/contracts/application-users';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkA11y, shot, signIn, url, useBrowser } from './support/browser';
import { uniqueMobile, uniqueWord } from './support/students';
import { toastText } from './support/ui';

const grid = (page: Page) => page.getByRole('grid', { name: 'Application Users' });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const WAIT = { timeout: 10_000 };
/** Demo College Predictor: a Subscriber on a small package (5 application users). */
const ADMIN = 'predictor@example.com';

function person() {
  const word = uniqueWord();
  return {
    first: word.slice(0, 8),
    last: 'Tester',
    email: `${word.toLowerCase()}@e2e.test`,
    mobile: uniqueMobile(),
  };
}

async function fillForm(page: Page, d: ReturnType<typeof dialog>, p: ReturnType<typeof person>) {
  await d.getByLabel(/^First Name/).fill(p.first);
  await d.getByLabel(/^Last Name/).fill(p.last);
  await d.getByLabel(/^Mobile/).fill(p.mobile);
  await d.getByLabel(/^Email/).fill(p.email);
  await d.getByLabel(/^Password/).fill('Secret@123');
  await d.getByRole('combobox', { name: /Role/ }).click();
  await page.getByRole('option', { name: 'Read Only' }).click();
}

describe('application users (/admin/applicationUsers)', () => {
  const s = useBrowser();

  it('adds a user, edits and deletes them', async () => {
    const { page } = s;
    await signIn(page, ADMIN);
    await page.goto(url('/admin/applicationUsers'));
    await grid(page).getByRole('row').nth(1).waitFor();
    // (the grid's columns, '+ Add' at the package's cap giving the upgrade message before any form, and the
    // page on a phone screen: apps/web/src/features/application-users/ApplicationUsersPage.browser.test.tsx;
    // the server's cap, editing at it and a place freed by a delete:
    // apps/api/src/modules/application-users/application-users-rules.int.test.ts, issue 23)
    await shot(page, 'application-users-grid');
    await checkA11y(page);

    // add: 'User created Successfully' and the dialog closes (the form's own checks: UserFormModal.browser.test.tsx)
    await page.getByRole('button', { name: '+ Add', exact: true }).click();
    const add = dialog(page, 'Add User');
    await add.waitFor();
    const p = person();
    await fillForm(page, add, p);
    await add.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toastText(page).textContent(), WAIT).toBe(m.created);
    await add.waitFor({ state: 'hidden' });
    await grid(page).getByRole('gridcell', { name: p.email }).first().waitFor();

    // edit
    const name = `${p.first} ${p.last}`;
    await grid(page)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const edit = dialog(page, 'Update User');
    await expect.poll(() => edit.getByLabel(/^First Name/).inputValue(), WAIT).toBe(p.first);
    expect(await edit.getByLabel(/^Password/).inputValue()).toBe('');
    await edit.getByLabel(/^Last Name/).fill('Edited');
    await shot(page, 'application-users-edit');
    await checkA11y(page);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toastText(page).textContent(), WAIT).toBe(m.updated);
    await edit.waitFor({ state: 'hidden' });
    const renamed = `${p.first} Edited`;
    await grid(page).getByRole('gridcell', { name: 'Edited', exact: true }).first().waitFor();

    // delete after the confirmation
    await grid(page)
      .getByRole('button', { name: `Delete ${renamed}` })
      .click();
    await page.getByText(m.deleteConfirm).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => toastText(page).textContent(), WAIT).toBe(m.deleted);
    await expect
      .poll(
        () =>
          grid(page)
            .getByRole('button', { name: `Delete ${renamed}` })
            .count(),
        WAIT,
      )
      .toBe(0);
  });

  // 'Please select the role.': UserFormModal.browser.test.tsx; the roles per provider type:
  // apps/api/src/modules/application-users/application-users.int.test.ts (issue 23)
  // fits a phone screen: ApplicationUsersPage.browser.test.tsx (issue 23)
});
