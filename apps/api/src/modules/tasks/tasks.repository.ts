import { SubTaskStatus } from '@assess/contracts/tasks';
import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import { taskOutputs, tasks } from '../../db/schema';
import type { Db } from '../../platform/db/client';
import { pageOf } from '../../platform/db/paging';

export type OutputCounts = { total: number; succeeded: number; failed: number };

/**
 * The task manager's reads beside the platform's task repository: one provider's task, its output rows a
 * page at a time (or in id order for the logs) and per-task counts of output rows by status.
 */
export function createTaskManagerRepository(db: Db) {
  return {
    /** The task when it is this provider's; undefined otherwise (also when absent). */
    async findForProvider(providerId: number, taskId: number) {
      const [row] = await db
        .select()
        .from(tasks)
        .where(and(eq(tasks.taskId, taskId), eq(tasks.providerId, providerId)))
        .limit(1);
      return row;
    },

    /** One page of a task's output rows in the order they were written, optionally one status only. */
    async outputsPage(taskId: number, page: { pageNumber: number; pageSize: number; status?: number }) {
      const where = and(
        eq(taskOutputs.taskId, taskId),
        page.status === undefined ? undefined : eq(taskOutputs.status, page.status),
      );
      const rows = db.select().from(taskOutputs).where(where).orderBy(asc(taskOutputs.id));
      return pageOf(db, rows, { table: taskOutputs, where }, page);
    },

    /** Up to `limit` output rows of a task after `afterId`, in id order (the logs read a task in batches). */
    async outputsAfter(taskId: number, afterId: number, limit: number) {
      return db
        .select()
        .from(taskOutputs)
        .where(and(eq(taskOutputs.taskId, taskId), gt(taskOutputs.id, afterId)))
        .orderBy(asc(taskOutputs.id))
        .limit(limit);
    },

    /** Output rows by status for each of these tasks (tasks without rows are absent). */
    async outputCounts(taskIds: number[]) {
      const counts = new Map<number, OutputCounts>();
      if (taskIds.length === 0) return counts;
      const rows = await db
        .select({ taskId: taskOutputs.taskId, status: taskOutputs.status, n: count() })
        .from(taskOutputs)
        .where(inArray(taskOutputs.taskId, taskIds))
        .groupBy(taskOutputs.taskId, taskOutputs.status);
      for (const r of rows) {
        const c = counts.get(r.taskId) ?? { total: 0, succeeded: 0, failed: 0 };
        c.total += r.n;
        if (r.status === SubTaskStatus.Success) c.succeeded += r.n;
        if (r.status === SubTaskStatus.Failed) c.failed += r.n;
        counts.set(r.taskId, c);
      }
      return counts;
    },
  };
}
export type TaskManagerRepository = ReturnType<typeof createTaskManagerRepository>;
