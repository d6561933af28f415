import { z } from 'zod';
import { ownerFields } from '../common/fields';
import { INT_MAX, idParamSchema } from '../common/ints';
import { pagedSchema, pageQuerySchema } from '../common/paging';
import { isValidIsoDay } from '../students/rules';
import { couponMessages as m } from './messages';
import {
  COUPON_CODE_MAX,
  COUPON_CODE_MIN,
  COUPON_DISCOUNT_MAX,
  COUPON_DISCOUNT_MIN,
  type CouponDates,
  couponDateIssues,
} from './rules';

const required = m.fillRequired;
/** '' and null from a form field read as "not filled". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Coupon code: 3 to 25 characters (trimmed). */
export const couponCodeSchema = z
  .string({ error: required })
  .trim()
  .min(1, { error: required, abort: true })
  .min(COUPON_CODE_MIN, m.codeLength)
  .max(COUPON_CODE_MAX, m.codeLength);

/** Discount: a whole percentage from 1 to 100. */
export const discountSchema = z.preprocess(
  (v) => {
    const b = blankToUndefined(v);
    return typeof b === 'string' ? Number(b.trim()) : b;
  },
  z
    .number({ error: (iss) => (iss.input === undefined ? required : m.discount) })
    .int(m.discount)
    .min(COUPON_DISCOUNT_MIN, m.discount)
    .max(COUPON_DISCOUNT_MAX, m.discount),
);

/** A calendar day yyyy-mm-dd. */
const daySchema = z
  .string({ error: required })
  .trim()
  .min(1, { error: required, abort: true })
  .refine(isValidIsoDay, m.dateInvalid);

/** The test series (course id) the coupon applies to. */
const seriesSchema = z.preprocess(
  blankToUndefined,
  z.coerce.number({ error: required }).int(required).positive(required).max(INT_MAX, required),
);

const couponFields = z.strictObject({
  couponCodeText: couponCodeSchema,
  discountPercentage: discountSchema,
  resourceId: seriesSchema,
  validFrom: daySchema,
  validTo: daySchema,
  isActive: z.boolean().default(true),
});

/** Body of create and update (part 3 §5 "Coupon"): the rules that do not depend on today. */
export const couponBodySchema = couponFields.refine((v) => v.validFrom <= v.validTo, {
  message: m.validOrder,
  path: ['validTo'],
});
export type CouponBody = z.output<typeof couponBodySchema>;
export type CouponFormInput = z.input<typeof couponBodySchema>;

/** The Coupon Form's schema: the body's rules plus "not before today" (edit: unchanged dates may be past). */
export function makeCouponFormSchema(opts: { today: string; original?: CouponDates }) {
  return couponBodySchema.superRefine((v, ctx) => {
    for (const issue of couponDateIssues(v, opts.today, opts.original)) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });
}

/** A coupon as the grid lists it (part 3 §3 "Coupon"); dates are yyyy-mm-dd, audit times ISO strings. */
export const couponRowSchema = z.object({
  id: z.number().int(),
  couponCodeText: z.string(),
  ...ownerFields,
  resourceTypeId: z.number().int(),
  resourceId: z.number().int(),
  courseName: z.string(),
  discountPercentage: z.number().int(),
  validFrom: z.string(),
  validTo: z.string(),
  isActive: z.boolean(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdDate: z.string(),
  updatedDate: z.string(),
});
export type CouponRow = z.infer<typeof couponRowSchema>;
export const couponListSchema = pagedSchema(couponRowSchema);
export type CouponList = z.infer<typeof couponListSchema>;
export const couponListQuerySchema = pageQuerySchema;

export const couponIdParamSchema = z.object({ couponId: idParamSchema });

/** A test series the form offers (the spec's getAllCourses/{providerId}); price in rupees. */
export const couponSeriesOptionSchema = z.object({
  courseId: z.number().int(),
  code: z.string(),
  text: z.string(),
  price: z.number().nullable(),
});
export type CouponSeriesOption = z.infer<typeof couponSeriesOptionSchema>;

/** The active switch: POST /api/coupons/:couponId/activate {isActive}. */
export const couponActivateBodySchema = z.strictObject({ isActive: z.boolean() });

export const couponSavedSchema = z.object({ id: z.number().int(), message: z.string() });
