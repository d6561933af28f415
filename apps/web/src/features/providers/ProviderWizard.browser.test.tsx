// The provider wizard's first step messages in the spec's words (moved from e2e/providers.e2e.ts, issue 23):
// the required fields on Next, a name the server reports as taken, an aggregator's Platinum and content provider
// rules, and Valid To before Valid From; Next never moves on while the step is invalid; an aggregator's Subscriber
// type and package chosen and fixed. The browser journey keeps creating a provider through the real server.
import { Package, ProviderType } from '@assess/contracts/access';
import { providerMessages as m, providerEndpoints as pe } from '@assess/contracts/providers';
import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { apiError, fakeApi } from '../../test/fakeApi';
import { dayShown, field, pick, setDay, toast } from '../../test/fields';
import { checkA11y, renderApp } from '../../test/render';
import { ProviderWizard } from './ProviderWizard';

const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('ProviderWizard: Provider Information', () => {
  it('shows each rule of the step on Next and stays on it', async () => {
    fakeApi.on(pe.exists, ({ query }) =>
      query.value.toLowerCase() === 'demo erp institute'
        ? { exists: true, message: m.nameExists }
        : { exists: false, message: null },
    );
    let done = false;
    await renderApp(
      <ProviderWizard
        options={{
          providerTypeIds: Object.values(ProviderType),
          packageIds: [Package.Silver, Package.Gold, Package.Platinum],
          inheritedPackageId: null,
          contentProviders: [{ providerId: 2, name: 'Demo Content Partner' }],
        }}
        onCancel={() => {}}
        onDone={() => {
          done = true;
        }}
      />,
    );
    const s1 = page.getByRole('form', { name: 'Provider Information' });
    await page.getByRole('button', { name: 'Next' }).click();
    for (const text of [
      m.typeMandatory,
      m.packageMandatory,
      m.validFromMandatory,
      m.validToMandatory,
      m.nameMin,
    ])
      await expect.element(s1.getByText(text).first()).toBeVisible();
    await field(s1, 'Name').fill('demo erp institute');
    await expect.element(s1.getByText(m.nameExists)).toBeVisible();
    await field(s1, 'Details').fill('x'.repeat(5));
    await pick(s1, 'Provider Type', 'Aggregator');
    await pick(s1, 'Package', 'Gold');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.element(s1.getByText(m.platinumRequired)).toBeVisible();
    await expect.element(s1.getByText(m.contentProvidersMandatory)).toBeVisible();
    await setDay(s1, 'Valid From', day(3));
    await setDay(s1, 'Valid To', day(3));
    // the validity reads DD-Mon-YYYY, like every date of the console
    const [y, mo, d] = day(3).split('-');
    const month = new Date(Number(y), Number(mo) - 1, 1).toLocaleString('en', { month: 'short' });
    expect(dayShown(s1, 'Valid From')).toBe(`${d}-${month}-${y}`);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.element(s1.getByText(m.validToBeforeFrom)).toBeVisible();
    await expect.element(s1).toBeVisible();
    await checkA11y();
    expect(done).toBe(false);
  });

  it("an aggregator's wizard: a Subscriber on its package, fixed; the chosen content provider is saved", async () => {
    // (moved from e2e/providers.e2e.ts, issue 23; the server's side: providers-create.int.test.ts)
    fakeApi
      .on(pe.exists, () => ({ exists: false, message: null }))
      .on(pe.adminUserExists, () => ({ exists: false, message: null }))
      .on(pe.create, () => ({
        providerId: 40,
        providerKey: 'k40',
        userName: 'sub.admin@example.com',
        message: m.added,
      }));
    await renderApp(
      <ProviderWizard
        options={{
          providerTypeIds: [ProviderType.Subscriber],
          packageIds: [Package.Platinum],
          inheritedPackageId: Package.Platinum,
          contentProviders: [{ providerId: 2, name: 'Demo Content Partner' }],
        }}
        onCancel={() => {}}
        onDone={() => {}}
      />,
    );
    const s1 = page.getByRole('form', { name: 'Provider Information' });
    const type = s1.getByRole('combobox', { name: /^Provider Type/ });
    const pkg = s1.getByRole('combobox', { name: /^Package/ });
    await expect.element(type).toHaveTextContent('Subscriber');
    await expect.element(pkg).toHaveTextContent('Platinum');
    await expect.element(type).toHaveAttribute('aria-disabled', 'true');
    await expect.element(pkg).toHaveAttribute('aria-disabled', 'true');
    await field(s1, 'Name').fill('New Subscriber');
    await field(s1, 'Details').fill('New Subscriber for tests');
    await field(s1, 'Email').fill('office@subscriber.example');
    await field(s1, 'Mobile').fill('6100000001');
    await field(s1, 'Address').fill('12 Main Road, Pune');
    await s1.getByRole('combobox', { name: /^Content Providers/ }).click();
    await page.getByRole('option', { name: 'Demo Content Partner' }).click();
    await userEvent.keyboard('{Escape}');
    await setDay(s1, 'Valid From', day(0));
    await setDay(s1, 'Valid To', day(365));
    await page.getByRole('button', { name: 'Next' }).click();
    const s2 = page.getByRole('form', { name: 'Provider User Admin' });
    await field(s2, 'First Name').fill('Esha');
    await field(s2, 'Last Name').fill('Kapoor');
    await field(s2, 'Email').fill('sub.admin@example.com');
    await field(s2, 'Mobile').fill('6200000001');
    await field(s2, 'Address').fill('12 Main Road, Pune');
    await field(s2, 'Password').fill('Strong@123');
    await field(s2, 'Confirm Password').fill('Strong@123');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.element(page.getByRole('form', { name: 'Address' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.element(page.getByRole('dialog', { name: 'Admin credentials' })).toBeVisible();
    const [sent] = fakeApi.requestsTo(pe.create);
    expect(sent.body.provider).toMatchObject({
      providerTypeId: ProviderType.Subscriber,
      packageId: Package.Platinum,
      contentCuratorIds: [2],
    });
  });

  it("editing: a refused save says 'Error while updating provider' and stays; a saved one says 'Provider successfully updated!'", async () => {
    const detail = {
      providerId: 40,
      name: 'Edited Subscriber',
      detailedName: 'Edited Subscriber for tests',
      providerTypeId: ProviderType.Subscriber,
      packageId: Package.Platinum,
      parentProviderId: null,
      parentProviderName: null,
      email: 'office@edited.example',
      mobile: '6100000002',
      website: null,
      phone: null,
      isActive: true,
      validFrom: day(0),
      validTo: day(365),
      providerKey: 'k40',
      contentCuratorNames: ['Demo Content Partner'],
      createdDate: '2026-01-01T00:00:00Z',
      address: '12 Main Road, Pune',
      contentCuratorIds: [2],
      adminUser: {
        userId: 90,
        userName: 'edited.admin@example.com',
        firstName: 'Esha',
        lastName: 'Kapoor',
        email: 'edited.admin@example.com',
        mobile: '6200000002',
        address: '12 Main Road, Pune',
      },
    };
    let refuse = true;
    fakeApi
      .on(pe.exists, () => ({ exists: false, message: null }))
      .on(pe.adminUserExists, () => ({ exists: false, message: null }))
      .on(pe.update, () => (refuse ? apiError(500, 'down') : { providerId: 40, message: m.updated }));
    const done = vi.fn();
    await renderApp(
      <ProviderWizard
        options={{
          providerTypeIds: [ProviderType.Subscriber],
          packageIds: [Package.Platinum],
          inheritedPackageId: null,
          contentProviders: [{ providerId: 2, name: 'Demo Content Partner' }],
        }}
        detail={detail}
        onCancel={() => {}}
        onDone={done}
      />,
    );
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.element(page.getByRole('form', { name: 'Provider User Admin' })).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.element(page.getByRole('form', { name: 'Address' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.element(toast(m.updateError)).toBeVisible();
    expect(m.updateError).toBe('Error while updating provider');
    expect(done).not.toHaveBeenCalled();
    refuse = false;
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.element(toast(m.updated)).toBeVisible();
    expect(done).toHaveBeenCalledOnce();
    expect(fakeApi.requestsTo(pe.update)).toHaveLength(2);
  });
});
