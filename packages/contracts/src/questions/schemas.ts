// Schemas of the question bank: one schema per concept, used by the console's forms and the API's routes.
import { z } from 'zod';
import { lockFields, ownerFields } from '../common/fields';
import { idParamSchema, idSchema, intParamSchema, intSchema, optionalQuery } from '../common/ints';
import { gridPageQuerySchema, pagedSchema } from '../common/paging';
import {
  CHOICE_TEXT_MAX,
  ContentFilter,
  contentTypeIds,
  DEFAULT_CHOICE_FORMAT,
  DURATION_MAX_SECONDS,
  difficultyIds,
  FEEDBACK_MAX,
  MAX_CHOICE_FORMAT,
  MAX_CHOICES,
  MAX_TOPICS_PER_QUESTION,
  MIN_CHOICE_FORMAT,
  newQuestionDefaults,
  POINTS_MAX,
  QUESTION_CODE_MAX,
  QUESTION_TEXT_MAX,
  questionStatusIds,
  questionTypeIds,
} from './codes';
import { questionMessages as m } from './messages';
import { createIssue, questionCodeIssue, updateIssue } from './rules';

/* ---------- field schemas ---------- */

const literalOf = <const T extends readonly number[]>(ids: T, message?: string) =>
  z.union(
    ids.map((id) => z.literal(id)) as unknown as [z.ZodLiteral<T[number]>, ...z.ZodLiteral<T[number]>[]],
    {
      error: message,
    },
  );

export const questionTypeSchema = literalOf(questionTypeIds);
export const contentTypeSchema = literalOf(contentTypeIds);
export const questionStatusSchema = literalOf(questionStatusIds);
export const difficultySchema = literalOf(difficultyIds);
export const choiceFormatSchema = z.number().int().min(MIN_CHOICE_FORMAT).max(MAX_CHOICE_FORMAT);

/** §5 code: trimmed; letters, digits, '-' and '_', at most 20 ('' = missing, reported by the mandatory rule). */
export const questionCodeSchema = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    const issue = v === '' ? null : questionCodeIssue(v);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  });

/** Optional text: '' or only spaces becomes null; otherwise stored as typed (LaTeX stays as written). */
export const optionalTextSchema = (max: number) =>
  z
    .string()
    .max(max, m.textTooLong)
    .nullish()
    .transform((v) => (v?.trim() ? v : null));

/** An uploaded question image (the id POST /api/question-bank/images answered), or null. */
export const imageIdSchema = idSchema.nullish().transform((v) => v ?? null);

/** §5: an empty objective or target audience list is sent (and stored) as null. */
export const configIdListSchema = z
  .array(idSchema)
  .max(100)
  .nullish()
  .transform((v) => (v?.length ? [...new Set(v)] : null));

/** yyyy-mm-dd, or null. */
export const isoDaySchema = z
  .string()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine(
    (v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))),
    m.invalidDate,
  );

export const choiceSchema = z.object({
  text: optionalTextSchema(CHOICE_TEXT_MAX),
  image: imageIdSchema,
  /** Issue 26: percentage of the points this choice earns when chosen (partial credit); null: all or nothing. */
  weight: z
    .number({ error: m.weightRange })
    .min(-100, m.weightRange)
    .max(100, m.weightRange)
    .nullish()
    .transform((v) => v ?? null),
  /** Issue 26: shown with the evaluation when the student chose this choice (plain text). */
  feedback: optionalTextSchema(FEEDBACK_MAX),
});
export type ChoiceInput = z.input<typeof choiceSchema>;

/* ---------- question create / update (§3, §4, §5) ---------- */

