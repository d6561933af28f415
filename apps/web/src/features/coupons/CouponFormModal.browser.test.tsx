// The coupon form's messages (moved from e2e/coupons.e2e.ts, issue 23): the required fields, the discount range
// in the spec's words, the saved coupon's body, and the server's refusal of a code the provider already has
// (the dialog stays open). The browser journey keeps the add, edit and active switch through the real server.
import { couponEndpoints as ce, dayInZone, couponMessages as m } from '@assess/contracts/coupons';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { apiError, fakeApi } from '../../test/fakeApi';
import { setDay, toast } from '../../test/fields';
import { checkA11y, renderApp } from '../../test/render';
import { CouponFormModal } from './CouponFormModal';

const day = (offset: number) => dayInZone(new Date(Date.now() + offset * 86_400_000));
const series = [{ courseId: 31, code: 'CP-PREM', text: 'College Predictor Premium', price: 499 }];

async function fill(d: ReturnType<typeof page.getByRole>, code: string, discount: string) {
  await d.getByLabelText(/^Coupon Code/).fill(code);
  await d.getByLabelText(/^Discount \(%\)/).fill(discount);
  await d.getByRole('combobox', { name: /Test Series/ }).click();
  await page.getByRole('option', { name: /College Predictor Premium/ }).click();
  await setDay(d, 'Valid From', day(0));
  await setDay(d, 'Valid To', day(30));
}

describe('CouponFormModal', () => {
  it('asks for the required fields, refuses a discount over 100, then saves', async () => {
    fakeApi.on(ce.series, () => series).on(ce.create, () => ({ id: 9, message: m.created }));
    await renderApp(<CouponFormModal coupon={null} onClose={() => {}} />);
    const d = page.getByRole('dialog');
    await d.getByRole('button', { name: 'Save' }).click();
    await expect.element(toast(m.fillRequired)).toBeVisible();
    await fill(d, 'WELCOME20', '150');
    await d.getByRole('button', { name: 'Save' }).click();
    await expect.element(d.getByText(m.discount)).toBeVisible();
    expect(fakeApi.requestsTo(ce.create)).toEqual([]);
    await d.getByLabelText(/^Discount \(%\)/).fill('20');
    await checkA11y();
    await d.getByRole('button', { name: 'Save' }).click();
    await expect.element(toast(m.created)).toBeVisible();
    const [sent] = fakeApi.requestsTo(ce.create);
    expect(sent.body).toMatchObject({
      couponCodeText: 'WELCOME20',
      discountPercentage: 20,
      resourceId: 31,
      validFrom: day(0),
      validTo: day(30),
    });
  });

  it("shows the server's refusal of a code the provider already has and stays open", async () => {
    fakeApi.on(ce.series, () => series).on(ce.create, () => apiError(409, m.codeExists));
    await renderApp(<CouponFormModal coupon={null} onClose={() => {}} />);
    const d = page.getByRole('dialog');
    await fill(d, 'welcome10', '5');
    await d.getByRole('button', { name: 'Save' }).click();
    await expect.element(toast(m.codeExists)).toBeVisible();
    await expect.element(d).toBeVisible();
  });
});
