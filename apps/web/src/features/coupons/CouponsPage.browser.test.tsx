// The coupons grid (moved from e2e/coupons.e2e.ts, issue 23): its columns, the row's discount, series and creator,
// the active switch; axe; the page and its form on a phone screen. The browser journey keeps add, edit and the
// switch through the real server.
import { type CouponRow, couponEndpoints as ce } from '@assess/contracts/coupons';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi } from '../../test/fakeApi';
import { checkA11y, renderApp } from '../../test/render';
import { staffSession } from '../../test/session';
import { CouponsPage } from './CouponsPage';

const welcome: CouponRow = {
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
};
const owner = () => staffSession({ userDetails: { providerId: 0 } });

describe('CouponsPage', () => {
  afterEach(async () => {
    await page.viewport(1366, 768);
  });

  it('shows the columns and the coupon rows with their active switches, on and off', async () => {
    const off = { ...welcome, id: 4, couponCodeText: 'SPRING10', isActive: false };
    fakeApi.on(ce.list, () => ({ items: [welcome, off], totalCount: 2 }));
    await renderApp(<CouponsPage />, { session: owner() });
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
    await expect.element(grid.getByRole('switch', { name: 'SPRING10 active' })).not.toBeChecked();
    await checkA11y();
  });

  it('fits a phone screen: no sideways scrolling, and + Add opens the coupon form', async () => {
    await page.viewport(390, 844);
    fakeApi
      .on(ce.list, () => ({ items: [welcome], totalCount: 1 }))
      .on(ce.series, () => [
        { courseId: 12, code: 'CP-PREM', text: 'College Predictor Premium', price: 499 },
      ]);
    await renderApp(<CouponsPage />, { session: owner() });
    await expect.element(page.getByRole('grid').getByText('WELCOME20')).toBeInTheDocument();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    await page.getByRole('button', { name: '+ Add', exact: true }).click();
    const code = page.getByRole('dialog', { name: 'Coupon Form' }).getByLabelText(/^Coupon Code/);
    await expect.element(code).toBeVisible();
    expect(code.element().getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    await checkA11y();
  });
});
