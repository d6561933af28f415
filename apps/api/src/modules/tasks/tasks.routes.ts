import { taskEndpoints as e } from '@assess/contracts/tasks';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { TaskManagerService } from './tasks.service';

/** Task manager calls (part 2 §7 GET /api/TaskManagers, getOutputDetails/{taskId}, downloadLogs). */
export function taskRoutes(app: ZodApp, deps: { taskManager: TaskManagerService }) {
  route(app, e.list, async ({ principal, query }) => deps.taskManager.list(principal.providerId, query));
  route(app, e.outputs, async ({ principal, params, query }) =>
    deps.taskManager.outputs(principal.providerId, params.taskId, query),
  );
  route(app, e.logs, async ({ principal, params, reply }) => {
    const { fileName, stream } = await deps.taskManager.logs(principal.providerId, params.taskId);
    return reply
      .header('content-type', e.logs.download)
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
}
