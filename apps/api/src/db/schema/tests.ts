// Tables of tests and their sections (issue 13; spec part 3 §3 "Test", "Section (pool)", "Test-pool mapping",
// "Pool-question mapping"; part 2 §3 "Pool"). SQL: migrations/0005_tests_sections.sql.
import { defaultReviewOptions, type ReviewOptions } from '@assess/contracts/learner';
import { sql } from 'drizzle-orm';
import {
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
import { ownerProvider, users } from './access';
import {
  audience,
  audit,
  created,
  feedback,
  flag,
  identity,
  link,
  lock,
  schedule,
  thresholds,
  tz,
} from './columns';
import { questions, topics } from './question-bank';

/**
 * A test. The spec's TestLanguage ("language 1, the only one offered") is folded into the row, as questions do.
 * Display flags are booleans here; the spec's 1 no / 2 yes encoding is a console detail we do not carry.
 * `version` counts saves: an update names the version it read, so a second editor gets a conflict.
 */
export const tests = pgTable(
  'tests',
  {
    testId: identity('test_id'),
    providerId: ownerProvider(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** 0 a full test, 1 a quick test (part 3 §9). */
    testType: smallint('test_type').notNull().default(0),
    /** 1 Draft, 2 Ready, 3 Published, 4 Scheduled, 5 In Progress, 6 Completed (part 3 §4). */
    status: smallint('status').notNull().default(1),
    isActive: flag('is_active'),
    ...lock(() => users.userId),
    lockedDate: tz('locked_date'),
    difficultyLevel: smallint('difficulty_level').notNull().default(2),
    ...audience,
    languageId: smallint('language_id').notNull().default(1),
    description: text('description'),
    welcomeMessage: text('welcome_message'),
    concludeMessage: text('conclude_message'),
    ...feedback,
    /** Minutes, 1–360. */
    duration: integer('duration').notNull().default(180),
    ...thresholds,
    totalScore: doublePrecision('total_score'),
    attemptsAllowed: integer('attempts_allowed').notNull().default(1),
    questionsPerPage: integer('questions_per_page').notNull().default(1),
    pointsPerQuestion: doublePrecision('points_per_question'),
    negativePointsPerQuestion: doublePrecision('negative_points_per_question').notNull().default(0),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull().default('2099-12-31'),
    navigationAllowed: flag('navigation_allowed', true),
    showHint: flag('show_hint'),
    showBookmark: flag('show_bookmark'),
    showResult: flag('show_result', true),
    showTimer: flag('show_timer', true),
    /** What a student sees of a finished attempt, and when (issue 27; migration 0014, defaultReviewOptions). */
    reviewOptions: jsonb('review_options').$type<ReviewOptions>().notNull().default(defaultReviewOptions),
    /** Schedule (the scheduling issue fills these): scheduleStatus as part 3 §4, the window and assign time. */
    ...schedule,
    ...audit,
  },
  (t) => [
    uniqueIndex('tests_code_uq').on(t.providerId, sql`lower(${t.code})`),
    uniqueIndex('tests_name_uq').on(t.providerId, sql`lower(${t.name})`),
    // The tests list pages a provider's tests newest first; status and type filters ride along.
    index('tests_provider_idx').on(t.providerId, t.testId, t.status, t.testType),
    index('tests_objective_idx').using('gin', t.objectiveIds),
    index('tests_target_audience_idx').using('gin', t.targetAudienceIds),
    // The status clock's scan visits live schedules only (migration 0007).
    index('tests_schedule_clock_idx')
      .on(t.scheduleDate)
      .where(sql`${t.scheduleDate} IS NOT NULL AND ${t.scheduleStatus} IS DISTINCT FROM 6`),
  ],
);

/**
 * A section (the spec's pool) of one test; the spec's test-pool mapping (sequence, lock) is folded in, since a
 * section belongs to exactly one test (copying a test copies its sections). Questions come from fixed picks
 * (pool_questions) and/or topics (pool_topics) drawn at random per attempt.
 */
export const pools = pgTable(
  'pools',
  {
    poolId: identity('pool_id'),
    testId: link('test_id', () => tests.testId, 'cascade'),
    providerId: ownerProvider(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Order within the test, 1-based. */
    sequenceId: integer('sequence_id').notNull(),
    /** Questions allowed: how many questions an attempt draws from this section. */
    questionCount: integer('question_count').notNull(),
    maxQuestionForScore: integer('max_question_for_score'),
    pointsPerQuestion: doublePrecision('points_per_question').notNull().default(0),
    negativePointsPerQuestion: doublePrecision('negative_points_per_question').notNull().default(0),
    ...thresholds,
    isMandatoryToPass: flag('is_mandatory_to_pass'),
    noOfChoices: smallint('no_of_choices').notNull().default(4),
    choiceFormat: smallint('choice_format').notNull().default(3),
    difficultyLevel: smallint('difficulty_level'),
    duration: integer('duration'),
    /** Random draws by topic: 0 none (fixed picks only), 1 random from the topics (part 3 randomizeType). */
    randomizeType: smallint('randomize_type').notNull().default(0),
    questionsPerTopic: integer('questions_per_topic'),
    /** Question types drawn from the topics (1 MCQ, 2 SCQ, 3 TF, 4 Numerical); null = all. */
    questionTypes: smallint('question_types').array(),
    ...lock(() => users.userId),
    isActive: flag('is_active', true),
    ...audit,
  },
  (t) => [
    uniqueIndex('pools_code_uq').on(t.testId, sql`lower(${t.code})`),
    index('pools_test_idx').on(t.testId, t.sequenceId),
  ],
);

/** Fixed questions of a section (the spec's pool-question mapping). */
export const poolQuestions = pgTable(
  'pool_questions',
  {
    poolId: link('pool_id', () => pools.poolId, 'cascade'),
    questionId: link('question_id', () => questions.questionId),
    /** Order within the section, 1-based. */
    sequence: integer('sequence').notNull(),
    isMandatory: flag('is_mandatory'),
    ...lock(() => users.userId),
    points: doublePrecision('points'),
    duration: integer('duration'),
    ...created,
  },
  (t) => [
    primaryKey({ columns: [t.poolId, t.questionId] }),
    index('pool_questions_question_idx').on(t.questionId),
    index('pool_questions_sequence_idx').on(t.poolId, t.sequence),
  ],
);

/** Topics a section draws random questions from ("Assign topics to pool"). */
export const poolTopics = pgTable(
  'pool_topics',
  {
    poolId: link('pool_id', () => pools.poolId, 'cascade'),
    topicId: link('topic_id', () => topics.topicId),
  },
  (t) => [primaryKey({ columns: [t.poolId, t.topicId] }), index('pool_topics_topic_idx').on(t.topicId)],
);

/**
 * Students assigned to a test (part 3 "Test-user mapping"). The assignment issue fills it; the tests list's
 * details dialog counts it.
 */
export const testUsers = pgTable(
  'test_users',
  {
    testId: link('test_id', () => tests.testId, 'cascade'),
    userId: link('user_id', () => users.userId, 'cascade'),
    attemptsAllowed: integer('attempts_allowed'),
    /** Per-student accommodation (beyond the spec, like Moodle's user overrides): extra attempts and minutes. */
    extraAttempts: integer('extra_attempts').notNull().default(0),
    extraMinutes: integer('extra_minutes').notNull().default(0),
    /** Set when the test came with a series assignment (assigning a series assigns its tests). */
    viaCourseId: integer('via_course_id'),
    ...audit,
  },
  (t) => [primaryKey({ columns: [t.testId, t.userId] }), index('test_users_user_idx').on(t.userId)],
);
