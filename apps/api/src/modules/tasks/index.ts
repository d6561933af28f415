import { createTaskRepository } from '../../platform/jobs/tasks.repository';
import { defineModule } from '../../platform/modules';
import { createTaskManagerRepository } from './tasks.repository';
import { taskRoutes } from './tasks.routes';
import { createTaskManagerService } from './tasks.service';

/**
 * The Task Manager (part 2 §7): the provider's tasks, their outputs and logs. The tasks themselves (the row
 * written with the job, the runner) are platform/jobs; this module is the screen's API over them.
 */
export const tasksModule = defineModule({
  name: 'tasks',
  register(app, deps) {
    const taskManager = createTaskManagerService({
      tasks: createTaskRepository(deps.db),
      manager: createTaskManagerRepository(deps.db),
      clock: deps.clock,
    });
    taskRoutes(app, { taskManager });
    return { taskManager };
  },
});
