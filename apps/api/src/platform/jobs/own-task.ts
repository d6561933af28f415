import type { Principal } from '../auth/principal';
import { notFound } from '../http/errors';
import type { TaskRepository } from './tasks.repository';

/**
 * The task an upload dialog polls: of the caller's provider and of this kind, else not found (another provider's
 * task, or another kind of task, is as good as absent). For every upload that runs as a task (the spreadsheet,
 * zip and interchange imports; OMR reading).
 */
export async function ownTask(
  tasks: Pick<TaskRepository, 'find'>,
  p: Pick<Principal, 'providerId'>,
  taskId: number,
  taskType: string,
  message?: string,
) {
  const task = await tasks.find(taskId);
  if (!task || task.providerId !== p.providerId || task.taskType !== taskType) throw notFound(message);
  return task;
}
