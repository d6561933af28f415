import { z } from 'zod';
import { codeNameFields, ownerFields } from '../common/fields';
import { idSchema } from '../common/ints';
import { licenceProvisionMessages as m } from './messages';
import { MAX_PROCURE_COUNT } from './rules';

/**
 * Provision Licenses (part 3 §2, §3 "Provider resource mapping", §5 "Licence allocation", §7). A mapping
 * gives a provider `studentsCount` student licences for one test series (resource type 3). The platform
 * owner procures licences for an aggregator (its pool); the aggregator provisions them to its subscribers
 * from that pool.
 */
export const RESOURCE_TYPE_TEST_SERIES = 3;

/**
 * How the caller may allocate licences to a provider: `procure` (the platform owner for an aggregator, no
 * upper bound), `provision` (an aggregator for one of its subscribers, within its pool), `view` (read only).
 */
export const AllocationMode = { Procure: 'procure', Provision: 'provision', View: 'view' } as const;
export type AllocationModeValue = (typeof AllocationMode)[keyof typeof AllocationMode];

/** One row of the allocation grid: Content Partner, Test Series, License Available, Procure License. */
export const allocationRowSchema = z.object({
  resourceId: z.number().int(),
  contentPartnerId: z.number().int(),
  contentPartnerName: z.string(),
  courseCode: z.string(),
  courseName: z.string(),
  /** License Available: licences of the pool not yet provisioned (null: no pool, the owner procures). */
  licenseStudentsCount: z.number().int().nullable(),
  /** Procure License: the licences the provider holds now. */
  procureStudentsCount: z.number().int(),
  /** Licences already in use (assigned students, and for a pool what its subscribers hold): the floor. */
  assignedStudentsCount: z.number().int(),
});
export type AllocationRow = z.infer<typeof allocationRowSchema>;

export const allocationSchema = z.object({
  ...ownerFields,
  mode: z.enum([AllocationMode.Procure, AllocationMode.Provision, AllocationMode.View]),
  rows: z.array(allocationRowSchema),
});
export type Allocation = z.infer<typeof allocationSchema>;

/** §5: a selected row needs a numeric procure count (whole, 0 to 1,000,000). */
export const procureCountSchema = z
  .number({ error: m.required })
  .int(m.countRange)
  .min(0, m.countRange)
  .max(MAX_PROCURE_COUNT, m.countRange);

/** The grid's text input as a count: 'Required' when empty or not a number, else the range rule. */
export function procureCountError(input: string): string | null {
  const t = input.trim();
  if (t === '' || !/^-?\d+(\.\d+)?$/.test(t)) return m.required;
  const r = procureCountSchema.safeParse(Number(t));
  return r.success ? null : (r.error.issues[0]?.message ?? m.countRange);
}

/** §5: aggregators may select a row only when licences are available (in the pool, or already held). */
export const isAllocationRowSelectable = (row: AllocationRow, mode: AllocationModeValue) =>
  mode === AllocationMode.Procure ||
  (mode === AllocationMode.Provision &&
    ((row.licenseStudentsCount ?? 0) > 0 || row.procureStudentsCount > 0));

export const saveAllocationBodySchema = z
  .strictObject({
    mappings: z
      .array(z.strictObject({ resourceId: idSchema, studentsCount: procureCountSchema }))
      .min(1, m.selectRows)
      .max(1000),
  })
  .refine((b) => new Set(b.mappings.map((x) => x.resourceId)).size === b.mappings.length, {
    path: ['mappings'],
    message: m.duplicateSeries,
  });
export type SaveAllocationBody = z.infer<typeof saveAllocationBodySchema>;

/** An aggregator's subscribers (the providers it created), to provision licences to. */
export const subscriberOptionSchema = z.object({ providerId: z.number().int(), name: z.string() });
export type SubscriberOption = z.infer<typeof subscriberOptionSchema>;

/** §2 aggregator transactions: content partner → test series → subscribers (name, studentCount, createdDate). */
export const transactionSubscriberSchema = z.object({
  providerId: z.number().int(),
  name: z.string(),
  studentCount: z.number().int(),
  createdDate: z.string(),
});
export const transactionCourseSchema = z.object({
  courseId: z.number().int(),
  ...codeNameFields,
  subscribers: z.array(transactionSubscriberSchema),
});
export const transactionPartnerSchema = z.object({
  contentPartnerId: z.number().int(),
  contentPartnerName: z.string(),
  courses: z.array(transactionCourseSchema),
});
export const transactionsSchema = z.array(transactionPartnerSchema);
export type TransactionPartner = z.infer<typeof transactionPartnerSchema>;

/** §3 aggregator summary. */
export const aggregatorSummarySchema = z.object({
  totalProvidersCount: z.number().int(),
  provisionedLicensesCount: z.number().int(),
  assignedLicensesCount: z.number().int(),
  totalProductsCount: z.number().int(),
});
export type AggregatorSummary = z.infer<typeof aggregatorSummarySchema>;
