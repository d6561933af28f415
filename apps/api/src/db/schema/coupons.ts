import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownerProvider } from './access';
import { audit, flag, identity, link } from './columns';
import { courses } from './courses';

/**
 * Coupons (part 3 §3 "Coupon"): a discount of 1–100 % on one test series (resource type 3) of the coupon's
 * provider, valid on the calendar days validFrom..validTo (the provider's time zone). The code is unique per
 * provider, case-insensitively.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: identity('id'),
    providerId: ownerProvider(),
    couponCodeText: text('coupon_code_text').notNull(),
    resourceTypeId: smallint('resource_type_id').notNull().default(3),
    resourceId: link('resource_id', () => courses.courseId, 'cascade'),
    discountPercentage: integer('discount_percentage').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    isActive: flag('is_active', true),
    ...audit,
  },
  (t) => [
    uniqueIndex('coupons_provider_code_uq').on(t.providerId, sql`lower(${t.couponCodeText})`),
    index('coupons_provider_idx').on(t.providerId, t.id),
    index('coupons_resource_idx').on(t.resourceId),
    check('coupons_discount_ck', sql`${t.discountPercentage} between 1 and 100`),
    check('coupons_validity_ck', sql`${t.validFrom} <= ${t.validTo}`),
    check('coupons_code_length_ck', sql`char_length(${t.couponCodeText}) between 3 and 25`),
  ],
);
