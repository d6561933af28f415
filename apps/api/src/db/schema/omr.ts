// OMR paper tests (issue 25): the paper forms printed for a test and the sheets read from scans.
// SQL: migrations/0018_omr.sql.
import { index, integer, jsonb, pgTable, real, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './access';
import type { FrozenSection } from './attempts';
import { attempts } from './attempts';
import { identity, link, tz } from './columns';
import { tests } from './tests';

/**
 * A paper form: what createOmrSheet printed (the sheet: form name, id digits, sections, paper size) and the
 * test's question selection frozen for it (like an attempt's at start), so a sheet is scored against the
 * questions in the order the printed paper had them. The QR of every page names the form.
 */
export const omrForms = pgTable(
  'omr_forms',
  {
    formId: identity('form_id'),
    testId: link('test_id', () => tests.testId, 'cascade'),
    providerId: integer('provider_id').notNull(),
    sheet: jsonb('sheet').notNull(),
    sections: jsonb('sections').$type<FrozenSection[]>().notNull(),
    createdBy: integer('created_by'),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [index('omr_forms_test_idx').on(t.testId)],
);

/**
 * One page read from an uploaded zip: scored (status 1, its attempt set) or queued for correction (2, with the
 * reasons). The same scan (content hash) is read once per test.
 */
export const omrSheets = pgTable(
  'omr_sheets',
  {
    sheetId: identity('sheet_id'),
    testId: link('test_id', () => tests.testId, 'cascade'),
    providerId: integer('provider_id').notNull(),
    formId: link('form_id', () => omrForms.formId, 'cascade'),
    page: integer('page').notNull(),
    taskId: integer('task_id'),
    fileName: text('file_name').notNull(),
    contentHash: text('content_hash').notNull(),
    scanFileId: integer('scan_file_id'),
    status: smallint('status').notNull(),
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    studentIdRead: text('student_id_read').notNull(),
    userId: integer('user_id').references(() => users.userId, { onDelete: 'set null' }),
    /** Per section, per question: the marked choices (1-based), null = unclear. */
    answers: jsonb('answers').$type<(number[] | null)[][]>().notNull(),
    confidence: real('confidence').notNull(),
    attemptId: integer('attempt_id').references(() => attempts.attemptId, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('omr_sheets_hash_uq').on(t.testId, t.contentHash),
    index('omr_sheets_queue_idx').on(t.testId, t.status),
  ],
);
