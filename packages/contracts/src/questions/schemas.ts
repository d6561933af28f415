// Schemas of the question bank: one schema per concept, used by the console's forms and the API's routes.
import { z } from 'zod';
import { PAGE_SIZES } from '../common/paging';
import {
  ANSWER_PAGE_SIZE,
  BULK_MAX_QUESTIONS,
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
  NODE_NAME_MAX,
  newQuestionDefaults,
  POINTS_MAX,
  QUESTION_CODE_MAX,
  QUESTION_TEXT_MAX,
  questionStatusIds,
  questionTypeIds,
} from './codes';
import { answerMessages, questionMessages as m, treeMessages as tm } from './messages';
import { createIssue, isValidQuestionCode, updateIssue } from './rules';

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
  .refine((v) => v === '' || isValidQuestionCode(v), m.codeInvalid);

/** Optional text: '' or only spaces becomes null; otherwise stored as typed (LaTeX stays as written). */
export const optionalTextSchema = (max: number) =>
  z
    .string()
    .max(max, m.textTooLong)
    .nullish()
    .transform((v) => (v?.trim() ? v : null));

/** An uploaded question image (the id POST /api/question-bank/images answered), or null. */
export const imageIdSchema = z
  .number()
  .int()
  .positive()
  .nullish()
  .transform((v) => v ?? null);

/** §5: an empty objective or target audience list is sent (and stored) as null. */
export const configIdListSchema = z
  .array(z.number().int().positive())
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
  /** Up to 6 (choiceId01..06 = positions 1..6); True/False gets its fixed pair, Numerical none. */
  choices: z.array(choiceSchema).max(MAX_CHOICES, m.tooManyChoices).default([]),
  /** Correct choice ids (1-based positions): MCQ one or more, SCQ and True/False one. */
  correctChoices: z.array(z.number().int()).max(MAX_CHOICES, m.tooManyChoices).default([]),
  /** The answer of a Numerical question. */
  numericAnswer: z
    .number({ error: m.numericalAnswerNumber })
    .nullish()
    .transform((v) => v ?? null),
  /** §2: several topics per question (own topics only). */
  topicIds: z
    .array(z.number().int().positive())
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
  .object({ ...questionFields, version: z.number().int().min(1) })
  .superRefine((q, ctx) => {
    const issue = updateIssue(q);
    if (issue) ctx.addIssue({ code: 'custom', message: issue, path: [] });
  });
export type QuestionUpdateInput = z.input<typeof questionUpdateSchema>;
export type QuestionUpdate = z.output<typeof questionUpdateSchema>;

export const questionIdParamSchema = z.object({ questionId: z.coerce.number().int().positive() });

const choiceOutSchema = z.object({
  /** 1..6 */
  choiceId: z.number().int(),
  /** As the question's choice format labels it: '(a)', 'B.', 'iii)' ... */
  label: z.string(),
  text: z.string().nullable(),
  image: z.number().int().nullable(),
});
export type ChoiceView = z.infer<typeof choiceOutSchema>;

/** A topic a question is mapped to, with the names of its path (category › … › topic). */
export const questionTopicSchema = z.object({
  topicId: z.number().int(),
  name: z.string(),
  pathNames: z.array(z.string()),
});

/** GET /api/questions/:questionId: everything the Update Question dialog needs. */
export const questionDetailSchema = z.object({
  questionId: z.number().int(),
  providerId: z.number().int(),
  providerName: z.string(),
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
  isLocked: z.boolean(),
  lockedBy: z.number().int().nullable(),
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
  choices: z.array(choiceOutSchema),
  correctChoices: z.array(z.number().int()),
  numericAnswer: z.number().nullable(),
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
const optionalIntQuery = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : v),
  z.coerce.number().int().optional(),
);
const optionalNumberQuery = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : v),
  z.coerce.number().optional(),
);

