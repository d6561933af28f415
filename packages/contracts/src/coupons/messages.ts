import { accountsMessages } from '../auth/accounts';

/**
 * Coupon messages (part 3 §5 "Coupon", §8 "Coupons"). The first four are the spec's, word for word; the
 * others (ours) cover what the spec does not show and are listed in docs/FEATURES.md. The date rules reuse
 * the provider profile's validity messages (one concept, one message).
 */
export const couponMessages = {
  created: 'Coupon created Successfully',
  creationFailed: 'Coupon creation failed',
  fillRequired: 'Please fill the required fields.',
  discount: 'Please enter correct discount(1-100).',
  // Ours.
  updated: 'Coupon updated Successfully',
  updateFailed: 'Coupon update failed',
  activated: 'Coupon activated successfully',
  deactivated: 'Coupon deactivated successfully',
  codeLength: 'Coupon code must be 3 to 25 characters.',
  codeExists: 'Coupon code already exists.',
  dateInvalid: 'Please enter a valid date.',
  validFromPast: accountsMessages.validFromPast,
  validToPast: accountsMessages.validToPast,
  validOrder: accountsMessages.validOrder,
  seriesNotFound: 'Test series not found.',
  couponNotFound: 'Coupon not found.',
  // Price check (a future checkout shows these).
  notActive: 'This coupon is not active.',
  notYetValid: 'This coupon is not valid yet.',
  expired: 'This coupon has expired.',
  otherSeries: 'This coupon does not apply to this test series.',
  invalidPrice: 'This test series has no valid price.',
} as const;
