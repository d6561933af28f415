import {
  taskEndpoints as e,
  logsFileName,
  type Task,
  type TaskOutputQuery,
  TaskStatus,
} from '@assess/contracts/tasks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** How often the grid and the details refresh while a task shown is Draft or Started. */
export const LIVE_REFRESH_MS = 2000;

export const taskKeys = {
  all: ['tasks'] as const,
  list: (page: number, pageSize: number) => ['tasks', 'list', page, pageSize] as const,
  outputs: (taskId: number, query: Partial<TaskOutputQuery>) => ['tasks', 'outputs', taskId, query] as const,
};

export const isRunning = (t: Pick<Task, 'taskStatus'>) =>
  t.taskStatus === TaskStatus.Draft || t.taskStatus === TaskStatus.Started;

/** The grid's refresh: every 2 s while any task on the page is Draft or Started, else none. */
export const liveInterval = (tasks: readonly Pick<Task, 'taskStatus'>[] | undefined) =>
  tasks?.some(isRunning) ? LIVE_REFRESH_MS : false;

/** A page of the provider's tasks; refreshed every 2 s while any task on it is Draft or Started. */
export function useTaskList(page: number, pageSize: number, enabled = true) {
  return useQuery({
    queryKey: taskKeys.list(page, pageSize),
    queryFn: () => call(e.list, { query: { pageNumber: page, pageSize } }),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: (q) => liveInterval(q.state.data?.items),
  });
}

/** A page of a task's output rows (7 a page); refreshed with the grid while the task runs. */
export function useTaskOutputs(taskId: number, pageNumber: number, pageSize: number, live: boolean) {
  const query = { pageNumber, pageSize };
  return useQuery({
    queryKey: taskKeys.outputs(taskId, query),
    queryFn: () => call(e.outputs, { params: { taskId }, query }),
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });
}

/** Downloads the task's logs and saves them as Logs_{timestamp}.zip (the browser's local time). */
export async function downloadLogs(taskId: number) {
  const blob = await call(e.logs, { params: { taskId } });
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = logsFileName(new Date());
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
