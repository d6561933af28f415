import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { ownerProvider } from './access';
import { audit, created, identity, link, tz } from './columns';

/** The product's record of user-visible background work (part 2 §3 "Task"). */
export const tasks = pgTable(
  'tasks',
  {
    taskId: identity('task_id'),
    providerId: ownerProvider(),
    taskType: text('task_type').notNull(),
    taskStatus: smallint('task_status').notNull().default(0),
    priority: integer('priority').notNull().default(0),
    taskArguments: jsonb('task_arguments'),
    taskDetails: text('task_details'),
    progress: integer('progress').notNull().default(0),
    result: jsonb('result'),
    jobId: text('job_id'),
    attempts: integer('attempts').notNull().default(0),
    scheduleDate: tz('schedule_date'),
    startDate: tz('start_date'),
    endDate: tz('end_date'),
    heartbeatAt: tz('heartbeat_at'),
    ...audit,
  },
  (t) => [
    index('tasks_provider_idx').on(t.providerId, t.createdDate),
    index('tasks_status_idx').on(t.taskStatus),
  ],
);

/** Output rows of a task (Id, Status, SubTask, StartDateTime, EndDateTime, Remark). */
export const taskOutputs = pgTable(
  'task_outputs',
  {
    id: identity('id'),
    taskId: link('task_id', () => tasks.taskId, 'cascade'),
    status: smallint('status').notNull().default(0),
    subTask: text('sub_task').notNull(),
    startDateTime: tz('start_date_time'),
    endDateTime: tz('end_date_time'),
    remark: text('remark'),
  },
  (t) => [index('task_outputs_task_idx').on(t.taskId)],
);

/** Stored objects (uploads, attachments, generated files); the bytes live in the file store under `key`. */
export const files = pgTable(
  'files',
  {
    fileId: identity('file_id'),
    key: text('key').notNull().unique(),
    providerId: ownerProvider(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    ...created,
  },
  (t) => [index('files_provider_idx').on(t.providerId)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * File bytes on PostgreSQL (the database file store), so every server process reaches every file: one row per
 * chunk of at most 1 MiB, in order. The embedded default keeps files in DATA_DIR/files instead.
 */
export const fileObjects = pgTable(
  'file_objects',
  {
    key: text('key').notNull(),
    chunk: integer('chunk').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.chunk] })],
);
