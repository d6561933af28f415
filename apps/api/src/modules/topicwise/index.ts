import { unitOfWork } from '../../platform/db/unit-of-work';
import { defineModule } from '../../platform/modules';
import { type TopicwiseTaskArgs, topicwiseTask } from './tasks';
import { createTopicwiseJob } from './topicwise.job';
import { createTopicwiseRepository } from './topicwise.repository';
import { topicwiseRoutes } from './topicwise.routes';
import { createTopicwiseService } from './topicwise.service';

/**
 * Topic-wise tests (issue 16; part 3 §2 "Topic-wise test wizard", §4, §5, §7, §8): bulk creation of Draft tests
 * from leaf topics, each with one section of fixed questions; large requests run as the task 'tests.topicwise'.
 */
export const topicwiseModule = defineModule({
  name: 'topicwise',
  register(app, deps) {
    const db = deps.db;
    const topicwise = createTopicwiseService({
      topicwise: createTopicwiseRepository(db),
      withTransaction: unitOfWork(db, (tx) => ({ topicwise: createTopicwiseRepository(tx) })),
      clock: deps.clock,
    });
    deps.tasks.handle(topicwiseTask, createTopicwiseJob(topicwise));
    topicwiseRoutes(app, {
      topicwise,
      queue: async (p, body, combined) => {
        const args: TopicwiseTaskArgs = {
          providerId: p.providerId,
          userId: p.userId,
          testsLimit: p.licence.Tests,
          combined,
          body,
        };
        const task = await deps.tasks.createTaskFor(p, topicwiseTask.type, args);
        return task.taskId;
      },
    });
    return { topicwise };
  },
});
