// Tables of the question bank (issue 11; spec part 2 §3): categories, topics, questions, their topic
// mappings, immutable versions and uploaded images. SQL: migrations/0002_question_bank.sql.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ownerProvider } from './access';
import { audience, audit, created, feedback, flag, identity, keyLink, link, lock, tz } from './columns';
import { files } from './platform';

/**
 * The tree is stored as a materialised path on each node: 'c1/' a root category, 'c1/c4/' a sub-category,
 * 'c1/c4/t9/' a topic, 'c1/c4/t9/t12/' a sub-topic. "Everything under this node" is one range scan of
 * topics_path_idx (provider_id, path text_pattern_ops) with `path like 'c1/c4/%'`, at any depth. Nodes are
 * never moved (rename only), so paths never change once written. Letters, digits and '/' only: no LIKE
 * wildcard can occur in a path.
 */
export const categories = pgTable(
  'categories',
  {
    categoryId: identity('category_id'),
    providerId: ownerProvider(),
    parentCategoryId: integer('parent_category_id').references((): AnyPgColumn => categories.categoryId),
    name: text('name').notNull(),
    path: text('path').notNull(),
    languageId: smallint('language_id').notNull().default(1),
    isActive: flag('is_active', true),
    ...audit,
  },
  (t) => [
    uniqueIndex('categories_name_uq').on(
      t.providerId,
      sql`coalesce(${t.parentCategoryId}, 0)`,
      sql`lower(${t.name})`,
    ),
    index('categories_provider_path_idx').on(t.providerId, t.path.op('text_pattern_ops')),
  ],
);

export const topics = pgTable(
  'topics',
  {
    topicId: identity('topic_id'),
    providerId: ownerProvider(),
    /** The category the topic hangs under (directly, or through its parent topics). */
    categoryId: link('category_id', () => categories.categoryId),
    parentTopicId: integer('parent_topic_id').references((): AnyPgColumn => topics.topicId),
    name: text('name').notNull(),
    path: text('path').notNull(),
    /** Topic level: 1 directly under a category (compared with the package's TopicHierarchy). */
    depth: smallint('depth').notNull(),
    /** Questions mapped to this topic, kept by triggers on topic_question_mappings (the tree's counts). */
    questionCount: integer('question_count').notNull().default(0),
    languageId: smallint('language_id').notNull().default(1),
    isActive: flag('is_active', true),
    ...audit,
  },
  (t) => [
    uniqueIndex('topics_name_uq').on(
      t.categoryId,
      sql`coalesce(${t.parentTopicId}, 0)`,
      sql`lower(${t.name})`,
    ),
    index('topics_provider_path_idx').on(t.providerId, t.path.op('text_pattern_ops')),
    index('topics_parent_idx').on(t.parentTopicId),
  ],
);

/** Images uploaded for questions (re-encoded); the bytes are a stored file. image_id = files.file_id. */
export const questionImages = pgTable(
  'question_images',
  {
    imageId: keyLink('image_id', () => files.fileId, 'cascade'),
    providerId: ownerProvider(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    ...created,
  },
  (t) => [index('question_images_provider_idx').on(t.providerId)],
);

/**
 * A stored choice: choiceId = position + 1 (the spec's choiceId01..06 and their images). Issue 26: `weight`
 * (percent of the points when chosen; absent or null on every choice = all or nothing) and `feedback` (plain
 * text shown with the evaluation when chosen); absent in rows and versions written before them.
 */
export type StoredChoice = {
  text: string | null;
  image: number | null;
  weight?: number | null;
  feedback?: string | null;
};

/**
 * Questions (§3). The spec's questionLanguages and questionChoices ("first entry used") are folded into the
 * row: language 1 is the only one. Answers: correct choice ids (1-based) or, for Numerical, a number.
 * `version` counts saves (optimistic concurrency); each save writes a question_versions row.
 */
export const questions = pgTable(
  'questions',
  {
    questionId: identity('question_id'),
    providerId: ownerProvider(),
    code: text('code').notNull(),
    questionType: smallint('question_type').notNull(),
    contentType: smallint('content_type').notNull(),
    choiceFormat: smallint('choice_format').notNull().default(1),
    difficultyLevel: smallint('difficulty_level').notNull().default(1),
    points: doublePrecision('points').notNull().default(0),
    negativePoints: doublePrecision('negative_points').notNull().default(0),
    ...audience,
    status: smallint('status').notNull().default(1),
    isActive: flag('is_active'),
    ...lock(),
    lockedDate: tz('locked_date'),
    expiryDate: date('expiry_date', { mode: 'string' }),
    duration: integer('duration'),
    languageId: smallint('language_id').notNull().default(1),
    text: text('text'),
    imageId: integer('image_id').references(() => questionImages.imageId),
    solutionText: text('solution_text'),
    solutionImageId: integer('solution_image_id').references(() => questionImages.imageId),
    paragraphText: text('paragraph_text'),
    paragraphImageId: integer('paragraph_image_id').references(() => questionImages.imageId),
    hint: text('hint'),
    ...feedback,
    /** Issue 26: feedback for an answer that earned part of the points (choice weights). */
    partialFeedback: text('partial_feedback'),
    choices: jsonb('choices').$type<StoredChoice[]>().notNull().default([]),
    correctChoices: smallint('correct_choices').array().notNull().default(sql`'{}'::smallint[]`),
    numericAnswer: doublePrecision('numeric_answer'),
    /** Numerical: accepted absolute distance from numericAnswer (null: exact; issue 27). */
    tolerance: doublePrecision('tolerance'),
    version: integer('version').notNull().default(1),
    ...audit,
  },
  (t) => [
    uniqueIndex('questions_code_uq').on(t.providerId, sql`lower(${t.code})`),
    // Grid pages are read in question_id order per provider (one index range per provider, newest first):
    // the trailing columns let every grid filter (status, difficulty, type, content type, points, code) and
    // the counts run as index-only scans (migration 0008).
    index('questions_provider_idx').on(
      t.providerId,
      t.questionId,
      t.status,
      t.difficultyLevel,
      t.questionType,
      t.contentType,
      t.points,
      t.code,
    ),
    index('questions_provider_status_idx').on(t.providerId, t.status, t.questionId, t.difficultyLevel),
    index('questions_objective_idx').using('gin', t.objectiveIds),
    index('questions_target_audience_idx').using('gin', t.targetAudienceIds),
  ],
);

/** §3 topicQuestionMappings: a question belongs to one or more topics of its provider. */
export const topicQuestionMappings = pgTable(
  'topic_question_mappings',
  {
    topicId: link('topic_id', () => topics.topicId),
    questionId: link('question_id', () => questions.questionId, 'cascade'),
    isMandatory: flag('is_mandatory'),
  },
  (t) => [
    primaryKey({ columns: [t.topicId, t.questionId] }),
    index('topic_question_mappings_question_idx').on(t.questionId),
  ],
);

/**
 * Immutable versions: every save of a question writes one row holding what was saved (the question row as
 * JSON). Attempts reference version_id, so later edits never change what an attempt saw. A trigger refuses
 * UPDATE; rows go only with their question (which cannot be deleted while an attempt uses it).
 */
export const questionVersions = pgTable(
  'question_versions',
  {
    versionId: identity('version_id'),
    questionId: link('question_id', () => questions.questionId, 'cascade'),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    createdBy: integer('created_by'),
    createdDate: tz('created_date').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('question_versions_uq').on(t.questionId, t.version)],
);
