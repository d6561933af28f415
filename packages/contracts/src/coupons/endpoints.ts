import { z } from 'zod';
import { endpointGroup, messageSchema } from '../common';
import {
  couponActivateBodySchema,
  couponBodySchema,
  couponIdParamSchema,
  couponListQuerySchema,
  couponListSchema,
  couponSavedSchema,
  couponSeriesOptionSchema,
} from './schemas';

const view = { privilege: ['Coupon', 'ViewCoupon'] } as const;
/** Add and edit share AddCoupon (D7 names no update privilege for coupons). */
const add = { privilege: ['Coupon', 'AddCoupon'] } as const;
const toggle = { privilege: ['Coupon', 'Active/InactiveCoupon'] } as const;

/** Coupons (part 3 §7 "Coupons"): of the caller's provider only; the menu shows them to provider 0. */
export const couponEndpoints = endpointGroup('coupons', {
  list: {
    method: 'GET',
    path: '/api/coupons',
    summary: "One page of the caller's provider's coupons, newest first, with totalCount",
    access: view,
    query: couponListQuerySchema,
    response: couponListSchema,
  },
  series: {
    method: 'GET',
    path: '/api/coupons/test-series',
    summary: "The caller's provider's active test series a coupon can apply to",
    access: view,
    response: z.array(couponSeriesOptionSchema),
  },
  create: {
    method: 'POST',
    path: '/api/coupons',
    summary: "Creates a coupon for one of the caller's provider's test series",
    access: add,
    body: couponBodySchema,
    response: couponSavedSchema,
    status: 201,
  },
  update: {
    method: 'PUT',
    path: '/api/coupons/:couponId',
    summary: "Updates a coupon of the caller's provider",
    access: add,
    params: couponIdParamSchema,
    body: couponBodySchema,
    response: couponSavedSchema,
  },
  activate: {
    method: 'POST',
    path: '/api/coupons/:couponId/activate',
    summary: 'Turns a coupon on or off (the grid switch)',
    access: toggle,
    params: couponIdParamSchema,
    body: couponActivateBodySchema,
    response: messageSchema,
  },
});
