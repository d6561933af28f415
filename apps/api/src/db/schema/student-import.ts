import type { ImportGroup, ImportOptions } from '@assess/contracts/student-import';
import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ownerProvider, users } from './access';
import { audit, identity, link } from './columns';
import { files, tasks } from './platform';

/**
 * One bulk student upload (issue 5): the checked file, the form's choices, the step-1 report and the task
 * that imports it. The form password is kept only as its hash (never in the task's arguments) and is
 * cleared once the import has finished.
 */
export const studentImportBatches = pgTable(
  'student_import_batches',
  {
    batchId: identity('batch_id'),
    providerId: ownerProvider(),
    fileId: integer('file_id').references(() => files.fileId, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    options: jsonb('options').$type<Omit<ImportOptions, 'password' | 'confirm'>>().notNull(),
    passwordHash: text('password_hash'),
    totalRows: integer('total_rows').notNull(),
    validRows: integer('valid_rows').notNull(),
    report: jsonb('report').$type<ImportGroup[]>().notNull(),
    taskId: integer('task_id').references(() => tasks.taskId, { onDelete: 'set null' }),
    ...audit,
  },
  (t) => [index('student_import_batches_provider_idx').on(t.providerId, t.createdDate)],
);

/** The students a batch created, by sheet row: a retried run skips them, so each row is imported once. */
export const studentImportRows = pgTable(
  'student_import_rows',
  {
    batchId: link('batch_id', () => studentImportBatches.batchId, 'cascade'),
    sheetRow: integer('sheet_row').notNull(),
    userId: link('user_id', () => users.userId, 'cascade'),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.sheetRow] }),
    index('student_import_rows_user_idx').on(t.userId),
  ],
);