export const questionGridQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'Page size must be 10, 30, 50, 70 or 100.')
    .default(10),
  /** 0 All (own + subscribed), 1 Owned, 2 Subscribed (content providers' Published questions). */
  contentFilter: z.coerce.number().int().min(0).max(2).default(ContentFilter.All),
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
  providerId: z.number().int(),
  providerName: z.string(),
  owned: z.boolean(),
  version: z.number().int(),
});
export type QuestionGridRow = z.infer<typeof questionGridRowSchema>;
export const questionGridSchema = z.object({
  items: z.array(questionGridRowSchema),
  totalCount: z.number().int().min(0),
});
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
  objective: z.array(z.number().int().positive()).min(1).max(100),
  targetAudience: z.array(z.number().int().positive()).min(1).max(100),
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
    questionIds: z.array(z.number().int().positive()).max(BULK_MAX_QUESTIONS).default([]),
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
 * selected questions were left as they were.
 */
export const bulkUpdateResultSchema = z.object({
  message: z.string(),
  totalCount: z.number().int(),
  publishedCount: z.number().int(),
  readyCount: z.number().int(),
  draftCount: z.number().int(),
  /** Rows changed by this request. */
  updatedCount: z.number().int(),
  /** Selected rows left untouched (Published, or not meeting the Ready/Publish criteria). */
  unchangedCount: z.number().int(),
  note: z.string().nullable(),
});
export type BulkUpdateResult = z.infer<typeof bulkUpdateResultSchema>;

/** POST /api/questions/bulk-topic-mapping (§7 bulkUpdateTopicQuestionMapping): move the questions to one topic. */
export const bulkTopicMappingSchema = z.object({
  topicId: z.number().int().positive(),
  questionIds: z
    .array(z.number().int().positive())
    .max(BULK_MAX_QUESTIONS)
    .refine((v) => v.length > 0, m.bulkSelectQuestions),
});
export type BulkTopicMapping = z.output<typeof bulkTopicMappingSchema>;
export const bulkTopicMappingResultSchema = z.object({ message: z.string(), updatedCount: z.number().int() });

/* ---------- category / topic tree (§2, §3, §5) ---------- */

export const nodeNameSchema = z
  .string({ error: tm.nameRequired })
  .trim()
  .min(1, tm.nameRequired)
  .max(NODE_NAME_MAX, tm.nameTooLong);

/** One node of the tree: categories hold (sub-categories or) topics; topics nest. */
export const treeNodeSchema = z.object({
  /** 'c12' for category 12, 't45' for topic 45: unique across both kinds. */
  key: z.string(),
  nodeType: z.enum(['category', 'topic']),
  /** categoryId or topicId. */
  id: z.number().int(),
  parentKey: z.string().nullable(),
  /** For a topic: the category it hangs under (directly or through parent topics). For a category: itself. */
  categoryId: z.number().int(),
  parentCategoryId: z.number().int().nullable(),
  parentTopicId: z.number().int().nullable(),
  name: z.string(),
  providerId: z.number().int(),
  providerName: z.string(),
  owned: z.boolean(),
  /** Another provider's node (subscribed): no actions. */
  readOnly: z.boolean(),
  /** Topic level (1 = directly under a category); 0 for categories. Compared with TopicHierarchy. */
  depth: z.number().int(),
  /** Questions mapped directly to this topic (for another provider's topic: its Published ones). 0 for categories. */
  questionCount: z.number().int(),
  /** Questions mapped to this node and every topic below it (a question in two topics counts twice). */
  subtreeQuestionCount: z.number().int(),
  hasCategoryChildren: z.boolean(),
  hasTopicChildren: z.boolean(),
});
export type TreeNode = z.infer<typeof treeNodeSchema>;

export const treeQuerySchema = z.object({
  contentFilter: z.coerce.number().int().min(0).max(2).default(ContentFilter.All),
});

/** GET /api/question-bank/tree: nodes in display order (by provider, then path), and the package limits. */
export const treeSchema = z.object({
  nodes: z.array(treeNodeSchema),
  /** The caller's own topics and the package limits (TopicHierarchy, MaxTopics). */
  topicCount: z.number().int(),
  topicHierarchy: z.number().int(),
  maxTopics: z.number().int(),
});
export type Tree = z.infer<typeof treeSchema>;

export const categoryCreateSchema = z.object({
  name: nodeNameSchema,
  /** A sub-category under this category; null/absent for a root category. */
  parentCategoryId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
});
export type CategoryCreateInput = z.input<typeof categoryCreateSchema>;

