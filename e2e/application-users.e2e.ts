import { applicationUserEndpoints, applicationUserMessages as m } from '@assess/contracts/application-users';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOf, failure } from './support/api';
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

/** Adds Read Only users through the API until the package's ApplicationUsers limit answers 403. */
async function fillToTheCap(page: Page) {
  const made: { userId: number; name: string }[] = [];
  const api = apiOf(page);
  for (let i = 0; i < 10; i++) {
    const p = person();
    const body = {
      firstName: p.first,
      lastName: p.last,
      email: p.email,
      mobile: p.mobile,
      password: 'Secret@123',
      roleId: 8,
    };
    const res = await api.send(applicationUserEndpoints.create, { body });
    if (res.status() === 403) {
      expect(await failure(res)).toEqual({ status: 403, message: m.licence });
      return made;
    }
    expect(res.status()).toBe(201);
    const { userId } = applicationUserEndpoints.create.response.parse(await res.json());
    made.push({ userId, name: `${p.first} ${p.last}` });
  }
  throw new Error('the licence cap was never reached');
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

  it('add, edit and delete with the licence cap reached', async () => {
    const { page } = s;
    await signIn(page, ADMIN);
    const made = await fillToTheCap(page);

    await page.goto(url('/admin/applicationUsers'));
    await grid(page).getByRole('row').nth(1).waitFor();
    for (const h of ['User Name', 'First Name', 'Last Name', 'Email', 'Mobile', 'Role', 'Actions'])
      await grid(page).getByRole('columnheader', { name: h, exact: true }).waitFor();
    await shot(page, 'application-users-grid');
    await checkA11y(page);

    // add at the cap: "+ Add" gives the upgrade message at once, before any form is filled
    await page.getByRole('button', { name: '+ Add', exact: true }).click();
    await expect.poll(() => toastText(page).textContent(), WAIT).toBe(m.licence);
    const add = dialog(page, 'Add User');
    expect(await add.count()).toBe(0);
    await shot(page, 'application-users-licence-cap');

    // edit at the cap
    const target = made[made.length - 1];
    await grid(page)
      .getByRole('button', { name: `Edit ${target.name}` })
      .click();
    const edit = dialog(page, 'Update User');
    await expect
      .poll(() => edit.getByLabel(/^First Name/).inputValue(), WAIT)
      .toBe(target.name.split(' ')[0]);
    expect(await edit.getByLabel(/^Password/).inputValue()).toBe('');
    await edit.getByLabel(/^Last Name/).fill('Edited');
    await shot(page, 'application-users-edit');
    await checkA11y(page);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toastText(page).textContent(), WAIT).toBe(m.updated);
    await edit.waitFor({ state: 'hidden' });
    const renamed = `${target.name.split(' ')[0]} Edited`;
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

    // a place is free again: 'User created Successfully' and the dialog closes (the form's own checks:
    // UserFormModal.browser.test.tsx, issue 23)
    await page.getByRole('button', { name: '+ Add', exact: true }).click();
    await add.waitFor();
    const p = person();
    await fillForm(page, add, p);
    await add.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toastText(page).textContent(), WAIT).toBe(m.created);
    await add.waitFor({ state: 'hidden' });
    await grid(page).getByRole('gridcell', { name: p.email }).first().waitFor();
  }, 240_000);

  // 'Please select the role.': UserFormModal.browser.test.tsx; the roles per provider type:
  // apps/api/src/modules/application-users/application-users.int.test.ts (issue 23)

  it('fits a phone screen', async () => {
    const page = await s.open({ viewport: { width: 390, height: 844 } });
    await signIn(page, 'erp@example.com');
    await page.goto(url('/admin/applicationUsers'));
    await grid(page).getByRole('row').nth(1).waitFor();
    await page.getByRole('button', { name: '+ Add', exact: true }).click();
    await dialog(page, 'Add User')
      .getByLabel(/^First Name/)
      .waitFor();
    await shot(page, 'application-users-form-phone');
    await checkA11y(page);
  });
});