const questionFields = {
  code: questionCodeSchema,
  questionType: questionTypeSchema.default(newQuestionDefaults.questionType),
  contentType: contentTypeSchema.default(newQuestionDefaults.contentType),
  choiceFormat: choiceFormatSchema.default(DEFAULT_CHOICE_FORMAT),
  difficultyLevel: difficultySchema.default(newQuestionDefaults.difficultyLevel),
  points: z.number().min(0, m.pointsRange).max(POINTS_MAX).default(0),
  negativePoints: z.number().min(-POINTS_MAX).max(0, m.negativePointsRange).default(0),
  objective: configIdListSchema,
  targetAudience: configIdListSchema,
  /** New questions are Draft or Ready; Published only from a stored Ready (statusChangeIssue). */
  status: questionStatusSchema.default(newQuestionDefaults.status),
  isLocked: z.boolean().default(false),
  expiryDate: isoDaySchema,
  /** Seconds. */
  duration: z
    .number()
    .int()
    .min(0, m.durationRange)
    .max(DURATION_MAX_SECONDS, m.durationRange)
    .nullish()
    .transform((v) => v ?? null),
  text: optionalTextSchema(QUESTION_TEXT_MAX),
  image: imageIdSchema,
  solutionText: optionalTextSchema(QUESTION_TEXT_MAX),
  solutionImage: imageIdSchema,
  paragraphText: optionalTextSchema(QUESTION_TEXT_MAX),
  paragraphImage: imageIdSchema,
  hint: optionalTextSchema(QUESTION_TEXT_MAX),
  passFeedback: optionalTextSchema(FEEDBACK_MAX),
  failFeedback: optionalTextSchema(FEEDBACK_MAX),
  masteryFeedback: optionalTextSchema(FEEDBACK_MAX),
  /** Issue 26: shown with the evaluation when a weighted answer earned part of the points (Moodle's). */
  partialFeedback: optionalTextSchema(FEEDBACK_MAX),
  /** Up to 6 (choiceId01..06 = positions 1..6); True/False gets its fixed pair, Numerical none. */
  choices: z.array(choiceSchema).max(MAX_CHOICES, m.tooManyChoices).default([]),
  /** Correct choice ids (1-based positions): MCQ one or more, SCQ and True/False one. */
  correctChoices: z.array(intSchema).max(MAX_CHOICES, m.tooManyChoices).default([]),
  /** The answer of a Numerical question. */
  numericAnswer: z
    .number({ error: m.numericalAnswerNumber })
    .nullish()
    .transform((v) => v ?? null),
  /** Numerical: answers within this absolute distance are right (issue 27); none or 0 = exact. */
  tolerance: z
    .number({ error: m.toleranceRange })
    .min(0, m.toleranceRange)
    .nullish()
    .transform((v) => v ?? null),
  /** §2: several topics per question (own topics only). */
  topicIds: z
    .array(idSchema)
    .max(MAX_TOPICS_PER_QUESTION)
    .default([])
    .transform((v) => [...new Set(v)]),
};

/** POST /api/questions (the Create Question dialog). */
export const questionCreateSchema = z.object(questionFields).superRefine((q, ctx) => {
  const issue = createIssue(q);
  if (issue) ctx.addIssue({ code: 'custom', message: issue, path: [] });
});
export type QuestionCreateInput = z.input<typeof questionCreateSchema>;
export type QuestionCreate = z.output<typeof questionCreateSchema>;

/**
 * PUT /api/questions/:questionId (the Update Question dialog): the same fields plus `version`, the version
 * the editor loaded (a stale one is refused with 409). Code, type and content type must stay as stored.
 */
export const questionUpdateSchema = z
  .object({ ...questionFields, version: idSchema })
  .superRefine((q, ctx) => {
    const issue = updateIssue(q);
    if (issue) ctx.addIssue({ code: 'custom', message: issue, path: [] });
  });
export type QuestionUpdateInput = z.input<typeof questionUpdateSchema>;
export type QuestionUpdate = z.output<typeof questionUpdateSchema>;

export const questionIdParamSchema = z.object({ questionId: idParamSchema });

export const choiceOutSchema = z.object({
  /** 1..6 */
  choiceId: z.number().int(),
  /** As the question's choice format labels it: '(a)', 'B.', 'iii)' ... */
  label: z.string(),
  text: z.string().nullable(),
  image: z.number().int().nullable(),
});
export type ChoiceView = z.infer<typeof choiceOutSchema>;
/** A choice in the Update Question dialog: also its weight (issue 26; null: all or nothing) and feedback. */
export const choiceDetailSchema = choiceOutSchema.extend({
  weight: z.number().nullable(),
  feedback: z.string().nullable(),
});
export type ChoiceDetail = z.infer<typeof choiceDetailSchema>;

/** A topic a question is mapped to, with the names of its path (category › … › topic). */
export const questionTopicSchema = z.object({
  topicId: z.number().int(),
  name: z.string(),
  pathNames: z.array(z.string()),
});

