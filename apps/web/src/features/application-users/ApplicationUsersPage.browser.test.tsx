// The Application Users page (moved from e2e/application-users.e2e.ts, issue 23): the grid's columns, '+ Add' at the
// package's ApplicationUsers cap giving the upgrade message before any form (and no dialog), the page and its Add
// User form on a phone screen; axe. The browser journey keeps add, edit and delete through the real server; the
// server's own cap: apps/api/src/modules/application-users/application-users-rules.int.test.ts.
import {
  type ApplicationUserRow,
  applicationUserEndpoints as e,
  applicationUserMessages as m,
} from '@assess/contracts/application-users';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi } from '../../test/fakeApi';
import { toast } from '../../test/fields';
import { checkA11y, renderApp } from '../../test/render';
import { staffSession } from '../../test/session';
import { ApplicationUsersPage } from './ApplicationUsersPage';

const user = (userId: number, first: string): ApplicationUserRow => ({
  userId,
  userName: `${first.toLowerCase()}@example.com`,
  firstName: first,
  middleName: null,
  lastName: 'Tester',
  email: `${first.toLowerCase()}@example.com`,
  mobile: `98765000${String(userId).padStart(2, '0')}`,
  userTypeId: 2,
  roleId: 8,
  roleName: 'Read Only',
});
const users = [user(11, 'Asha'), user(12, 'Ravi')];
/** A package allowing `cap` application users (the session's licence, as the server signs it in). */
const withCap = (cap: number) => {
  const s = staffSession();
  return staffSession({ licenseObject: { ...s.licenseObject, ApplicationUsers: cap } });
};
const grid = () => page.getByRole('grid', { name: 'Application Users' });

describe('ApplicationUsersPage', () => {
  afterEach(async () => {
    await page.viewport(1366, 768);
  });

  it("shows the columns; at the package's cap '+ Add' gives the upgrade message and opens no form", async () => {
    fakeApi.on(e.list, () => ({ items: users, totalCount: users.length }));
    await renderApp(<ApplicationUsersPage />, { session: withCap(users.length) });
    await expect.element(grid().getByRole('gridcell', { name: 'Asha', exact: true })).toBeVisible();
    for (const h of ['User Name', 'First Name', 'Last Name', 'Email', 'Mobile', 'Role', 'Actions'])
      await expect.element(grid().getByRole('columnheader', { name: h, exact: true })).toBeVisible();
    await checkA11y();
    await page.getByRole('button', { name: '+ Add', exact: true }).click();
    await expect.element(toast(m.licence)).toBeVisible();
    expect(page.getByRole('dialog').query()).toBeNull();
    expect(fakeApi.requestsTo(e.roles)).toEqual([]);
  });

  it('fits a phone screen: no sideways scrolling, and + Add opens the Add User form', async () => {
    await page.viewport(390, 844);
    fakeApi
      .on(e.list, () => ({ items: users, totalCount: users.length }))
      .on(e.roles, () => [{ roleId: 8, name: 'Read Only' }]);
    await renderApp(<ApplicationUsersPage />, { session: withCap(users.length + 1) });
    await expect.element(grid().getByRole('gridcell', { name: 'Asha', exact: true })).toBeInTheDocument();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    await page.getByRole('button', { name: '+ Add', exact: true }).click();
    const add = page.getByRole('dialog', { name: 'Add User' });
    await expect.element(add.getByLabelText(/^First Name/)).toBeVisible();
    const box = add
      .getByLabelText(/^First Name/)
      .element()
      .getBoundingClientRect();
    expect(box.right).toBeLessThanOrEqual(window.innerWidth);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    await checkA11y();
  });
});
