import { dayInZone, couponMessages as m } from '@assess/contracts/coupons';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, signIn, url, useBrowser } from './support/browser';
import { dayShown, dayText, setDay } from './support/dates';
import { uniqueWord } from './support/students';
import { toastText } from './support/ui';

const grid = (page: Page) => page.getByRole('grid', { name: 'Coupons' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Coupon Form' });
const WAIT = { timeout: 10_000 };
const day = (offset: number) => dayInZone(new Date(Date.now() + offset * 86_400_000));

async function openCoupons(page: Page) {
  await signIn(page, 'owner@example.com');
  await page.goto(url('/admin/Coupons'));
  await grid(page).getByRole('row').nth(1).waitFor();
}

describe('coupons (/admin/Coupons)', () => {
  const s = useBrowser();

  it('adds a coupon, edits it and switches it off', async () => {
    const { page } = s;
    await openCoupons(page);
    // (the grid's columns with axe: CouponsPage.browser.test.tsx; the form's: CouponFormModal.browser.test.tsx)
    await shot(page, 'coupons-grid');

    // add (the required-fields and discount messages: CouponFormModal.browser.test.tsx, issue 23)
    await page.getByRole('button', { name: '+ Add', exact: true }).click();
    const d = dialog(page);
    await d.waitFor();
    const code = `E2E${uniqueWord().slice(0, 12).toUpperCase()}`;
    await d.getByLabel(/^Coupon Code/).fill(code);
    await d.getByLabel(/^Discount \(%\)/).fill('20');
    await d.getByRole('combobox', { name: /Test Series/ }).click();
    await page.getByRole('option', { name: /College Predictor Premium/ }).click();
    await setDay(d, 'Valid From', day(0));
    await setDay(d, 'Valid To', day(30));
    // the dates read DD-Mon-YYYY, like every date of the console
    expect(await dayShown(d, 'Valid To')).toBe(dayText(day(30)));
    await shot(page, 'coupons-form');
    await d.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toastText(page).textContent(), WAIT).toBe(m.created);
    await d.waitFor({ state: 'hidden' });
    const row = grid(page).getByRole('row').filter({ hasText: code });
    await row.getByRole('gridcell', { name: '20', exact: true }).waitFor();
    await row.getByText('College Predictor Premium').waitFor();
    await row.getByText('Platform Owner').first().waitFor();

    // edit
    await row.getByRole('button', { name: `Edit ${code}` }).click();
    await d.waitFor();
    expect(await d.getByLabel(/^Coupon Code/).inputValue()).toBe(code);
    expect(await dayShown(d, 'Valid From')).toBe(dayText(day(0)));
    await d.getByLabel(/^Discount \(%\)/).fill('35');
    await d.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toastText(page).textContent(), WAIT).toBe(m.updated);
    await d.waitFor({ state: 'hidden' });
    await row.getByRole('gridcell', { name: '35', exact: true }).waitFor();

    // the active switch (its state kept by the server and switched on again: coupons.int.test.ts 'switches a
    // coupon off and on'; the grid showing it from the list: CouponsPage.browser.test.tsx, issue 23)
    const toggle = row.getByRole('switch', { name: `${code} active` });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await expect.poll(() => toastText(page).textContent(), WAIT).toBe(m.deactivated);
    await expect.poll(() => toggle.isChecked(), WAIT).toBe(false);
    await shot(page, 'coupons-after-toggle');
  });

  // a code the provider already has: coupons.int.test.ts (the server) and CouponFormModal.browser.test.tsx
  // (the dialog stays open with the server's message), issue 23

  // fits a phone screen (no sideways scrolling, the form opens): CouponsPage.browser.test.tsx (issue 23)
});
