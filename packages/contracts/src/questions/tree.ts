// Category/topic tree, answer setting and question images (part 2 §2, §3, §4, §5, §7, §8).
import { z } from 'zod';
import { ownerFields } from '../common/fields';
import { idParamSchema, idSchema, intParamSchema, intSchema } from '../common/ints';
import { ANSWER_PAGE_SIZE, ContentFilter, MAX_CHOICES, NODE_NAME_MAX } from './codes';
import { answerMessages, questionMessages as m, treeMessages as tm } from './messages';
import { choiceOutSchema, contentTypeSchema, questionStatusSchema, questionTypeSchema } from './schemas';

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
  ...ownerFields,
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
  contentFilter: intParamSchema.min(0).max(2).default(ContentFilter.All),
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
  parentCategoryId: idSchema.nullish().transform((v) => v ?? null),
});
export type CategoryCreateInput = z.input<typeof categoryCreateSchema>;

export const topicCreateSchema = z
  .object({
    name: nodeNameSchema,
    /** The category of a top-level topic. */
    categoryId: idSchema.nullish().transform((v) => v ?? null),
    /** The parent topic of a sub-topic (its category is the parent's). */
    parentTopicId: idSchema.nullish().transform((v) => v ?? null),
  })
  .refine((v) => v.categoryId !== null || v.parentTopicId !== null, tm.categoryOrParentRequired);
export type TopicCreateInput = z.input<typeof topicCreateSchema>;

export const nodeRenameSchema = z.object({ name: nodeNameSchema });
export type NodeRenameInput = z.input<typeof nodeRenameSchema>;

export const categoryIdParamSchema = z.object({ categoryId: idParamSchema });
export const topicIdParamSchema = z.object({ topicId: idParamSchema });

export const nodeSavedSchema = z.object({ message: z.string(), node: treeNodeSchema });
export type NodeSaved = z.infer<typeof nodeSavedSchema>;

/* ---------- answer setting (§2, §4, §7, §8) ---------- */

export const answersQuerySchema = z.object({
  /** 1-based; 10 questions a page, at most 500 questions (50 pages). */
  pageNumber: idParamSchema.max(50).default(1),
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
        questionId: idSchema,
        /** The version the page loaded (stale → 409, nothing saved). */
        version: idSchema,
        correctChoices: z.array(intSchema).max(MAX_CHOICES).default([]),
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

export const imageIdParamSchema = z.object({ imageId: idParamSchema });

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
