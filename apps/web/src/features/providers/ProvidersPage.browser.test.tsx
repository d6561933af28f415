// The providers page (moved from e2e/providers.e2e.ts, issue 23): the list's columns and its 1000 rows per page,
// + Add opening the wizard as a view of the page and Cancel returning to the list, and the subscriptions dialog's
// Save off until a row is ticked and its 'Required' count; axe. The browser journey keeps creating a provider,
// switching and editing one, procuring and provisioning licences through the real server.
import { ProviderType } from '@assess/contracts/access';
import {
  AllocationMode,
  licenceEndpoints as le,
  licenceProvisionMessages as lm,
  type ProviderRow,
  providerEndpoints as pe,
} from '@assess/contracts/providers';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi } from '../../test/fakeApi';
import { checkA11y, renderApp } from '../../test/render';
import { staffSession } from '../../test/session';
import { ProvidersPage } from './ProvidersPage';

const provider = (providerId: number, name: string, providerTypeId: number): ProviderRow => ({
  providerId,
  name,
  detailedName: null,
  providerTypeId,
  packageId: 3,
  parentProviderId: null,
  parentProviderName: null,
  email: `p${providerId}@example.com`,
  mobile: '9876500000',
  website: null,
  phone: null,
  isActive: true,
  validFrom: '2026-01-01T00:00:00Z',
  validTo: '2027-01-01T00:00:00Z',
  providerKey: null,
  contentCuratorNames: [],
  createdDate: '2026-01-01T00:00:00Z',
});
const owner = staffSession({ userDetails: { providerId: 0 } });
const table = () => page.getByRole('table', { name: 'Providers' });

function fakeProviders() {
  fakeApi
    .on(pe.list, () => ({
      items: [
        provider(1, 'Demo ERP Institute', ProviderType.ERP),
        provider(5, 'Demo Aggregator', ProviderType.Aggregator),
      ],
      totalCount: 2,
    }))
    .on(pe.options, () => ({
      providerTypeIds: Object.values(ProviderType),
      packageIds: [1, 2, 3],
      inheritedPackageId: null,
      contentProviders: [],
    }));
}

describe('ProvidersPage', () => {
  it('lists the providers with their columns, 1000 a page; + Add opens the wizard and Cancel returns', async () => {
    fakeProviders();
    const { router } = await renderApp(<ProvidersPage />, { session: owner, path: '/admin/providerlist' });
    await expect.element(table().getByText('Demo Aggregator')).toBeVisible();
    for (const h of ['Name', 'Type', 'Package', 'Email', 'Mobile', 'Validity', 'Active', 'Actions'])
      await expect.element(table().getByRole('columnheader', { name: h, exact: true })).toBeVisible();
    await expect.element(page.getByRole('combobox', { name: /Rows per page/ })).toHaveTextContent('1000');
    await checkA11y();
    await page.getByRole('button', { name: '+ Add' }).click();
    await expect.element(page.getByRole('form', { name: 'Provider Information' })).toBeVisible();
    expect(router.state.location.search).toBe('?new=1');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(table()).toBeVisible();
    expect(router.state.location.search).toBe('');
  });

  it("the subscriptions dialog keeps Save off until a row is ticked and asks for the ticked row's count", async () => {
    fakeProviders();
    fakeApi.on(le.allocation, () => ({
      providerId: 5,
      providerName: 'Demo Aggregator',
      mode: AllocationMode.Procure,
      rows: [
        {
          resourceId: 11,
          contentPartnerId: 2,
          contentPartnerName: 'Demo Content Partner',
          courseCode: 'NEET-BIO',
          courseName: 'NEET Biology Series',
          licenseStudentsCount: null,
          procureStudentsCount: 0,
          assignedStudentsCount: 0,
        },
      ],
    }));
    await renderApp(<ProvidersPage />, { session: owner, path: '/admin/providerlist' });
    await table().getByRole('button', { name: 'Subscriptions of Demo Aggregator', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscriptions: Demo Aggregator' });
    const grid = dialog.getByRole('table', { name: 'Licences of Demo Aggregator' });
    await expect.element(grid.getByRole('cell', { name: /^NEET Biology Series/ })).toBeVisible();
    const save = dialog.getByRole('button', { name: 'Save', exact: true });
    await expect.element(save).toBeDisabled();
    await checkA11y();
    await grid.getByRole('checkbox', { name: 'Select NEET Biology Series' }).click();
    await grid.getByLabelText('Procure License for NEET Biology Series').fill('');
    await save.click();
    await expect.element(grid.getByText(lm.required)).toBeVisible();
    expect(fakeApi.requestsTo(le.save)).toEqual([]);
    await checkA11y(); // the message on the ticked row's tint is readable (it was red on blue below 4.5:1)
  });
});
