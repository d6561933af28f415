// Provision Licenses for an aggregator (moved from e2e/providers.e2e.ts, issue 23): the subscriber's licence grid
// with its columns, Save off until a row is ticked, the count sent; the page on a phone screen (headings, the
// transactions tree, no sideways scrolling); axe. The browser journey keeps provisioning through the real server
// and the transactions tree showing it.
import { ProviderType } from '@assess/contracts/access';
import {
  type Allocation,
  AllocationMode,
  licenceEndpoints as le,
  licenceProvisionMessages as lm,
} from '@assess/contracts/providers';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { fakeApi } from '../../test/fakeApi';
import { optionTexts, pick, toast } from '../../test/fields';
import { checkA11y, renderApp } from '../../test/render';
import { staffSession } from '../../test/session';
import { ProvisionLicencesPage } from './ProvisionLicencesPage';

const AGGREGATOR = 5;
const SUBSCRIBER = 20;
const aggregator = staffSession({
  userDetails: {
    providerId: AGGREGATOR,
    providerTypeId: ProviderType.Aggregator,
    providerName: 'Demo Aggregator',
  },
});
const allocation = (providerId: number, providerName: string, mode: Allocation['mode']): Allocation => ({
  providerId,
  providerName,
  mode,
  rows: [
    {
      resourceId: 14,
      contentPartnerId: 2,
      contentPartnerName: 'Demo Content Partner',
      courseCode: 'JEE-ADV',
      courseName: 'JEE Advanced Practice Series',
      licenseStudentsCount: 40,
      procureStudentsCount: 0,
      assignedStudentsCount: 0,
    },
  ],
});

function fakeLicences() {
  fakeApi
    .on(le.summary, () => ({
      totalProvidersCount: 1,
      provisionedLicensesCount: 3,
      assignedLicensesCount: 1,
      totalProductsCount: 1,
    }))
    .on(le.subscribers, () => [{ providerId: SUBSCRIBER, name: 'Demo Aggregator Subscriber' }])
    .on(le.allocation, ({ params }) =>
      params.providerId === AGGREGATOR
        ? allocation(AGGREGATOR, 'Demo Aggregator', AllocationMode.View)
        : allocation(SUBSCRIBER, 'Demo Aggregator Subscriber', AllocationMode.Provision),
    )
    .on(le.transactions, () => [
      {
        contentPartnerId: 2,
        contentPartnerName: 'Demo Content Partner',
        courses: [
          {
            courseId: 14,
            code: 'JEE-ADV',
            name: 'JEE Advanced Practice Series',
            subscribers: [
              {
                providerId: SUBSCRIBER,
                name: 'Demo Aggregator Subscriber',
                studentCount: 3,
                createdDate: '2026-01-05T10:00:00Z',
              },
            ],
          },
        ],
      },
    ])
    .on(le.save, () => ({ message: lm.saved }));
}

describe('ProvisionLicencesPage (an aggregator)', () => {
  afterEach(async () => {
    await page.viewport(1366, 768);
  });

  it("shows the subscriber's licence grid; Save stays off until a row is ticked, then sends its count", async () => {
    fakeLicences();
    await renderApp(<ProvisionLicencesPage />, { session: aggregator });
    await pick(page.elementLocator(document.body), 'Subscriber', 'Demo Aggregator Subscriber');
    const grid = page.getByRole('table', { name: 'Licences of Demo Aggregator Subscriber' });
    await expect.element(grid.getByRole('cell', { name: /^JEE Advanced Practice Series/ })).toBeVisible();
    for (const h of ['Content Partner', 'Test Series', 'License Available', 'Procure License'])
      await expect.element(grid.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
    // §9: the licence grid shows 10 a page by default, options 10, 30, 50, 100
    const paper = grid.element().closest('.MuiPaper-root') as HTMLElement;
    const size = page.elementLocator(paper).getByRole('combobox', { name: /Rows per page/ });
    await expect.element(size).toHaveTextContent('10');
    await size.click();
    await expect.poll(optionTexts).toEqual(['10', '30', '50', '100']);
    await userEvent.keyboard('{Escape}');
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await expect.element(save).toBeDisabled();
    await grid.getByRole('checkbox', { name: 'Select JEE Advanced Practice Series' }).click();
    await expect.element(save).toBeEnabled();
    await grid.getByLabelText('Procure License for JEE Advanced Practice Series').fill('7');
    await checkA11y();
    await save.click();
    await expect.element(toast(lm.saved)).toBeVisible();
    expect(fakeApi.requestsTo(le.save)).toEqual([
      {
        params: { providerId: SUBSCRIBER },
        query: {},
        body: { mappings: [{ resourceId: 14, studentsCount: 7 }] },
      },
    ]);
  });

  it('fits a phone screen: the headings and the transactions tree, no sideways scrolling', async () => {
    await page.viewport(390, 844);
    fakeLicences();
    await renderApp(<ProvisionLicencesPage />, { session: aggregator });
    await expect.element(page.getByRole('heading', { name: 'Provision Licenses' })).toBeVisible();
    await expect.element(page.getByRole('heading', { name: 'Transactions' })).toBeVisible();
    const tree = page.getByRole('table', { name: 'Subscribers of JEE Advanced Practice Series' });
    await expect.element(tree.getByRole('cell', { name: 'Demo Aggregator Subscriber' })).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    await checkA11y();
  });
});
