// The application user form's messages (moved from e2e/application-users.e2e.ts, issue 23): the required fields,
// a user name already taken (and gone once cleared), 'Please select the role.', the role list as the server
// answers it, and the saved body. The browser journey keeps the licence cap, edit and delete through the server.
import {
  applicationUserEndpoints as e,
  applicationUserMessages as m,
} from '@assess/contracts/application-users';
import { describe, expect, it } from 'vitest';
import { type Locator, page } from 'vitest/browser';
import { apiError, fakeApi } from '../../test/fakeApi';
import { optionTexts, toast } from '../../test/fields';
import { checkA11y, renderApp } from '../../test/render';
import { UserFormModal } from './UserFormModal';

const roles = [
  { roleId: 5, name: 'Administrator' },
  { roleId: 7, name: 'Super User (Simplified Test)' },
  { roleId: 8, name: 'Read Only' },
];
const TAKEN = 'erp@example.com';

function fakeUsers() {
  fakeApi
    .on(e.roles, () => roles)
    .on(e.userNameExists, ({ query }) => ({ exists: query.userName === TAKEN }))
    .on(e.create, () => ({ userId: 61, message: m.created }));
}

async function fillPerson(d: Locator) {
  await d.getByLabelText(/^First Name/).fill('Asha');
  await d.getByLabelText(/^Last Name/).fill('Tester');
  await d.getByLabelText(/^Mobile/).fill('9876512345');
  await d.getByLabelText(/^Email/).fill('asha.tester@example.com');
  await d.getByLabelText(/^Password/).fill('Secret@123');
}

describe('UserFormModal (Add User)', () => {
  it('asks for the required fields, reports a taken user name, then creates the user', async () => {
    fakeUsers();
    await renderApp(<UserFormModal userId={null} onClose={() => {}} />);
    const add = page.getByRole('dialog', { name: 'Add User' });
    await add.getByLabelText(/^First Name/).fill('Al');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect.element(toast(m.completeRequired)).toBeVisible();
    await fillPerson(add);
    await add.getByRole('combobox', { name: /Role/ }).click();
    await page.getByRole('option', { name: 'Read Only' }).click();
    await add.getByLabelText(/^User Name/).fill(TAKEN);
    await expect.element(add.getByText(m.userNameExists)).toBeVisible();
    await add.getByLabelText(/^User Name/).fill('');
    await expect.element(add.getByText(m.userNameExists)).not.toBeInTheDocument();
    await checkA11y();
    await add.getByRole('button', { name: 'Save' }).click();
    await expect.element(toast(m.created)).toBeVisible();
    const [sent] = fakeApi.requestsTo(e.create);
    expect(sent.body).toMatchObject({ firstName: 'Asha', lastName: 'Tester', roleId: 8 });
  });

  it('a failed user-name check shows nothing (part 3 §8) and the save still goes to the server', async () => {
    fakeUsers();
    fakeApi.on(e.userNameExists, () => apiError(500, 'Internal Server Error'));
    await renderApp(<UserFormModal userId={null} onClose={() => {}} />);
    const add = page.getByRole('dialog', { name: 'Add User' });
    await fillPerson(add);
    await add.getByRole('combobox', { name: /Role/ }).click();
    await page.getByRole('option', { name: 'Read Only' }).click();
    await add.getByLabelText(/^User Name/).fill(TAKEN);
    await expect.poll(() => fakeApi.requestsTo(e.userNameExists).length).toBeGreaterThan(0);
    await expect.element(add.getByText(m.userNameExists)).not.toBeInTheDocument();
    await expect.element(page.getByText('Internal Server Error')).not.toBeInTheDocument();
    await add.getByRole('button', { name: 'Save' }).click();
    await expect.element(toast(m.created)).toBeVisible();
    expect(fakeApi.requestsTo(e.create)).toHaveLength(1);
  });

  it("a role is required: 'Please select the role.'; the roles are the server's", async () => {
    fakeUsers();
    await renderApp(<UserFormModal userId={null} onClose={() => {}} />);
    const add = page.getByRole('dialog', { name: 'Add User' });
    await fillPerson(add);
    await add.getByRole('button', { name: 'Save' }).click();
    await expect.element(toast(m.selectRole)).toBeVisible();
    expect(fakeApi.requestsTo(e.create)).toEqual([]);
    await add.getByRole('combobox', { name: /Role/ }).click();
    await expect.poll(optionTexts).toEqual(roles.map((r) => r.name));
  });
});
