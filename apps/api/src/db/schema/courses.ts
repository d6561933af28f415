import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ownerProvider, users } from './access';
import { audit, flag, identity, link, lock, schedule, tz } from './columns';
import { tests } from './tests';

/**
 * Test series (part 3 §3 "Test series (course)"). The minimal columns the students and messages areas need;
 * the test-series area extends this table. status: 1 draft, 2 published and higher (part 3).
 */
export const courses = pgTable(
  'courses',
  {
    courseId: identity('course_id'),
    providerId: ownerProvider(),
    code: text('code').notNull(),
    text: text('text').notNull(),
    description: text('description'),
    owner: integer('owner'),
    isActive: flag('is_active', true),
    status: smallint('status').notNull().default(1),
    languageId: integer('language_id'),
    difficultyLevel: smallint('difficulty_level'),
    expiryDate: tz('expiry_date'),
    isDynamic: flag('is_dynamic'),
    isDefault: flag('is_default'),
    duration: integer('duration'),
    price: numeric('price'),
    categories: text('categories'),
    topics: text('topics'),
    objective: jsonb('objective'),
    targetAudience: jsonb('target_audience'),
    image: text('image'),
    /** Lock (part 3 §4 row rules), schedule window and status clock (issue 14), publish time, save counter. */
    ...lock(),
    ...schedule,
    ...audit,
  },
  (t) => [
    uniqueIndex('courses_code_uq').on(t.providerId, sql`lower(${t.code})`),
    index('courses_provider_idx').on(t.providerId, t.isActive, t.status),
    // The status clock's scan visits live schedules only (migration 0007).
    index('courses_schedule_clock_idx')
      .on(t.scheduleDate)
      .where(sql`${t.scheduleDate} IS NOT NULL AND ${t.scheduleStatus} IS DISTINCT FROM 6`),
  ],
);

/** Course-user mapping (part 3 §3): userSubscriptionStatus 1 unsubscribed, 2 subscribed. */
export const courseUsers = pgTable(
  'course_users',
  {
    courseId: link('course_id', () => courses.courseId, 'cascade'),
    userId: link('user_id', () => users.userId, 'cascade'),
    userSubscriptionStatus: smallint('user_subscription_status').notNull().default(2),
    ...audit,
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId] }), index('course_users_user_idx').on(t.userId)],
);

/** Course-test mapping (part 3 §3): the tests of a series, in order; testSubscriptionStatus 1 normal, 2 trial. */
export const courseTests = pgTable(
  'course_tests',
  {
    courseId: link('course_id', () => courses.courseId, 'cascade'),
    testId: link('test_id', () => tests.testId),
    sequence: integer('sequence').notNull().default(1),
    testSubscriptionStatus: smallint('test_subscription_status').notNull().default(1),
    ...audit,
  },
  (t) => [primaryKey({ columns: [t.courseId, t.testId] }), index('course_tests_test_idx').on(t.testId)],
);

/**
 * Which tests a student may take (migration 0009): direct test_users rows, then the tests of the student's series
 * (course_users × course_tests) where no direct row exists. Read-only; every "students of a test" / "tests of a
 * student" reader goes through it.
 */
export const studentTests = pgView('student_tests', {
  testId: integer('test_id').notNull(),
  userId: integer('user_id').notNull(),
  viaCourseId: integer('via_course_id'),
  attemptsAllowed: integer('attempts_allowed'),
  extraAttempts: integer('extra_attempts').notNull(),
  extraMinutes: integer('extra_minutes').notNull(),
}).existing();
