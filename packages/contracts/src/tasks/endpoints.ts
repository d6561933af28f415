import { z } from 'zod';
import { endpointGroup } from '../common';
import {
  taskIdParamSchema,
  taskListQuerySchema,
  taskListSchema,
  taskOutputListSchema,
  taskOutputQuerySchema,
} from './schemas';

const viewTask = { privilege: ['TaskManager', 'ViewTask'] } as const;

/** Task manager endpoints (part 2 §7 TaskManagers). */
export const taskEndpoints = endpointGroup('tasks', {
  list: {
    method: 'GET',
    path: '/api/tasks',
    summary: "The caller's provider's background tasks, newest first, with their counts",
    access: viewTask,
    query: taskListQuerySchema,
    response: taskListSchema,
  },
  outputs: {
    method: 'GET',
    path: '/api/tasks/:taskId/outputs',
    summary: "A page of the output rows (subtasks) of one task of the caller's provider; 404 for another's",
    access: viewTask,
    params: taskIdParamSchema,
    query: taskOutputQuerySchema,
    response: taskOutputListSchema,
  },
  logs: {
    method: 'GET',
    path: '/api/tasks/:taskId/logs',
    summary:
      "Logs_{timestamp}.zip of one task of the caller's provider: task-{id}.json (the task, its arguments, details, result and counts) and task-{id}-outputs.csv (every output row)",
    access: viewTask,
    params: taskIdParamSchema,
    download: 'application/zip',
    response: z.unknown(),
  },
});