export const topicCreateSchema = z
  .object({
    name: nodeNameSchema,
    /** The category of a top-level topic. */
    categoryId: z
      .number()
      .int()
      .positive()
      .nullish()
      .transform((v) => v ?? null),
    /** The parent topic of a sub-topic (its category is the parent's). */
    parentTopicId: z
      .number()
      .int()
      .positive()
      .nullish()
      .transform((v) => v ?? null),
  })
  .refine((v) => v.categoryId !== null || v.parentTopicId !== null, tm.categoryOrParentRequired);
export type TopicCreateInput = z.input<typeof topicCreateSchema>;

export const nodeRenameSchema = z.object({ name: nodeNameSchema });
export type NodeRenameInput = z.input<typeof nodeRenameSchema>;

export const categoryIdParamSchema = z.object({ categoryId: z.coerce.number().int().positive() });
export const topicIdParamSchema = z.object({ topicId: z.coerce.number().int().positive() });

export const nodeSavedSchema = z.object({ message: z.string(), node: treeNodeSchema });
export type NodeSaved = z.infer<typeof nodeSavedSchema>;

/* ---------- answer setting (§2, §4, §7, §8) ---------- */

export const answersQuerySchema = z.object({
  /** 1-based; 10 questions a page, at most 500 questions (50 pages). */
  pageNumber: z.coerce.number().int().min(1).max(50).default(1),
});

export const answerItemSchema = z.object({
  questionId: z.number().int(),
  code: z.string(),
  /** The topic it is mapped to under the chosen node (the first by path). */
  topicName: z.string(),
  questionType: questionTypeSchema,
  contentType: contentTypeSchema,
  choiceFormat: z.number().int(),
  status: questionStatusSchema,
  text: z.string().nullable(),
  image: z.number().int().nullable(),
  choices: z.array(choiceOutSchema),
  correctChoices: z.array(z.number().int()),
  numericAnswer: z.number().nullable(),
  solutionText: z.string().nullable(),
  solutionImage: z.number().int().nullable(),
  version: z.number().int(),
  /** Published questions keep their answers. */
  readOnly: z.boolean(),
});
export type AnswerItem = z.infer<typeof answerItemSchema>;

/** GET /api/question-bank/topics/:topicId/answers: one page of 10 of the node's first 500 questions. */
export const answersPageSchema = z.object({
  topicId: z.number().int(),
  topicName: z.string(),
  /** §2 read-only rules (provider types 1 and 3 on another provider's hierarchy, first role 8). */
  readOnly: z.boolean(),
  /** §2: Submit disabled for provider type 1 on another provider's hierarchy. */
  submitDisabled: z.boolean(),
  pageNumber: z.number().int(),
  pageSize: z.literal(ANSWER_PAGE_SIZE),
  /** Questions in this session: at most 500. */
  totalCount: z.number().int(),
  items: z.array(answerItemSchema),
});
export type AnswersPage = z.infer<typeof answersPageSchema>;

/** PUT /api/question-bank/topics/:topicId/answers: the changed answers of one page, in one request. */
export const answersSaveSchema = z.object({
  answers: z
    .array(
      z.object({
        questionId: z.number().int().positive(),
        /** The version the page loaded (stale → 409, nothing saved). */
        version: z.number().int().min(1),
        correctChoices: z.array(z.number().int()).max(MAX_CHOICES).default([]),
        numericAnswer: z
          .number({ error: m.numericalAnswerNumber })
          .nullish()
          .transform((v) => v ?? null),
      }),
    )
    .min(1, answerMessages.notSaved)
    .max(ANSWER_PAGE_SIZE),
});
export type AnswersSaveInput = z.input<typeof answersSaveSchema>;
export const answersSavedSchema = z.object({ message: z.string(), updatedCount: z.number().int() });

/* ---------- images ---------- */

export const imageIdParamSchema = z.object({ imageId: z.coerce.number().int().positive() });

/** POST /api/question-bank/images (multipart "file"): the stored, re-encoded image. */
export const imageUploadResultSchema = z.object({
  message: z.string(),
  /** Put this id in image / solutionImage / paragraphImage / choices[i].image. */
  imageId: z.number().int(),
  /** Where the console shows it (GET, same-origin, session cookie). */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  contentType: z.string(),
});
export type ImageUploadResult = z.infer<typeof imageUploadResultSchema>;
