import {
  licenceProvisionMessages as lm,
  providerMessages as m,
  providerEndpoints,
} from '@assess/contracts/providers';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOf } from './support/api';
import { checkA11y, shot, signIn, signInViaForm, url, useBrowser, waitForPath } from './support/browser';
import { setDay } from './support/dates';
import { choose, field, toastText } from './support/ui';

const WAIT = { timeout: 15_000 };
const unique = () => `${Date.now()}`.slice(-7);
const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const table = (page: Page) => page.getByRole('table', { name: 'Providers' });
const stepForm = (page: Page, step: string) => page.getByRole('form', { name: step });
/** The provider's cell of the list (its name, then the parent under it when there is one). */
const nameCell = (page: Page, name: string) =>
  table(page)
    .getByRole('cell', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
    .first();
const main = (page: Page) => page.locator('#main-content');

type NewProvider = { name: string; admin: string; password: string; n: string };

/** Fills and saves the wizard; returns what it typed. The provider type / package are chosen when given. */
async function runWizard(page: Page, opts: { type?: string; pkg?: string; contentProvider?: string }) {
  const n = unique();
  const p: NewProvider = {
    name: `E2E Provider ${n}`,
    admin: `e2e.admin${n}@example.com`,
    password: 'Strong@123',
    n,
  };
  const s1 = stepForm(page, 'Provider Information');
  await s1.waitFor();
  await field(s1, 'Name').fill(p.name);
  await field(s1, 'Details').fill(`${p.name} for browser tests`);
  await field(s1, 'Email').fill(`e2e.office${n}@example.com`);
  await field(s1, 'Mobile').fill(`61${n.padStart(8, '0')}`);
  await field(s1, 'Address').fill('12 Main Road, Pune');
  if (opts.pkg) await choose(page, 'Package', opts.pkg);
  if (opts.type) await choose(page, 'Provider Type', opts.type);
  if (opts.contentProvider) {
    await page.getByRole('combobox', { name: /^Content Providers/ }).click();
    await page.getByRole('option', { name: opts.contentProvider }).click();
    await page.keyboard.press('Escape');
  }
  await setDay(s1, 'Valid From', day(0));
  await setDay(s1, 'Valid To', day(365));
  await page.getByRole('button', { name: 'Next' }).click();
  const s2 = stepForm(page, 'Provider User Admin');
  await s2.waitFor();
  await field(s2, 'First Name').fill('Esha');
  await field(s2, 'Last Name').fill('Kapoor');
  await field(s2, 'Email').fill(p.admin);
  await field(s2, 'Mobile').fill(`62${n.padStart(8, '0')}`);
  await field(s2, 'Address').fill('12 Main Road, Pune');
  await field(s2, 'Password').fill(p.password);
  await field(s2, 'Confirm Password').fill(p.password);
  await page.getByRole('button', { name: 'Next' }).click();
  await stepForm(page, 'Address').waitFor();
  await page.getByRole('button', { name: 'Save' }).click();
  return p;
}

describe('providers (/admin/providerlist)', () => {
  const s = useBrowser();

  // the list's columns, 1000 a page, + Add and Cancel, the subscriptions' Required count:
  // apps/web/src/features/providers/ProvidersPage.browser.test.tsx; the wizard's step messages:
  // ProviderWizard.browser.test.tsx (issue 23)
  it('the owner sees every provider, creates an ERP provider and its admin signs in with the shown credentials', async () => {
    const { page } = s;
    await signIn(page, 'owner@example.com');
    await page.goto(url('/admin/providerlist'));
    for (const name of [
      'Demo ERP Institute',
      'Demo Aggregator',
      'Demo Aggregator Subscriber',
      'Demo Quick Tests',
    ])
      await nameCell(page, name).waitFor();
    await shot(page, 'providers-list');
    await page.getByRole('button', { name: '+ Add' }).click();
    await stepForm(page, 'Provider Information').waitFor();
    await shot(page, 'provider-wizard-step1');
    const p = await runWizard(page, { type: 'ERP', pkg: 'Silver' });
    const dialog = page.getByRole('dialog', { name: 'Admin credentials' });
    await dialog.getByText(m.credentials).waitFor();
    expect(await dialog.getByText(p.admin, { exact: true }).isVisible()).toBe(true);
    expect(await dialog.getByText(p.password, { exact: true }).isVisible()).toBe(true);
    await shot(page, 'provider-credentials');
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await nameCell(page, p.name).waitFor();

    // The admin signs in, in a fresh browser context, with what the dialog showed.
    const admin = await s.open();
    await signInViaForm(admin, p.admin, p.password);
    await waitForPath(admin, '/admin/dashboard');
    await shot(admin, 'provider-new-admin-dashboard');
  });

  it('the owner switches a provider off and on, and edits it in the edit dialog', async () => {
    const { page } = s;
    await signIn(page, 'owner@example.com');
    const n = unique();
    const name = `E2E Edited ${n}`;
    await apiOf(page).call(providerEndpoints.create, {
      body: {
        provider: {
          name,
          detailedName: `${name} details`,
          address: '12 Main Road, Pune',
          email: `e2e.edit${n}@example.com`,
          mobile: `63${n.padStart(8, '0')}`,
          website: '',
          phone: '',
          packageId: 2,
          providerTypeId: 1,
          contentCuratorIds: [],
          validFrom: `${day(0)}T00:00:00Z`,
          validTo: `${day(30)}T23:59:59Z`,
        },
        adminUser: {
          firstName: 'Ravi',
          lastName: 'Shankar',
          email: `e2e.edit.admin${n}@example.com`,
          mobile: `64${n.padStart(8, '0')}`,
          address: '12 Main Road, Pune',
          password: 'Strong@123',
          confirmPassword: 'Strong@123',
        },
      },
    });
    await page.goto(url('/admin/providerlist'));
    const row = table(page).getByRole('row').filter({ hasText: name });
    await row.getByRole('switch', { name: `Active: ${name}` }).click();
    await expect.poll(() => toastText(page).textContent(), WAIT).toBe(m.statusUpdated);
    await expect.poll(() => row.getByRole('switch').isChecked(), WAIT).toBe(false);
    await row.getByRole('switch').click();
    await expect.poll(() => row.getByRole('switch').isChecked(), WAIT).toBe(true);

    // Edit dialog: the wizard's steps on the saved provider; the password left empty keeps it.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit Provider: ${name}` });
    await field(edit, 'Details').fill(`${name} (new details)`);
    await edit.getByRole('button', { name: 'Next' }).click();
    await edit.getByText('Leave empty to keep the current password.').waitFor();
    await shot(page, 'provider-edit-dialog');
    await checkA11y(page);
    await edit.getByRole('button', { name: 'Next' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toastText(page).textContent(), WAIT).toBe(m.updated);
    await edit.waitFor({ state: 'detached' });
  });

  it('the owner procures licences for an aggregator in its subscriptions dialog', async () => {
    const { page } = s;
    await signIn(page, 'owner@example.com');
    await page.goto(url('/admin/providerlist'));
    await table(page).getByRole('button', { name: 'Subscriptions of Demo Aggregator', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscriptions: Demo Aggregator' });
    const grid = dialog.getByRole('table', { name: 'Licences of Demo Aggregator' });
    await grid.getByRole('cell', { name: /^NEET Biology Series/ }).waitFor();
    const save = dialog.getByRole('button', { name: 'Save', exact: true });
    await grid.getByRole('checkbox', { name: 'Select NEET Biology Series' }).check();
    await grid.getByLabel('Procure License for NEET Biology Series').fill('60');
    await shot(page, 'provider-subscriptions-dialog');
    await checkA11y(page);
    await save.click();
    await dialog.getByText(lm.saved).waitFor();
    await dialog.waitFor({ state: 'detached', timeout: 6000 });
  });
});

describe('provision licenses (/admin/transactions)', () => {
  const s = useBrowser();

  it('an aggregator creates a subscriber, provisions licences and sees the transactions tree', async () => {
    const { page } = s;
    await signIn(page, 'aggregator@example.com');
    await page.goto(url('/admin/providerlist'));
    await nameCell(page, 'Demo Aggregator Subscriber').waitFor();
    expect(await table(page).getByRole('cell', { name: 'Demo ERP Institute' }).count()).toBe(0);
    await page.getByRole('button', { name: '+ Add' }).click();
    await stepForm(page, 'Provider Information').waitFor();
    // Subscriber on the aggregator's package: both chosen already and fixed.
    expect(await page.getByRole('combobox', { name: /^Provider Type/ }).textContent()).toBe('Subscriber');
    expect(await page.getByRole('combobox', { name: /^Package/ }).textContent()).toBe('Platinum');
    const p = await runWizard(page, { contentProvider: 'Demo Content Partner' });
    const dialog = page.getByRole('dialog', { name: 'Admin credentials' });
    await dialog.getByText(m.credentials).waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await nameCell(page, p.name).waitFor();

    await page.goto(url('/admin/transactions'));
    await main(page).getByRole('heading', { name: 'Provision Licenses' }).waitFor();
    await choose(page, 'Subscriber', p.name);
    const grid = page.getByRole('table', { name: `Licences of ${p.name}` });
    await grid.getByRole('cell', { name: /^JEE Advanced Practice Series/ }).waitFor();
    for (const h of ['Content Partner', 'Test Series', 'License Available', 'Procure License'])
      await grid.getByRole('columnheader', { name: h, exact: true }).waitFor();
    const save = page.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);
    await grid.getByRole('checkbox', { name: 'Select JEE Advanced Practice Series' }).check();
    expect(await save.isDisabled()).toBe(false);
    await grid.getByLabel('Procure License for JEE Advanced Practice Series').fill('7');
    await save.click();
    await expect.poll(() => toastText(page).textContent(), WAIT).toBe(lm.saved);
    const tree = page.getByRole('table', { name: 'Subscribers of JEE Advanced Practice Series' });
    const line = tree.getByRole('row').filter({ hasText: p.name });
    await line.waitFor(WAIT);
    expect(await line.getByRole('cell').nth(1).textContent()).toBe('7');
    await page.getByRole('heading', { name: 'Demo Content Partner' }).first().waitFor();
    await shot(page, 'provision-licences');
    await checkA11y(page);
  });

  it('fits a phone screen', async () => {
    const page = await s.open({ viewport: { width: 390, height: 844 } });
    await signIn(page, 'aggregator@example.com');
    await page.goto(url('/admin/transactions'));
    await main(page).getByRole('heading', { name: 'Transactions' }).waitFor();
    await page.getByRole('table', { name: 'Subscribers of JEE Advanced Practice Series' }).waitFor();
    await shot(page, 'provision-licences-phone');
    await checkA11y(page);
  });
});
