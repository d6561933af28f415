import { Package, ProviderType, type ProviderTypeId } from '../access/codes';
import { type RoleId, rolesByProviderType } from '../access/roles';

/** Part 3 §9: provider lists use a default page size of 1000 (the smaller sizes stay on offer). */
export const PROVIDER_PAGE_SIZE = 1000;
export const PROVIDER_PAGE_SIZES = [10, 30, 50, 100, 1000] as const;
/** Part 3 §9: the licence grid's default page size is 10, options 10, 30, 50, 100. */
export const LICENCE_PAGE_SIZE = 10;
export const LICENCE_PAGE_SIZES = [10, 30, 50, 100] as const;
/** Part 3 §8: the licence dialog closes 2.5 s after 'Changes added successfully.'. */
export const LICENCE_SAVED_CLOSE_MS = 2500;

/** Part 3 §5 / §9: names, details and addresses at least 3 characters, details at most 200. */
export const PROVIDER_TEXT_MIN = 3;
export const PROVIDER_DETAILS_MAX = 200;
/** Licences one provider may hold for one test series (ours: the spec gives no upper bound). */
export const MAX_PROCURE_COUNT = 1_000_000;
/** Dummy students added to a new Content Partner (part 3 §4; the number is ours). */
export const DUMMY_STUDENT_COUNT = 5;

/** Packages the wizard offers (§5: Silver 1, Gold 2, Platinum 3). */
export const wizardPackageIds = [Package.Silver, Package.Gold, Package.Platinum] as const;
export const wizardProviderTypeIds = [
  ProviderType.ERP,
  ProviderType.ContentPartner,
  ProviderType.Subscriber,
  ProviderType.SimplifiedTest,
  ProviderType.Aggregator,
] as const;

/** §1 / §6: Simplified Test (4) and Aggregator (5) providers require the Platinum package. */
export const needsPlatinum = (providerTypeId: number) =>
  providerTypeId === ProviderType.SimplifiedTest || providerTypeId === ProviderType.Aggregator;

/** §5: content providers are mandatory for Subscribers (3) and Aggregators (5). */
export const needsContentProviders = (providerTypeId: number) =>
  providerTypeId === ProviderType.Subscriber || providerTypeId === ProviderType.Aggregator;

/**
 * The role of the admin user the wizard creates: the first role allowed for the provider type (ERP Super
 * User, Content Partner Content Publisher, Subscriber Administrator, Aggregator Aggregator, Simplified
 * Test Super User (Simplified Test)).
 */
export const adminRoleOf = (providerTypeId: ProviderTypeId): RoleId => rolesByProviderType[providerTypeId][0];

/**
 * §6: the subscriptions (distributor) dialog may edit when the row or the current user is an Aggregator.
 */
export const canEditSubscriptions = (rowProviderTypeId: number, callerProviderTypeId: number) =>
  rowProviderTypeId === ProviderType.Aggregator || callerProviderTypeId === ProviderType.Aggregator;

// ---------------------------------------------------------------------------------------------------
// Validity dates. The console sends each chosen day as an instant with the user's offset
// (`2026-03-01T00:00:00+05:30` for Valid From, the end of the day for Valid To), so both sides can read
// the calendar day the user picked and "today" in the user's zone.

const OFFSET_RE = /(Z|([+-])(\d{2}):?(\d{2}))$/;

/** The calendar day (yyyy-mm-dd) written in an ISO instant. */
export const dayOf = (iso: string) => iso.slice(0, 10);

/** Today (yyyy-mm-dd) in the zone of the offset an ISO instant carries. */
export function todayAtOffsetOf(iso: string, now: Date): string {
  const m = OFFSET_RE.exec(iso);
  const minutes = !m || m[1] === 'Z' ? 0 : (m[2] === '-' ? -1 : 1) * (Number(m[3]) * 60 + Number(m[4]));
  return new Date(now.getTime() + minutes * 60_000).toISOString().slice(0, 10);
}

const sameInstant = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && new Date(a).getTime() === new Date(b).getTime();

/**
 * §5 "minimum today": a newly chosen Valid From or Valid To may not lie before today in the user's zone.
 * A stored value that is not changed (editing an existing provider) stays as it is.
 */
export function validityPastIssues(
  v: { validFrom: string; validTo: string },
  now: Date,
  stored?: { validFrom: string | null; validTo: string | null },
): { path: 'validFrom' | 'validTo'; which: 'from' | 'to' }[] {
  const issues: { path: 'validFrom' | 'validTo'; which: 'from' | 'to' }[] = [];
  const past = (iso: string) => dayOf(iso) < todayAtOffsetOf(iso, now);
  if (!sameInstant(v.validFrom, stored?.validFrom) && past(v.validFrom))
    issues.push({ path: 'validFrom', which: 'from' });
  if (!sameInstant(v.validTo, stored?.validTo) && past(v.validTo))
    issues.push({ path: 'validTo', which: 'to' });
  return issues;
}
