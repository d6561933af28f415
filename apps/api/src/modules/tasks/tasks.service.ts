import type { Paged, PageQuery } from '@assess/contracts/common';
import {
  logsFileName,
  resultCounts,
  type Task,
  type TaskCounts,
  type TaskOutput,
  type TaskOutputQuery,
} from '@assess/contracts/tasks';
import { notFound } from '../../platform/http/errors';
import type { TaskOutputRow, TaskRepository, TaskRow } from '../../platform/jobs/tasks.repository';
import { logsZip } from './logs-zip';
import type { TaskManagerRepository } from './tasks.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** Output rows read per query while the logs are written. */
export const LOGS_BATCH = 1000;

export const toTask = (t: TaskRow, counts: TaskCounts | null): Task => ({
  taskId: t.taskId,
  taskType: t.taskType,
  taskStatus: t.taskStatus,
  priority: t.priority,
  taskArguments: t.taskArguments ?? null,
  taskDetails: t.taskDetails,
  progress: t.progress,
  counts,
  scheduleDate: iso(t.scheduleDate),
  startDate: iso(t.startDate),
  endDate: iso(t.endDate),
  createdDate: t.createdDate.toISOString(),
});

export const toTaskOutput = (o: TaskOutputRow): TaskOutput => ({
  id: o.id,
  status: o.status,
  subTask: o.subTask,
  startDateTime: iso(o.startDateTime),
  endDateTime: iso(o.endDateTime),
  remark: o.remark,
});

/**
 * The task manager (part 2 "Task manager"): a provider sees its own tasks only; another provider's task
 * answers 404 like a missing one. Counts come from the task's result when it reports them (see
 * resultCounts), else from its output rows (a running task's rows so far).
 */
export function createTaskManagerService(deps: {
  tasks: Pick<TaskRepository, 'listForProvider'>;
  manager: TaskManagerRepository;
  clock: () => Date;
}) {
  const { manager } = deps;

  async function ownTask(providerId: number, taskId: number) {
    const task = await manager.findForProvider(providerId, taskId);
    if (!task) throw notFound();
    return task;
  }

  return {
    async list(providerId: number, page: PageQuery): Promise<Paged<Task>> {
      const { items, totalCount } = await deps.tasks.listForProvider(providerId, page);
      const fromResult = new Map(items.map((t) => [t.taskId, resultCounts(t.result)]));
      const fromOutputs = await manager.outputCounts(
        items.filter((t) => !fromResult.get(t.taskId)).map((t) => t.taskId),
      );
      return {
        items: items.map((t) => toTask(t, fromResult.get(t.taskId) ?? fromOutputs.get(t.taskId) ?? null)),
        totalCount,
      };
    },

    /** A page of the task's output rows; 404 when the task is not this provider's (the console shows none). */
    async outputs(providerId: number, taskId: number, query: TaskOutputQuery): Promise<Paged<TaskOutput>> {
      await ownTask(providerId, taskId);
      const { items, totalCount } = await manager.outputsPage(taskId, query);
      return { items: items.map(toTaskOutput), totalCount };
    },

    /** Logs_{timestamp}.zip of the task: its JSON and its output rows as CSV, streamed. */
    async logs(providerId: number, taskId: number) {
      const task = await ownTask(providerId, taskId);
      const counts = resultCounts(task.result) ?? (await manager.outputCounts([taskId])).get(taskId) ?? null;
      async function* batches() {
        let after = 0;
        for (;;) {
          const rows = await manager.outputsAfter(taskId, after, LOGS_BATCH);
          if (rows.length === 0) return;
          yield rows.map(toTaskOutput);
          if (rows.length < LOGS_BATCH) return;
          after = rows[rows.length - 1].id;
        }
      }
      const now = deps.clock();
      const log = { ...toTask(task, counts), result: task.result ?? null, attempts: task.attempts };
      return { fileName: logsFileName(now), stream: logsZip(log, batches(), now) };
    },
  };
}
export type TaskManagerService = ReturnType<typeof createTaskManagerService>;
