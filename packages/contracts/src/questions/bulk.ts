// Bulk update of questions and topic re-mapping (part 2 §2 bulk-update bar, §5, §7, §8).
import { z } from 'zod';
import { bulkResultFields } from '../common/fields';
import { idSchema } from '../common/ints';
import { BULK_MAX_QUESTIONS, DURATION_MAX_SECONDS, POINTS_MAX } from './codes';
import { questionMessages as m } from './messages';
import { choiceFormatSchema, difficultySchema, questionStatusSchema } from './schemas';

/* ---------- bulk update (§2 bulk-update bar, §5, §8) ---------- */

/** Fields the bulk bar may change. */
export const bulkUpdatableFields = [
  'status',
  'difficultyLevel',
  'points',
  'negativePoints',
  'objective',
  'targetAudience',
  'isLocked',
  'expiryDate',
  'duration',
  'choiceFormat',
] as const;
export type BulkUpdatableField = (typeof bulkUpdatableFields)[number];
/** Fields the selector lists that are refused with the spec's messages ('none' = not configured). */
export const bulkRefusedFields = {
  none: m.bulkNotConfigured,
  code: m.bulkCode,
  contentType: m.bulkContentType,
  questionType: m.bulkQuestionType,
} as const;
export type BulkField = BulkUpdatableField | keyof typeof bulkRefusedFields;
export const bulkFieldLabels: Record<BulkField, string> = {
  none: 'Not configured',
  status: 'Status',
  difficultyLevel: 'Difficulty Level',
  points: 'Points',
  negativePoints: 'Negative Points',
  objective: 'Objective',
  targetAudience: 'Target Audience',
  isLocked: 'Lock',
  expiryDate: 'Expiry Date',
  duration: 'Duration',
  choiceFormat: 'Choice Format',
  code: 'Code',
  contentType: 'Content Type',
  questionType: 'Question Type',
};

const bulkValueSchemas: Record<BulkUpdatableField, z.ZodType> = {
  status: questionStatusSchema,
  difficultyLevel: difficultySchema,
  points: z.number().min(0).max(POINTS_MAX),
  negativePoints: z.number().min(-POINTS_MAX).max(0),
  objective: z.array(idSchema).min(1).max(100),
  targetAudience: z.array(idSchema).min(1).max(100),
  isLocked: z.boolean(),
  expiryDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  duration: z.number().int().min(0).max(DURATION_MAX_SECONDS),
  choiceFormat: choiceFormatSchema,
};

const isEmptyValue = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** §5: the bulk bar's checks in the spec's order; null when the request may run. */
export function bulkUpdateIssue(b: {
  field: string;
  value?: unknown;
  questionIds: readonly number[];
}): string | null {
  if (!b.field) return m.bulkSelectField;
  if (b.field in bulkRefusedFields) return bulkRefusedFields[b.field as keyof typeof bulkRefusedFields];
  if (!(bulkUpdatableFields as readonly string[]).includes(b.field)) return m.bulkSelectField;
  if (isEmptyValue(b.value)) return m.bulkSelectValues;
  if (b.questionIds.length === 0) return m.bulkSelectQuestions;
  if (!bulkValueSchemas[b.field as BulkUpdatableField].safeParse(b.value).success) return m.bulkInvalidValue;
  return null;
}

/** POST /api/questions/bulk-update (the spec's bulkQuestionsUpdate?option&value with the ids in the body). */
export const bulkUpdateSchema = z
  .object({
    questionIds: z.array(idSchema).max(BULK_MAX_QUESTIONS).default([]),
    field: z.string().max(40).default(''),
    value: z.union([z.number(), z.string(), z.boolean(), z.array(z.number()), z.null()]).optional(),
  })
  .superRefine((b, ctx) => {
    const issue = bulkUpdateIssue(b);
    if (issue) ctx.addIssue({ code: 'custom', message: issue, path: [] });
  });
export type BulkUpdateInput = z.input<typeof bulkUpdateSchema>;
export type BulkUpdate = z.output<typeof bulkUpdateSchema>;

/**
 * §8 object answer: 'Question(s) updated successfully' with the selected questions' statuses after the
 * update (totalCount = selected). `note` carries the spec's "criteria may not be met" text when some
 * selected questions were left as they were (Published, or not meeting the Ready/Publish criteria).
 */
export const bulkUpdateResultSchema = z.object({
  ...bulkResultFields,
  publishedCount: z.number().int(),
});
export type BulkUpdateResult = z.infer<typeof bulkUpdateResultSchema>;

/**
 * How the console reports a bulk update: green only when every selected question changed; a warning when some
 * were left as they were, and when none changed (then it leads with 'No question was changed.').
 */
export function bulkResultReport(r: BulkUpdateResult): { tone: 'success' | 'warning'; text: string } {
  const counts = `${r.message}: total ${r.totalCount}, published ${r.publishedCount}, ready ${r.readyCount}, draft ${r.draftCount}`;
  const note = r.note ? `. ${r.note}` : '';
  if (r.updatedCount === 0) return { tone: 'warning', text: `${m.bulkNothingChanged} ${counts}${note}` };
  return { tone: r.unchangedCount ? 'warning' : 'success', text: `${counts}${note}` };
}

/** POST /api/questions/bulk-topic-mapping (§7 bulkUpdateTopicQuestionMapping): move the questions to one topic. */
export const bulkTopicMappingSchema = z.object({
  topicId: idSchema,
  questionIds: z
    .array(idSchema)
    .max(BULK_MAX_QUESTIONS)
    .refine((v) => v.length > 0, m.bulkSelectQuestions),
});
export type BulkTopicMapping = z.output<typeof bulkTopicMappingSchema>;
export const bulkTopicMappingResultSchema = z.object({ message: z.string(), updatedCount: z.number().int() });
