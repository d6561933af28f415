import { errorSchema } from '@assess/contracts/common';
import {
  taskIdParamSchema,
  taskListQuerySchema,
  taskListSchema,
  taskOutputListSchema,
} from '@assess/contracts/tasks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access/route-access';
import type { TaskManagerService } from './tasks.service';

/** Task manager calls (part 2 §7 GET /api/TaskManagers, getOutputDetails/{taskId}); mounted at /api/tasks. */
export const taskRoutes =
  (deps: { taskManager: TaskManagerService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '',
      {
        config: { access: { privilege: ['TaskManager', 'ViewTask'] } },
        schema: {
          tags: ['tasks'],
          summary: "The caller's provider's background tasks, newest first",
          querystring: taskListQuerySchema,
          response: { 200: taskListSchema, 401: errorSchema, 403: errorSchema },
        },
      },
      async (request) => deps.taskManager.list(principalOf(request).providerId, request.query),
    );

    app.get(
      '/:taskId/outputs',
      {
        config: { access: { privilege: ['TaskManager', 'ViewTask'] } },
        schema: {
          tags: ['tasks'],
          summary: "Output rows (subtasks) of one task of the caller's provider",
          params: taskIdParamSchema,
          response: { 200: taskOutputListSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
        },
      },
      async (request) => deps.taskManager.outputs(principalOf(request).providerId, request.params.taskId),
    );
  };
