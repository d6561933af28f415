import { taskEndpoints } from '@assess/contracts/tasks';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { TaskManagerService } from './tasks.service';

/** Task manager calls (part 2 §7 GET /api/TaskManagers, getOutputDetails/{taskId}). */
export function taskRoutes(app: ZodApp, deps: { taskManager: TaskManagerService }) {
  route(app, taskEndpoints.list, async ({ principal, query }) =>
    deps.taskManager.list(principal.providerId, query),
  );
  route(app, taskEndpoints.outputs, async ({ principal, params }) =>
    deps.taskManager.outputs(principal.providerId, params.taskId),
  );
}
