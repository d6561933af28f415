import { isValidIsoDay } from '../students/rules';
import { couponMessages as m } from './messages';

/** Part 3 §9: coupon code 3 to 25 characters, discount 1 to 100 percent, default resource type 3. */
export const COUPON_CODE_MIN = 3;
export const COUPON_CODE_MAX = 25;
export const COUPON_DISCOUNT_MIN = 1;
export const COUPON_DISCOUNT_MAX = 100;
/** Resource type of a coupon: 3 means test series (the only one there is). */
export const ResourceType = { TestSeries: 3 } as const;

/**
 * The zone a provider's calendar days are counted in. Providers have no time-zone setting yet, so every
 * provider uses India's (prices are in rupees); the price check and the form take the zone as a parameter.
 */
export const DEFAULT_PROVIDER_TIME_ZONE = 'Asia/Kolkata';

/** The calendar day (yyyy-mm-dd) an instant falls on in a time zone. */
export function dayInZone(at: Date, timeZone: string = DEFAULT_PROVIDER_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export type CouponDates = { validFrom: string; validTo: string };
export type CouponDateIssue = { path: ['validFrom'] | ['validTo']; message: string };

/**
 * The date rules that depend on today (§5 "dates may not be before today"): a new coupon's dates must be
 * today or later. When editing, a date left as it was may lie in the past (a running coupon keeps its
 * start); a changed date must be today or later. From ≤ To is checked by the schema.
 */
export function couponDateIssues(v: CouponDates, today: string, original?: CouponDates): CouponDateIssue[] {
  const issues: CouponDateIssue[] = [];
  const past = (key: keyof CouponDates) =>
    isValidIsoDay(v[key]) && v[key] < today && v[key] !== original?.[key];
  if (past('validFrom')) issues.push({ path: ['validFrom'], message: m.validFromPast });
  if (past('validTo')) issues.push({ path: ['validTo'], message: m.validToPast });
  return issues;
}

/** What the price check needs of a coupon. */
export type CouponTerms = {
  resourceId: number;
  discountPercentage: number;
  validFrom: string;
  validTo: string;
  isActive: boolean;
};

export type CouponRefusal =
  | 'otherSeries'
  | 'notActive'
  | 'invalidDiscount'
  | 'invalidPrice'
  | 'notYetValid'
  | 'expired';

export type CouponPriceCheck =
  | { ok: true; price: number; discount: number; finalPrice: number }
  | { ok: false; reason: CouponRefusal; message: string };

const refusalMessages: Record<CouponRefusal, string> = {
  otherSeries: m.otherSeries,
  notActive: m.notActive,
  invalidDiscount: m.discount,
  invalidPrice: m.invalidPrice,
  notYetValid: m.notYetValid,
  expired: m.expired,
};
const refuse = (reason: CouponRefusal): CouponPriceCheck => ({
  ok: false,
  reason,
  message: refusalMessages[reason],
});

/**
 * The coupon price check a checkout calls: the coupon must be for this series, active, with a discount of
 * 1–100 %, and `now` must fall on a day from validFrom to validTo inclusive, counted in the provider's time
 * zone. The discount is computed in paise and rounded half up; a 100 % coupon makes the series free.
 */
export function checkCouponPrice(input: {
  seriesId: number;
  /** Series price in rupees. */
  seriesPrice: number;
  coupon: CouponTerms;
  now: Date;
  timeZone?: string;
}): CouponPriceCheck {
  const { coupon, seriesPrice } = input;
  if (coupon.resourceId !== input.seriesId) return refuse('otherSeries');
  if (!coupon.isActive) return refuse('notActive');
  const pct = coupon.discountPercentage;
  if (!Number.isInteger(pct) || pct < COUPON_DISCOUNT_MIN || pct > COUPON_DISCOUNT_MAX) {
    return refuse('invalidDiscount');
  }
  if (!Number.isFinite(seriesPrice) || seriesPrice < 0) return refuse('invalidPrice');
  const today = dayInZone(input.now, input.timeZone);
  if (today < coupon.validFrom) return refuse('notYetValid');
  if (today > coupon.validTo) return refuse('expired');
  const pricePaise = Math.round(seriesPrice * 100);
  const discountPaise = Math.round((pricePaise * pct) / 100);
  return {
    ok: true,
    price: pricePaise / 100,
    discount: discountPaise / 100,
    finalPrice: (pricePaise - discountPaise) / 100,
  };
}
