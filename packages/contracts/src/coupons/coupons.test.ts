import { describe, expect, it } from 'vitest';
import { couponMessages as m } from './messages';
import { type CouponTerms, checkCouponPrice, couponDateIssues, dayInZone } from './rules';
import { couponBodySchema, makeCouponFormSchema } from './schemas';

const coupon = (over: Partial<CouponTerms> = {}): CouponTerms => ({
  resourceId: 7,
  discountPercentage: 10,
  validFrom: '2026-03-10',
  validTo: '2026-03-20',
  isActive: true,
  ...over,
});
/** 12:00 in India on a day. */
const noonIst = (day: string) => new Date(`${day}T06:30:00Z`);
const check = (c: CouponTerms, now: Date, seriesPrice = 1999) =>
  checkCouponPrice({ seriesId: 7, seriesPrice, coupon: c, now, timeZone: 'Asia/Kolkata' });

describe('coupon price check', () => {
  it('takes the discount off the series price (paise, rounded half up)', () => {
    expect(check(coupon(), noonIst('2026-03-15'))).toEqual({
      ok: true,
      price: 1999,
      discount: 199.9,
      finalPrice: 1799.1,
    });
    expect(check(coupon({ discountPercentage: 33 }), noonIst('2026-03-15'), 0.05)).toEqual({
      ok: true,
      price: 0.05,
      discount: 0.02,
      finalPrice: 0.03,
    });
  });

  it('discount boundaries: 0 and 101 are refused, 1 and 100 apply (100 makes it free)', () => {
    const now = noonIst('2026-03-15');
    for (const pct of [0, 101, -5, 12.5]) {
      expect(check(coupon({ discountPercentage: pct }), now)).toEqual({
        ok: false,
        reason: 'invalidDiscount',
        message: m.discount,
      });
    }
    expect(check(coupon({ discountPercentage: 1 }), now, 500)).toMatchObject({
      ok: true,
      discount: 5,
      finalPrice: 495,
    });
    expect(check(coupon({ discountPercentage: 100 }), now, 500)).toMatchObject({
      ok: true,
      discount: 500,
      finalPrice: 0,
    });
  });

  it("is valid from the first to the last day inclusive, counted in the provider's time zone", () => {
    const c = coupon();
    // 2026-03-09 18:29:59Z is 23:59:59 on the 9th in India: the day before the first day.
    expect(check(c, new Date('2026-03-09T18:29:59Z'))).toMatchObject({ ok: false, reason: 'notYetValid' });
    // 18:30Z is midnight on the 10th in India (still the 9th in UTC): the first valid day.
    expect(check(c, new Date('2026-03-09T18:30:00Z'))).toMatchObject({ ok: true });
    // the last day until 23:59:59 in India
    expect(check(c, new Date('2026-03-20T18:29:59Z'))).toMatchObject({ ok: true });
    // 2026-03-20T18:30Z is the 21st in India although still the 20th in UTC
    expect(check(c, new Date('2026-03-20T18:30:00Z'))).toEqual({
      ok: false,
      reason: 'expired',
      message: m.expired,
    });
    // the same instant in UTC is still the last day
    expect(
      checkCouponPrice({
        seriesId: 7,
        seriesPrice: 100,
        coupon: c,
        now: new Date('2026-03-20T18:30:00Z'),
        timeZone: 'UTC',
      }),
    ).toMatchObject({ ok: true });
  });

  it('refuses an inactive coupon, another series and a bad price', () => {
    const now = noonIst('2026-03-15');
    expect(check(coupon({ isActive: false }), now)).toEqual({
      ok: false,
      reason: 'notActive',
      message: m.notActive,
    });
    expect(check(coupon({ resourceId: 8 }), now)).toMatchObject({ ok: false, reason: 'otherSeries' });
    expect(check(coupon(), now, -1)).toMatchObject({ ok: false, reason: 'invalidPrice' });
    expect(check(coupon(), now, Number.NaN)).toMatchObject({ ok: false, reason: 'invalidPrice' });
  });
});

describe('dayInZone', () => {
  it('gives the calendar day of an instant in a zone', () => {
    expect(dayInZone(new Date('2026-03-09T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-03-10');
    expect(dayInZone(new Date('2026-03-09T18:30:00Z'), 'UTC')).toBe('2026-03-09');
  });
});

describe('coupon form rules (part 3 §5)', () => {
  const valid = {
    couponCodeText: 'SAVE10',
    discountPercentage: '10',
    resourceId: 3,
    validFrom: '2026-03-10',
    validTo: '2026-03-10',
  };
  const messages = (v: unknown, schema = couponBodySchema) => {
    const r = schema.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it('accepts a valid coupon (one-day window) and reads the discount as a number', () => {
    const r = couponBodySchema.parse(valid);
    expect(r).toMatchObject({ discountPercentage: 10, isActive: true });
  });
  it('code 3 to 25 characters, required fields', () => {
    expect(messages({ ...valid, couponCodeText: 'AB' })).toEqual([m.codeLength]);
    expect(messages({ ...valid, couponCodeText: 'A'.repeat(25) })).toEqual([]);
    expect(messages({ ...valid, couponCodeText: 'A'.repeat(26) })).toEqual([m.codeLength]);
    expect(messages({ ...valid, couponCodeText: '  ' })).toEqual([m.fillRequired]);
    expect(messages({ ...valid, resourceId: '' })).toEqual([m.fillRequired]);
    expect(messages({ ...valid, discountPercentage: '' })).toEqual([m.fillRequired]);
    expect(messages({ ...valid, validFrom: '' })).toEqual([m.fillRequired]);
  });
  it("discount 1 to 100: 'Please enter correct discount(1-100).'", () => {
    for (const d of ['0', '101', '-1', '1.5', 'abc', 0, 101])
      expect(messages({ ...valid, discountPercentage: d })).toEqual([m.discount]);
    for (const d of ['1', '100', 1, 100]) expect(messages({ ...valid, discountPercentage: d })).toEqual([]);
  });
  it('valid to may not be before valid from', () => {
    expect(messages({ ...valid, validTo: '2026-03-09' })).toEqual([m.validOrder]);
  });
  it('dates may not be before today; an unchanged past date may stay when editing', () => {
    const form = makeCouponFormSchema({ today: '2026-03-10' });
    expect(messages(valid, form)).toEqual([]);
    expect(messages({ ...valid, validFrom: '2026-03-09' }, form)).toEqual([m.validFromPast]);
    const edit = makeCouponFormSchema({
      today: '2026-03-10',
      original: { validFrom: '2026-03-01', validTo: '2026-03-05' },
    });
    expect(messages({ ...valid, validFrom: '2026-03-01' }, edit)).toEqual([]);
    expect(messages({ ...valid, validFrom: '2026-03-02' }, edit)).toEqual([m.validFromPast]);
    expect(
      couponDateIssues({ validFrom: '2026-03-01', validTo: '2026-03-05' }, '2026-03-10', {
        validFrom: '2026-03-01',
        validTo: '2026-03-06',
      }),
    ).toEqual([{ path: ['validTo'], message: m.validToPast }]);
  });
});
