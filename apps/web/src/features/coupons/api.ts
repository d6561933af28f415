import { type CouponBody, couponEndpoints } from '@assess/contracts/coupons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useListQuery } from '../../lib/queries';

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
export function useSaveCoupon(couponId: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CouponBody) =>
      couponId === null
        ? call(couponEndpoints.create, { body })
        : call(couponEndpoints.update, { params: { couponId }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: couponKeys.all }),
  });
}

/** The grid's active switch. */
export function useSetCouponActive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ couponId, isActive }: { couponId: number; isActive: boolean }) =>
      call(couponEndpoints.activate, { params: { couponId }, body: { isActive } }),
    onSettled: () => qc.invalidateQueries({ queryKey: couponKeys.all }),
  });
}
