import type { Principal } from '../../platform/auth/principal';
import { notFound } from '../../platform/http/errors';
import type { TaskRepository } from '../../platform/jobs/tasks.repository';

/**
 * The task an upload dialog polls: of the caller's provider and of this kind, else not found (another provider's
 * task, or another kind of task, is as good as absent). Shared by the spreadsheet, zip and interchange imports.
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