/** GET /api/questions/:questionId: everything the Update Question dialog needs. */
export const questionDetailSchema = z.object({
  questionId: z.number().int(),
  ...ownerFields,
  /** The caller's provider owns it (else it is subscribed content, read-only). */
  owned: z.boolean(),
  /** Not editable by the caller: another provider's, or Published. */
  readOnly: z.boolean(),
  code: z.string(),
  questionType: questionTypeSchema,
  contentType: contentTypeSchema,
  choiceFormat: z.number().int(),
  difficultyLevel: difficultySchema,
  points: z.number(),
  negativePoints: z.number(),
  objective: z.array(z.number().int()).nullable(),
  targetAudience: z.array(z.number().int()).nullable(),
  status: questionStatusSchema,
  isActive: z.boolean(),
  ...lockFields,
  lockedDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  duration: z.number().int().nullable(),
  languageId: z.number().int(),
  text: z.string().nullable(),
  image: z.number().int().nullable(),
  solutionText: z.string().nullable(),
  solutionImage: z.number().int().nullable(),
  paragraphText: z.string().nullable(),
  paragraphImage: z.number().int().nullable(),
  hint: z.string().nullable(),
  passFeedback: z.string().nullable(),
  failFeedback: z.string().nullable(),
  masteryFeedback: z.string().nullable(),
  partialFeedback: z.string().nullable(),
  choices: z.array(choiceDetailSchema),
  correctChoices: z.array(z.number().int()),
  numericAnswer: z.number().nullable(),
  tolerance: z.number().nullable(),
  topicIds: z.array(z.number().int()),
  topics: z.array(questionTopicSchema),
  /** Optimistic concurrency: send it back in the update body. */
  version: z.number().int(),
  /** The immutable version row of what is stored now (attempts reference it). */
  currentVersionId: z.number().int(),
  createdBy: z.number().int().nullable(),
  createdDate: z.string(),
  updatedBy: z.number().int().nullable(),
  updatedDate: z.string(),
});
export type QuestionDetail = z.infer<typeof questionDetailSchema>;

/** Answer of create / update / publish: the message and the question as stored. */
export const questionSavedSchema = z.object({ message: z.string(), question: questionDetailSchema });
export type QuestionSaved = z.infer<typeof questionSavedSchema>;

/* ---------- grid (§2 Question list, §7 GET /api/Questions) ---------- */

/** '' or nothing → undefined; otherwise a number (query strings). */
const optionalIntQuery = optionalQuery(intParamSchema);
const optionalNumberQuery = optionalQuery(z.coerce.number());

export const questionGridQuerySchema = gridPageQuerySchema.extend({
  /** 0 All (own + subscribed), 1 Owned, 2 Subscribed (content providers' Published questions). */
  contentFilter: intParamSchema.min(0).max(2).default(ContentFilter.All),
  /** A topic or category node: the questions of every topic below it are included. */
  topicId: optionalIntQuery,
  /** Alternative to topicId for a category node. */
  categoryId: optionalIntQuery,
  difficultyLevel: optionalIntQuery,
  points: optionalNumberQuery,
  status: optionalIntQuery,
  /** A configuration value id: questions whose objective list holds it. */
  objective: optionalIntQuery,
  targetAudience: optionalIntQuery,
  /** Part of the code (case-insensitive). */
  code: z
    .string()
    .trim()
    .max(QUESTION_CODE_MAX)
    .optional()
    .transform((v) => v || undefined),
  contentType: optionalIntQuery,
  questionType: optionalIntQuery,
});
export type QuestionGridQueryInput = z.input<typeof questionGridQuerySchema>;
export type QuestionGridQuery = z.output<typeof questionGridQuerySchema>;

export const questionGridRowSchema = z.object({
  questionId: z.number().int(),
  code: z.string(),
  /** As stored (HTML sanitised; LaTeX as typed); null for an image-based question. */
  text: z.string().nullable(),
  image: z.number().int().nullable(),
  questionType: questionTypeSchema,
  contentType: contentTypeSchema,
  status: questionStatusSchema,
  difficultyLevel: difficultySchema,
  points: z.number(),
  isLocked: z.boolean(),
  ...ownerFields,
  owned: z.boolean(),
  version: z.number().int(),
});
export type QuestionGridRow = z.infer<typeof questionGridRowSchema>;
export const questionGridSchema = pagedSchema(questionGridRowSchema);
export type QuestionGrid = z.infer<typeof questionGridSchema>;

/* ---------- preview (§2 Question preview dialog) ---------- */

/** What a learner sees: no answer, no solution, no code of the author's notes. */
export const questionPreviewSchema = z.object({
  questionId: z.number().int(),
  questionType: questionTypeSchema,
  contentType: contentTypeSchema,
  choiceFormat: z.number().int(),
  text: z.string().nullable(),
  image: z.number().int().nullable(),
  paragraphText: z.string().nullable(),
  paragraphImage: z.number().int().nullable(),
  /** null: the console shows 'Hint not available'. */
  hint: z.string().nullable(),
  /** Empty for Numerical (a number input). */
  choices: z.array(choiceOutSchema),
  points: z.number(),
  negativePoints: z.number(),
  duration: z.number().int().nullable(),
});
export type QuestionPreview = z.infer<typeof questionPreviewSchema>;
