import { type CouponBody, couponEndpoints } from '@assess/contracts/coupons';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useListQuery, useRefreshingWrite } from '../../lib/queries';

/** Query keys of the coupons area. */
export const couponKeys = {
  all: ['coupons'] as const,
  list: (page: number, pageSize: number) => ['coupons', 'list', page, pageSize] as const,
  series: ['coupons', 'series'] as const,
};

export function useCouponList(page: number, pageSize: number) {
  return useListQuery(couponKeys.list(page, pageSize), () =>
    call(couponEndpoints.list, { query: { pageNumber: page, pageSize } }),
  );
}

/** The provider's test series the form offers. */
export function useCouponSeries() {
  return useQuery({ queryKey: couponKeys.series, queryFn: () => call(couponEndpoints.series) });
}

/** Create (couponId null) or update a coupon; the grid refreshes. */
export const useSaveCoupon = (couponId: number | null) =>
  useRefreshingWrite(
    (body: CouponBody) =>
      couponId === null
        ? call(couponEndpoints.create, { body })
        : call(couponEndpoints.update, { params: { couponId }, body }),
    [couponKeys.all],
  );

/** The grid's active switch. */
export const useSetCouponActive = () =>
  useRefreshingWrite(
    ({ couponId, isActive }: { couponId: number; isActive: boolean }) =>
      call(couponEndpoints.activate, { params: { couponId }, body: { isActive } }),
    [couponKeys.all],
    { evenOnFailure: true },
  );
