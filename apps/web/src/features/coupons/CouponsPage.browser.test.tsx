// The coupons grid (moved from e2e/coupons.e2e.ts, issue 23): its columns, the row's discount, series and creator,
// the active switch; axe. The browser journey keeps add, edit and the switch through the real server.
import { couponEndpoints as ce } from '@assess/contracts/coupons';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi } from '../../test/fakeApi';
import { checkA11y, renderApp } from '../../test/render';
import { staffSession } from '../../test/session';
import { CouponsPage } from './CouponsPage';

describe('CouponsPage', () => {
  it('shows the columns and a coupon row with its active switch', async () => {
    fakeApi.on(ce.list, () => ({
      items: [
        {
          id: 3,
          couponCodeText: 'WELCOME20',
          providerId: 0,
          providerName: 'Platform Owner',
          resourceTypeId: 1,
          resourceId: 12,
          courseName: 'College Predictor Premium',
          discountPercentage: 20,
          validFrom: '2026-01-01T00:00:00Z',
          validTo: '2026-12-31T18:29:59Z',
          isActive: true,
          createdBy: 1,
          createdByName: 'Platform Owner',
          createdDate: '2026-01-01T00:00:00Z',
          updatedDate: '2026-01-01T00:00:00Z',
        },
      ],
      totalCount: 1,
    }));
    await renderApp(<CouponsPage />, { session: staffSession({ userDetails: { providerId: 0 } }) });
    const grid = page.getByRole('grid');
    await expect.element(grid.getByText('WELCOME20')).toBeVisible();
    for (const h of [
      'Coupon Code',
      'Created By',
      'Created Date',
      'Discount (%)',
      'Provider Name',
      'Course Name',
      'Valid From',
      'Valid To',
      'Active',
    ])
      await expect.element(grid.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
    const row = grid.getByRole('row').filter({ hasText: 'WELCOME20' });
    await expect.element(row.getByRole('gridcell', { name: '20', exact: true })).toBeVisible();
    await expect.element(row.getByText('College Predictor Premium')).toBeVisible();
    await expect.element(row.getByRole('switch', { name: 'WELCOME20 active' })).toBeChecked();
    await checkA11y();
  });
});
