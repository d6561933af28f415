import { ProviderType } from '@assess/contracts/access';
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

/** Fills and saves the wizard with this provider type and package; returns what it typed. */
async function runWizard(page: Page, opts: { type: string; pkg: string }) {
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
  await choose(page, 'Package', opts.pkg);
  await choose(page, 'Provider Type', opts.type);
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

/** A subscriber of the signed-in aggregator, made through the API (its Platinum package, Demo Content Partner). */
async function createSubscriber(page: Page) {
  const api = apiOf(page);
  const options = await api.call(providerEndpoints.options);
  const partner = options.contentProviders.find((c) => c.name === 'Demo Content Partner');
  if (!partner || options.inheritedPackageId === null) throw new Error('the aggregator offers no subscriber');
  const n = unique();
  const name = `E2E Subscriber ${n}`;
  await api.call(providerEndpoints.create, {
    body: {
      provider: {
        name,
        detailedName: `${name} details`,
        address: '12 Main Road, Pune',
        email: `e2e.sub${n}@example.com`,
        mobile: `63${n.padStart(8, '0')}`,
        website: '',
        phone: '',
        packageId: options.inheritedPackageId,
        providerTypeId: ProviderType.Subscriber,
        contentCuratorIds: [partner.providerId],
        validFrom: `${day(0)}T00:00:00Z`,
        validTo: `${day(30)}T23:59:59Z`,
      },
      adminUser: {
        firstName: 'Ravi',
        lastName: 'Shankar',
        email: `e2e.sub.admin${n}@example.com`,
        mobile: `64${n.padStart(8, '0')}`,
        address: '12 Main Road, Pune',
        password: 'Strong@123',
        confirmPassword: 'Strong@123',
      },
    },
  });
  return name;
}

describe('providers (/admin/providerlist) and provision licenses (/admin/transactions)', () => {
  const s = useBrowser();

  // the list's columns, 1000 a page, + Add and Cancel, the subscriptions' Required count:
  // apps/web/src/features/providers/ProvidersPage.browser.test.tsx; the wizard's step messages and an aggregator's
  // fixed Subscriber type and package: ProviderWizard.browser.test.tsx (issue 23)
  it('the owner creates an ERP provider, switches and edits it, procures licences; its admin signs in; an aggregator provisions licences', async () => {
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

    // The owner switches the new provider off and on.
    const row = table(page).getByRole('row').filter({ hasText: p.name });
    await row.getByRole('switch', { name: `Active: ${p.name}` }).click();
    await expect.poll(() => toastText(page).textContent(), WAIT).toBe(m.statusUpdated);
    await expect.poll(() => row.getByRole('switch').isChecked(), WAIT).toBe(false);
    await row.getByRole('switch').click();
    await expect.poll(() => row.getByRole('switch').isChecked(), WAIT).toBe(true);

    // Edit dialog: the wizard's steps on the saved provider; the password left empty keeps it (the admin signs in
    // with it below).
    await row.getByRole('button', { name: `Edit ${p.name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit Provider: ${p.name}` });
    await field(edit, 'Details').fill(`${p.name} (new details)`);
    await edit.getByRole('button', { name: 'Next' }).click();
    await edit.getByText('Leave empty to keep the current password.').waitFor();
    await shot(page, 'provider-edit-dialog');
    await checkA11y(page);
    await edit.getByRole('button', { name: 'Next' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toastText(page).textContent(), WAIT).toBe(m.updated);
    await edit.waitFor({ state: 'detached' });

    // The owner procures licences for an aggregator in its subscriptions dialog.
    await table(page).getByRole('button', { name: 'Subscriptions of Demo Aggregator', exact: true }).click();
    const subscriptions = page.getByRole('dialog', { name: 'Subscriptions: Demo Aggregator' });
    const procure = subscriptions.getByRole('table', { name: 'Licences of Demo Aggregator' });
    await procure.getByRole('cell', { name: /^NEET Biology Series/ }).waitFor();
    await procure.getByRole('checkbox', { name: 'Select NEET Biology Series' }).check();
    await procure.getByLabel('Procure License for NEET Biology Series').fill('60');
    await shot(page, 'provider-subscriptions-dialog');
    await checkA11y(page);
    await subscriptions.getByRole('button', { name: 'Save', exact: true }).click();
    await subscriptions.getByText(lm.saved).waitFor();
    await subscriptions.waitFor({ state: 'detached', timeout: 6000 });

    // The new provider's admin signs in, in a fresh browser context, with what the credentials dialog showed.
    const admin = await s.open();
    await signInViaForm(admin, p.admin, p.password);
    await waitForPath(admin, '/admin/dashboard');
    await shot(admin, 'provider-new-admin-dashboard');

    // An aggregator provisions licences to a subscriber of its own and sees them in the transactions tree. The
    // subscriber is made through the API (the wizard ran above; an aggregator's list of only its subscribers and
    // its Subscribers-only wizard: providers-list.int.test.ts and providers-create.int.test.ts; its wizard's fixed
    // type and package and the chosen content provider saved: ProviderWizard.browser.test.tsx; the grid's
    // columns and Save off until a row is ticked, and the page on a phone screen:
    // ProvisionLicencesPage.browser.test.tsx, issue 23).
    const agg = await s.open();
    await signIn(agg, 'aggregator@example.com');
    const sub = await createSubscriber(agg);
    await agg.goto(url('/admin/transactions'));
    await main(agg).getByRole('heading', { name: 'Provision Licenses' }).waitFor();
    await choose(agg, 'Subscriber', sub);
    const grid = agg.getByRole('table', { name: `Licences of ${sub}` });
    await grid.getByRole('checkbox', { name: 'Select JEE Advanced Practice Series' }).check();
    await grid.getByLabel('Procure License for JEE Advanced Practice Series').fill('7');
    await agg.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => toastText(agg).textContent(), WAIT).toBe(lm.saved);
    const tree = agg.getByRole('table', { name: 'Subscribers of JEE Advanced Practice Series' });
    const line = tree.getByRole('row').filter({ hasText: sub });
    await line.waitFor(WAIT);
    expect(await line.getByRole('cell').nth(1).textContent()).toBe('7');
    await agg.getByRole('heading', { name: 'Demo Content Partner' }).first().waitFor();
    await shot(agg, 'provision-licences');
    await checkA11y(agg);
  }, 240_000);

  // fits a phone screen (Provision Licenses): ProvisionLicencesPage.browser.test.tsx (issue 23)
});
