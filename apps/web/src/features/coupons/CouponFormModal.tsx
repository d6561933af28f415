import {
  type CouponBody,
  type CouponFormInput,
  type CouponRow,
  dayInZone,
  couponMessages as m,
  makeCouponFormSchema,
} from '@assess/contracts/coupons';
import { zodResolver } from '@hookform/resolvers/zod';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { useMemo, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { AppModal, FormSelect, FormText, useCloseAfterSuccess, useToast } from '../../components';
import { FormDay } from '../../components/DateField';
import { isApiError } from '../../lib/api';
import { useCouponSeries, useSaveCoupon } from './api';

/** The dialog closes 2 s after a successful save (part 3 §9). */
const CLOSE_MS = 2000;
const fieldOrder = ['couponCodeText', 'discountPercentage', 'resourceId', 'validFrom', 'validTo'] as const;

const valuesOf = (c: CouponRow | null): CouponFormInput => ({
  couponCodeText: c?.couponCodeText ?? '',
  discountPercentage: c ? String(c.discountPercentage) : '',
  resourceId: c?.resourceId ?? '',
  validFrom: c?.validFrom ?? '',
  validTo: c?.validTo ?? '',
  isActive: c?.isActive ?? true,
});

/** Coupon Form (part 3 §2 "Coupons", §5 "Coupon"): add when `coupon` is null, else edit it. */
/** The validity days: from and to. */
const validity = [
  ['validFrom', 'Valid From'],
  ['validTo', 'Valid To'],
] as const;

export function CouponFormModal({ coupon, onClose }: { coupon: CouponRow | null; onClose: () => void }) {
  const toast = useToast();
  const series = useCouponSeries();
  const save = useSaveCoupon(coupon?.id ?? null);
  const closeLater = useCloseAfterSuccess(onClose, CLOSE_MS);
  const [done, setDone] = useState(false);
  const today = useMemo(() => dayInZone(new Date()), []);
  const schema = useMemo(
    () =>
      makeCouponFormSchema({
        today,
        original: coupon ? { validFrom: coupon.validFrom, validTo: coupon.validTo } : undefined,
      }),
    [today, coupon],
  );
  const form = useForm<CouponFormInput, unknown, CouponBody>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(coupon),
  });
  const options = useMemo(() => {
    const list = series.data ?? [];
    // a coupon on a series that is no longer offered still shows its series
    return coupon && !list.some((s) => s.courseId === coupon.resourceId)
      ? [...list, { courseId: coupon.resourceId, code: '', text: coupon.courseName, price: null }]
      : list;
  }, [series.data, coupon]);

  const onValid = (body: CouponBody) =>
    save.mutate(body, {
      onSuccess: (res) => {
        toast.success(res.message);
        setDone(true);
        closeLater();
      },
      onError: (e) =>
        toast.error(isApiError(e) && e.status !== 0 ? e.message : coupon ? m.updateFailed : m.creationFailed),
    });
  const onInvalid = (errors: FieldErrors<CouponFormInput>) => {
    const first = fieldOrder.map((f) => errors[f]?.message).find(Boolean);
    toast.error(first ?? m.fillRequired);
  };
  const minDay = (original: string | undefined) => (original && original < today ? original : today);

  return (
    <AppModal
      open
      onClose={onClose}
      dirty={form.formState.isDirty && !done}
      title="Coupon Form"
      showCancel
      okText="Save"
      onOk={form.handleSubmit(onValid, onInvalid)}
      okLoading={save.isPending}
      okDisabled={done}
      disableClose={save.isPending}
    >
      <Grid
        container
        spacing={2}
        component="form"
        noValidate
        onSubmit={form.handleSubmit(onValid, onInvalid)}
      >
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormText control={form.control} name="couponCodeText" label="Coupon Code" required />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormText
            control={form.control}
            name="discountPercentage"
            label="Discount (%)"
            type="number"
            required
            inputProps={{ min: 1, max: 100, step: 1 }}
          />
        </Grid>
        <Grid size={12}>
          <FormSelect
            control={form.control}
            name="resourceId"
            label="Test Series"
            required
            onSelect={(raw, set) => set(raw === '' ? '' : Number(raw))}
          >
            {options.map((s) => (
              <MenuItem key={s.courseId} value={s.courseId}>
                {s.text}
                {s.price !== null ? ` (₹${s.price})` : ''}
              </MenuItem>
            ))}
          </FormSelect>
        </Grid>
        {validity.map(([name, label]) => (
          <Grid key={name} size={{ xs: 12, sm: 6 }}>
            <FormDay control={form.control} name={name} label={label} required min={minDay(coupon?.[name])} />
          </Grid>
        ))}
      </Grid>
    </AppModal>
  );
}
