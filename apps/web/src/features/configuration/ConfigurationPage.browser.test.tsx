// The System Configuration page by who is signed in (moved from e2e/configuration.e2e.ts, issue 23): the empty
// value's message, a Read Only user's lists without Add and switches, a Subscriber's sections without Objective
// and Target Audience, and axe; the server's refusals of a duplicate and of deactivating a value in use as the page
// shows them (the switch reverts). The browser journey keeps the add and the switch through the real server; the
// refusals themselves: apps/api/src/modules/configuration/configuration.int.test.ts.
import { configurationEndpoints as ce, configurationMessages } from '@assess/contracts/configuration';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { apiError, fakeApi } from '../../test/fakeApi';
import { toast } from '../../test/fields';
import { checkA11y, renderApp } from '../../test/render';
import { allPrivileges, staffSession } from '../../test/session';
import { ConfigurationPage } from './ConfigurationPage';

function fakeValues() {
  fakeApi.on(ce.values, ({ query }) => ({
    items: [
      { id: 1, key: query.key, valueString: 'Science', label: 'Science', isDefault: true, isActive: true },
      { id: 2, key: query.key, valueString: 'Sports', label: 'Sports', isDefault: false, isActive: false },
    ],
  }));
}
const region = (title: string) => {
  const id = page.getByRole('button', { name: title, exact: true }).element().id;
  return page.elementLocator(document.querySelector(`[aria-labelledby="${id}"]`) as HTMLElement);
};

describe('ConfigurationPage', () => {
  it('refuses an empty value with the type message; the grid shows the values with their switches', async () => {
    fakeValues();
    await renderApp(<ConfigurationPage />);
    await expect.element(page.getByRole('button', { name: 'Interest', exact: true })).toBeVisible();
    const interest = region('Interest');
    await expect.element(interest.getByRole('gridcell', { name: 'Science', exact: true })).toBeVisible();
    await expect.element(interest.getByRole('switch', { name: 'Science active' })).toBeChecked();
    await expect.element(interest.getByRole('switch', { name: 'Sports active' })).not.toBeChecked();
    await interest.getByRole('textbox', { name: 'Interest' }).fill('   ');
    await interest.getByRole('button', { name: '+ Add' }).click();
    await expect.element(interest.getByText('Please enter interest')).toBeVisible();
    expect(fakeApi.requestsTo(ce.add)).toEqual([]);
    await checkA11y();
  });

  it("shows the server's refusal of a duplicate written in another case and with spaces", async () => {
    fakeValues();
    const twisted = ' sCIENCE  ';
    fakeApi.on(ce.add, ({ body }) => apiError(409, configurationMessages.duplicate(body.key, body.value)));
    await renderApp(<ConfigurationPage />);
    await page.getByRole('button', { name: 'City', exact: true }).click();
    const city = region('City');
    await expect.element(city.getByRole('gridcell', { name: 'Science', exact: true })).toBeVisible();
    await city.getByRole('textbox', { name: 'City' }).fill(twisted);
    await city.getByRole('button', { name: '+ Add' }).click();
    await expect.element(toast('"sCIENCE" already is exist')).toBeVisible();
    expect(fakeApi.requestsTo(ce.add).map((r) => r.body)).toEqual([{ key: 'City', value: 'sCIENCE' }]);
  });

  it("a value in use: the server's in-use message shows and the switch reverts to on", async () => {
    fakeValues();
    fakeApi.on(ce.setActive, ({ params }) =>
      apiError(409, configurationMessages.inUse[params.key as keyof typeof configurationMessages.inUse]),
    );
    await renderApp(<ConfigurationPage />);
    await expect.element(page.getByRole('button', { name: 'Interest', exact: true })).toBeVisible();
    const interest = region('Interest');
    const science = interest.getByRole('switch', { name: 'Science active' });
    await expect.element(science).toBeChecked();
    await science.click();
    await expect.element(toast(configurationMessages.inUse.Interest)).toBeVisible();
    expect(fakeApi.requestsTo(ce.setActive).map((r) => r.body)).toEqual([{ isActive: false }]);
    await expect.element(science).toBeChecked();
  });

  it('a Read Only user sees the lists without Add and without switches', async () => {
    fakeValues();
    const privileges = { ...allPrivileges(), SystemConfiguration: ['ViewSystemConfiguration'] };
    await renderApp(<ConfigurationPage />, {
      session: staffSession({ privilegeObject: { packageId: 4, privileges, roles: [{ id: 8 }] } }),
    });
    await expect.element(page.getByRole('gridcell', { name: 'Science', exact: true })).toBeVisible();
    expect(page.getByRole('button', { name: '+ Add' }).elements()).toHaveLength(0);
    expect(page.getByRole('switch').elements()).toHaveLength(0);
  });

  it('a Subscriber (type 3) has no Objective and Target Audience sections; the ERP has them', async () => {
    fakeValues();
    const { screen } = await renderApp(<ConfigurationPage />, {
      session: staffSession({ userDetails: { providerTypeId: 3 } }),
    });
    for (const title of ['Interest', 'Class', 'State', 'City', 'Education', 'Education Board', 'Profession'])
      await expect.element(page.getByRole('button', { name: title, exact: true })).toBeVisible();
    expect(page.getByRole('button', { name: 'Objective', exact: true }).elements()).toHaveLength(0);
    expect(page.getByRole('button', { name: 'Target Audience', exact: true }).elements()).toHaveLength(0);
    await screen.unmount();
    await renderApp(<ConfigurationPage />);
    await expect.element(page.getByRole('button', { name: 'Objective', exact: true })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Target Audience', exact: true })).toBeVisible();
  });
});
