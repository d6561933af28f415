import type { Paged, PageQuery } from '@assess/contracts/common';
import type { Task, TaskOutput } from '@assess/contracts/tasks';
import { notFound } from '../../platform/http/errors';
import type { TaskOutputRow, TaskRepository, TaskRow } from '../../platform/jobs/tasks.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toTask = (t: TaskRow): Task => ({
  taskId: t.taskId,
  taskType: t.taskType,
  taskStatus: t.taskStatus,
  priority: t.priority,
  taskArguments: t.taskArguments ?? null,
  taskDetails: t.taskDetails,
  progress: t.progress,
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

/** The task manager (part 2 "Task manager"): a provider sees its own tasks only. */
export function createTaskManagerService(deps: {
  tasks: Pick<TaskRepository, 'listForProvider' | 'outputsForProvider'>;
}) {
  return {
    async list(providerId: number, page: PageQuery): Promise<Paged<Task>> {
      const { items, totalCount } = await deps.tasks.listForProvider(providerId, page);
      return { items: items.map(toTask), totalCount };
    },
    /** 404 when the task is not this provider's (the console shows an empty list). */
    async outputs(providerId: number, taskId: number): Promise<TaskOutput[]> {
      const rows = await deps.tasks.outputsForProvider(providerId, taskId);
      if (!rows) throw notFound();
      return rows.map(toTaskOutput);
    },
  };
}
export type TaskManagerService = ReturnType<typeof createTaskManagerService>;
