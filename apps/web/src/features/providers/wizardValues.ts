import {
  type AdminUserForm,
  dayOf,
  type ProviderDetail,
  type ProviderFormOptions,
  type ProviderInfoForm,
} from '@assess/contracts/providers';
import dayjs from 'dayjs';
import { textsOf } from '../../lib/formValues';

/** A day chosen in a date input (yyyy-mm-dd) as the instant the API takes: start or end of that local day. */
export const dayToInstant = (day: string, edge: 'start' | 'end') =>
  day ? (edge === 'start' ? dayjs(day).startOf('day') : dayjs(day).endOf('day')).format() : '';
/** An instant as the local day for a date input. */
export const instantToDay = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD') : '');
/** Today as yyyy-mm-dd in the user's zone (the date inputs' minimum). */
export const todayDay = () => dayjs().format('YYYY-MM-DD');
/** An instant with the user's offset, so the server reads the chosen day (ISO from the API is UTC). */
const localInstant = (iso: string | null) => (iso ? dayjs(iso).format() : '');

/** Step 1 for a new provider; an aggregator's choices are fixed (Subscriber, its package). */
export function emptyProviderInfo(options: ProviderFormOptions | undefined): ProviderInfoForm {
  const single = (ids: number[] | undefined) => (ids?.length === 1 ? ids[0] : 0);
  return {
    name: '',
    detailedName: '',
    address: '',
    email: '',
    mobile: '',
    website: '',
    phone: '',
    packageId: options?.inheritedPackageId ?? single(options?.packageIds),
    providerTypeId: single(options?.providerTypeIds),
    contentCuratorIds: [],
    validFrom: '',
    validTo: '',
  };
}

export const emptyAdminUser = (): AdminUserForm => ({
  firstName: '',
  lastName: '',
  email: '',
  mobile: '',
  address: '',
  password: '',
  confirmPassword: '',
});

/** Step 1 of an existing provider (the edit dialog). */
export const providerInfoOf = (p: ProviderDetail): ProviderInfoForm => ({
  name: p.name,
  ...textsOf(p, ['detailedName', 'address', 'email', 'mobile', 'website', 'phone']),
  packageId: p.packageId,
  providerTypeId: p.providerTypeId,
  contentCuratorIds: p.contentCuratorIds,
  validFrom: localInstant(p.validFrom),
  validTo: localInstant(p.validTo),
});

/** Step 2 of an existing provider: the admin user's details; the password stays empty (D1). */
export const adminUserOf = (p: ProviderDetail): AdminUserForm => ({
  firstName: p.adminUser?.firstName ?? '',
  lastName: p.adminUser?.lastName ?? '',
  email: p.adminUser?.email ?? '',
  mobile: p.adminUser?.mobile ?? '',
  address: p.adminUser?.address ?? '',
  password: '',
  confirmPassword: '',
});

/** The day part of a stored instant, to compare what the user changed. */
export const storedDay = (iso: string | null) => (iso ? dayOf(localInstant(iso)) : '');
