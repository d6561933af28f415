// Bulk update of tests (part 3 §2 "bulk update", §4, §5 "Bulk update of tests", §7 bulkUpdateTests, §8 "Bulk
// update (tests) validation"): a field, a value and the selected tests; the spec's messages in its order.
import { z } from 'zod';
import { bulkResultFields } from '../common/fields';
import { idSchema } from '../common/ints';
import { testMessages as m, TestStatus } from './common';

/** Fields the bar may change. Booleans use the spec's encoding: 2 yes, 1 no (part 3 §9). */
export const testBulkFields = [
  'status',
  'difficultyLevel',
  'showHint',
  'showBookmark',
  'navigationAllowed',
  'objective',
  'targetAudience',
] as const;
export type TestBulkField = (typeof testBulkFields)[number];

/** Fields the selector lists that are refused ('none' = not configured; test type can only be searched). */
export const testBulkRefusedFields = {
  none: m.bulkNotConfigured,
  code: m.bulkCode,
  testType: 'Cannot update test type',
} as const;
export type TestBulkSelectable = TestBulkField | keyof typeof testBulkRefusedFields;

export const testBulkFieldLabels: Record<TestBulkSelectable, string> = {
  none: 'Not configured',
  status: 'Status',
  difficultyLevel: 'Difficulty Level',
  showHint: 'Show Hint',
  showBookmark: 'Show Bookmark',
  navigationAllowed: 'Navigation Allowed',
  objective: 'Objective',
  targetAudience: 'Target Audience',
  code: 'Code',
  testType: 'Test Type',
};

/** Statuses a bulk update refuses, with the spec's message (§4: not Published, Scheduled or In Progress). */
export const testBulkRefusedStatuses: Record<number, string> = {
  [TestStatus.Published]: m.bulkPublished,
  [TestStatus.Scheduled]: m.bulkScheduled,
  [TestStatus.InProgress]: m.bulkInProgress,
};

/** The 1 no / 2 yes flag encoding of the spec (filters and bulk values). */
export const testYesNoSchema = z.union([z.literal(1), z.literal(2)]);
export const testYesNoNames = { 1: 'No', 2: 'Yes' } as const;

const valueSchemas: Record<TestBulkField, z.ZodType> = {
  status: z.union([z.literal(TestStatus.Draft), z.literal(TestStatus.Ready)]),
  difficultyLevel: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  showHint: testYesNoSchema,
  showBookmark: testYesNoSchema,
  navigationAllowed: testYesNoSchema,
  objective: z.array(idSchema).min(1).max(100),
  targetAudience: z.array(idSchema).min(1).max(100),
};

export const testBulkMessages = {
  invalidValue: 'Please select a valid value to update.',
  invalidObjective: 'Please select objectives of your own configuration.',
  invalidTargetAudience: 'Please select target audiences of your own configuration.',
  /** §8 "notes on unmet Ready criteria". */
  readyCriteriaNote: 'Tests that do not meet the Ready criteria were left in Draft.',
} as const;

/** The largest selection one request may carry (a page holds at most 100 rows; several pages may be picked). */
export const TEST_BULK_MAX = 1000;

const isEmptyValue = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** §5/§8: the bar's checks in the spec's order (field, tests, values); null when the request may run. */
export function testBulkIssue(b: {
  field: string;
  value?: unknown;
  testIds: readonly number[];
}): string | null {
  if (!b.field) return m.bulkNoField;
  if (b.field in testBulkRefusedFields)
    return testBulkRefusedFields[b.field as keyof typeof testBulkRefusedFields];
  if (!(testBulkFields as readonly string[]).includes(b.field)) return m.bulkNoField;
  if (b.testIds.length === 0) return m.bulkNoTests;
  if (isEmptyValue(b.value)) return m.bulkNoValue;
  if (b.field === 'status' && typeof b.value === 'number' && testBulkRefusedStatuses[b.value])
    return testBulkRefusedStatuses[b.value];
  if (!valueSchemas[b.field as TestBulkField].safeParse(b.value).success)
    return testBulkMessages.invalidValue;
  return null;
}

/** POST /api/tests/bulk-update (the spec's bulkUpdateTests?option&value with the ids in the body). */
export const testBulkUpdateSchema = z
  .object({
    testIds: z.array(idSchema).max(TEST_BULK_MAX).default([]),
    field: z.string().max(40).default(''),
    value: z.union([z.number(), z.string(), z.array(z.number()), z.null()]).optional(),
  })
  .superRefine((b, ctx) => {
    const issue = testBulkIssue(b);
    if (issue) ctx.addIssue({ code: 'custom', message: issue, path: [] });
  });
export type TestBulkUpdateInput = z.input<typeof testBulkUpdateSchema>;
export type TestBulkUpdate = z.output<typeof testBulkUpdateSchema>;

/**
 * §7/§8: 'Test(s) updated successfully' with the selection's counts afterwards (total, ready, draft); a test
 * asked to become Ready that stays Draft did not meet the Ready criteria (`note`).
 */
export const testBulkResultSchema = z.object(bulkResultFields);
export type TestBulkResult = z.infer<typeof testBulkResultSchema>;
