// Attempts of tests by students and their answers (issue 15; part 3 §3 "Learner entities", §7 "POST
// /api/TestResults"). SQL: migrations/0010_attempts.sql.
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './access';
import { flag, identity, link, tz } from './columns';
import { tests } from './tests';

/** One question of an attempt as frozen at start: the version the student saw and its resolved marks. */
export type FrozenQuestion = {
  questionId: number;
  /** question_versions.version_id: what the student saw (later edits never change it). */
  versionId: number;
  /** 1 MCQ, 2 SCQ, 3 True/False, 4 Numerical. */
  questionType: number;
  /** Choices the question offers (choice ids 1..n); 0 for Numerical. */
  choiceCount: number;
  points: number;
  negativePoints: number;
  isMandatory: boolean;
  /** The section's choice format (0–11) the labels follow (issue 27); absent in older attempts: the default. */
  choiceFormat?: number;
};

/** One section of an attempt as frozen at start (its scoring parameters too). */
export type FrozenSection = {
  poolId: number;
  name: string;
  maxQuestionForScore: number | null;
  passingScore: number | null;
  isMandatoryToPass: boolean;
  questions: FrozenQuestion[];
};

/**
 * An attempt: opened by Start (status 1), closed by the student's submit (2) or by the server at the deadline
 * (3). The question selection is frozen at start (`sections`, with question version ids), so a resume, the
 * scoring and the evaluation all read what the student saw. A student has at most one open attempt per test
 * (partial unique index) and attempt numbers are unique per test and student, so two Start clicks make one.
 */
export const attempts = pgTable(
  'attempts',
  {
    attemptId: identity('attempt_id'),
    testId: link('test_id', () => tests.testId, 'cascade'),
    userId: link('user_id', () => users.userId, 'cascade'),
    providerId: integer('provider_id').notNull(),
    attemptNumber: integer('attempt_number').notNull(),
    /** 1 open, 2 submitted, 3 closed by the server (AttemptStatus). */
    status: smallint('status').notNull().default(1),
    startedAt: tz('started_at').notNull(),
    deadline: tz('deadline').notNull(),
    submittedAt: tz('submitted_at'),
    seed: integer('seed').notNull(),
    sections: jsonb('sections').$type<FrozenSection[]>().notNull(),
    actualScore: doublePrecision('actual_score'),
    totalScore: doublePrecision('total_score'),
    /** 1 Failed, 2 Passed, 3 Mastery (AttemptResult). */
    result: smallint('result'),
    sectionScores:
      jsonb('section_scores').$type<
        { poolId: number; score: number; total: number; passed: boolean | null }[]
      >(),
    answeredCount: integer('answered_count'),
  },
  (t) => [
    uniqueIndex('attempts_number_uq').on(t.testId, t.userId, t.attemptNumber),
    uniqueIndex('attempts_open_uq').on(t.testId, t.userId).where(sql`${t.status} = 1`),
    index('attempts_user_idx').on(t.userId, t.testId),
    index('attempts_due_idx').on(t.deadline).where(sql`${t.status} = 1`),
  ],
);

/** One answer of an attempt: a small row per question, written by one idempotent upsert (seq). */
export const attemptAnswers = pgTable(
  'attempt_answers',
  {
    attemptId: link('attempt_id', () => attempts.attemptId, 'cascade'),
    questionId: integer('question_id').notNull(),
    choiceIds: smallint('choice_ids').array().notNull().default(sql`'{}'::smallint[]`),
    numericAnswer: doublePrecision('numeric_answer'),
    bookmarked: flag('bookmarked'),
    seq: integer('seq').notNull(),
    savedAt: tz('saved_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);

/** Per-question marks of a closed attempt (analytics read them without re-scoring). */
export const attemptMarks = pgTable(
  'attempt_marks',
  {
    attemptId: link('attempt_id', () => attempts.attemptId, 'cascade'),
    questionId: integer('question_id').notNull(),
    poolId: integer('pool_id').notNull(),
    versionId: integer('version_id').notNull(),
    marks: doublePrecision('marks').notNull(),
    /** The points a right answer earns. */
    points: doublePrecision('points').notNull(),
    /** 1 correct, 2 wrong, 3 unanswered, 4 not counted (maxQuestionForScore). */
    outcome: smallint('outcome').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.questionId] }),
    index('attempt_marks_question_idx').on(t.questionId),
  ],
);
