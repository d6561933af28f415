import { SubTaskStatus, TaskStatus } from '@assess/contracts/tasks';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { type DrizzleTransactionLike, fromDrizzle } from 'pg-boss';
import { taskOutputs, tasks } from '../../db/schema';
import type { Db, SqlExecutor } from '../db/client';
import { pageOf } from '../db/paging';

export type TaskRow = typeof tasks.$inferSelect;
export type TaskOutputRow = typeof taskOutputs.$inferSelect;
export type NewTask = Pick<
  typeof tasks.$inferInsert,
  'providerId' | 'taskType' | 'priority' | 'taskArguments' | 'scheduleDate' | 'jobId' | 'createdBy'
>;

/**
 * Every write of a running attempt is fenced by (status Started, attempts = this attempt): a handler
 * that outlived its claim (pg-boss retried the job elsewhere, or the sweep failed the task) writes nothing.
 */
const attemptOf = (taskId: number, attempt: number) =>
  and(eq(tasks.taskId, taskId), eq(tasks.attempts, attempt), eq(tasks.taskStatus, TaskStatus.Started));

export function createTaskRepository(db: Db) {
  return {
    /**
     * Inserts the task and, in the same transaction, its job (through `enqueue`, handed the new row and
     * an executor on that transaction): both exist or neither does.
     */
    async insertWithJob(row: NewTask, enqueue: (task: TaskRow, tx: SqlExecutor) => Promise<unknown>) {
      return db.transaction(async (tx) => {
        const [task] = await tx
          .insert(tasks)
          .values({ ...row, taskStatus: TaskStatus.Draft, updatedBy: row.createdBy })
          .returning();
        // drizzle's execute() is typed loosely; pg-boss's adapter reads rows from either driver's result.
        await enqueue(task, fromDrizzle(tx as unknown as DrizzleTransactionLike, sql));
        return task;
      });
    },

    async find(taskId: number) {
      const [row] = await db.select().from(tasks).where(eq(tasks.taskId, taskId)).limit(1);
      return row;
    },

    /** Pick-up: Draft or Started (a retry) becomes Started under this attempt; finished tasks stay as they are. */
    async markStarted(taskId: number, attempt: number, now: Date) {
      const [row] = await db
        .update(tasks)
        .set({
          taskStatus: TaskStatus.Started,
          attempts: attempt,
          startDate: sql`coalesce(${tasks.startDate}, ${now})`,
          heartbeatAt: now,
          endDate: null,
          updatedDate: now,
        })
        .where(
          and(eq(tasks.taskId, taskId), inArray(tasks.taskStatus, [TaskStatus.Draft, TaskStatus.Started])),
        )
        .returning();
      return row;
    },

    async heartbeat(taskId: number, attempt: number, now: Date) {
      await db.update(tasks).set({ heartbeatAt: now }).where(attemptOf(taskId, attempt));
    },

    async setProgress(
      taskId: number,
      attempt: number,
      progress: number,
      details: string | undefined,
      now: Date,
    ) {
      await db
        .update(tasks)
        .set({
          progress,
          heartbeatAt: now,
          updatedDate: now,
          ...(details !== undefined ? { taskDetails: details } : {}),
        })
        .where(attemptOf(taskId, attempt));
    },

    /** A failed attempt that pg-boss will retry: the task stays Started with the reason in its details. */
    async noteAttemptFailed(taskId: number, attempt: number, details: string, now: Date) {
      await db
        .update(tasks)
        .set({ taskDetails: details, updatedDate: now })
        .where(attemptOf(taskId, attempt));
    },

    /** Ends this attempt as Success or Failed; false when the attempt no longer owns the task. */
    async finish(
      taskId: number,
      attempt: number,
      end: {
        status: typeof TaskStatus.Success | typeof TaskStatus.Failed;
        details?: string;
        result?: unknown;
      },
      now: Date,
    ) {
      const rows = await db
        .update(tasks)
        .set({
          taskStatus: end.status,
          endDate: now,
          updatedDate: now,
          heartbeatAt: now,
          ...(end.status === TaskStatus.Success ? { progress: 100 } : {}),
          ...(end.details !== undefined ? { taskDetails: end.details } : {}),
          ...(end.result !== undefined ? { result: end.result } : {}),
        })
        .where(attemptOf(taskId, attempt))
        .returning({ taskId: tasks.taskId });
      return rows.length > 0;
    },

    /** Started tasks whose heartbeat is older than `before` (candidates for the housekeeping sweep). */
    async listStale(before: Date, limit = 100) {
      return db
        .select({
          taskId: tasks.taskId,
          taskType: tasks.taskType,
          jobId: tasks.jobId,
          attempts: tasks.attempts,
        })
        .from(tasks)
        .where(and(eq(tasks.taskStatus, TaskStatus.Started), lt(tasks.heartbeatAt, before)))
        .orderBy(tasks.heartbeatAt)
        .limit(limit);
    },

    /** Fails a stale task, unless it moved on (new attempt, fresh heartbeat, finished) since it was listed. */
    async failStale(taskId: number, attempt: number, before: Date, details: string, now: Date) {
      const rows = await db
        .update(tasks)
        .set({ taskStatus: TaskStatus.Failed, taskDetails: details, endDate: now, updatedDate: now })
        .where(and(attemptOf(taskId, attempt), lt(tasks.heartbeatAt, before)))
        .returning({ taskId: tasks.taskId });
      if (rows.length > 0) {
        await db
          .update(taskOutputs)
          .set({ status: SubTaskStatus.Failed, endDateTime: now, remark: details })
          .where(and(eq(taskOutputs.taskId, taskId), eq(taskOutputs.status, SubTaskStatus.InProcess)));
      }
      return rows.length > 0;
    },

    async addOutput(taskId: number, subTask: string, now: Date) {
      const [row] = await db
        .insert(taskOutputs)
        .values({ taskId, subTask, status: SubTaskStatus.InProcess, startDateTime: now })
        .returning({ id: taskOutputs.id });
      return row.id;
    },

    /** Output rows that start and end now, in one insert. */
    async addEndedOutputs(
      taskId: number,
      rows: readonly {
        subTask: string;
        status: typeof SubTaskStatus.Success | typeof SubTaskStatus.Failed;
        remark?: string;
      }[],
      now: Date,
    ) {
      if (!rows.length) return;
      await db.insert(taskOutputs).values(
        rows.map((r) => ({
          taskId,
          subTask: r.subTask,
          status: r.status,
          remark: r.remark ?? null,
          startDateTime: now,
          endDateTime: now,
        })),
      );
    },

    async finishOutput(
      id: number,
      status: typeof SubTaskStatus.Success | typeof SubTaskStatus.Failed,
      remark: string | undefined,
      now: Date,
    ) {
      await db
        .update(taskOutputs)
        .set({ status, endDateTime: now, ...(remark !== undefined ? { remark } : {}) })
        .where(and(eq(taskOutputs.id, id), eq(taskOutputs.status, SubTaskStatus.InProcess)));
    },

    /** The task manager grid: one provider's tasks, newest first. */
    async listForProvider(providerId: number, page: { pageNumber: number; pageSize: number }) {
      const where = eq(tasks.providerId, providerId);
      const rows = db.select().from(tasks).where(where).orderBy(desc(tasks.createdDate), desc(tasks.taskId));
      return pageOf(db, rows, { table: tasks, where }, page);
    },

    /** Output rows of a task of this provider; undefined when the task is not this provider's (or absent). */
    async outputsForProvider(providerId: number, taskId: number) {
      const [owner] = await db
        .select({ taskId: tasks.taskId })
        .from(tasks)
        .where(and(eq(tasks.taskId, taskId), eq(tasks.providerId, providerId)))
        .limit(1);
      if (!owner) return undefined;
      return db.select().from(taskOutputs).where(eq(taskOutputs.taskId, taskId)).orderBy(taskOutputs.id);
    },
  };
}
export type TaskRepository = ReturnType<typeof createTaskRepository>;
