import type { Database } from '../../platform/db/client';
import { unitOfWork } from '../../platform/db/unit-of-work';
import type { ModuleDeps, ZodApp } from '../../platform/modules';
import type { registerTestsModule } from '../tests';
import {
  createTopicwiseJob,
  TOPICWISE_TASK_TYPE,
  type TopicwiseTaskArgs,
  topicwiseTaskArgs,
} from './topicwise.job';
import { createTopicwiseRepository } from './topicwise.repository';
import { topicwiseRoutes } from './topicwise.routes';
import { createTopicwiseService } from './topicwise.service';

export type TopicwiseModuleNeeds = { tests: Awaited<ReturnType<typeof registerTestsModule>> };

/**
 * Topic-wise tests (issue 16; part 3 §2 "Topic-wise test wizard", §4, §5, §7, §8): bulk creation of Draft tests
 * from leaf topics, each with one section of fixed questions; large requests run as the task 'tests.topicwise'.
 */
export async function registerTopicwiseModule(app: ZodApp, deps: ModuleDeps, _needs: TopicwiseModuleNeeds) {
  const db = deps.db as Database;
  const topicwise = createTopicwiseService({
    topicwise: createTopicwiseRepository(db),
    withTransaction: unitOfWork(db, (tx) => ({ topicwise: createTopicwiseRepository(tx) })),
    clock: deps.clock,
  });
  deps.tasks.register(TOPICWISE_TASK_TYPE, createTopicwiseJob(topicwise), {
    args: topicwiseTaskArgs,
    // One attempt: a rerun would meet its own tests as code clashes.
    retryLimit: 0,
    expireInSeconds: 15 * 60,
  });
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
      const task = await deps.tasks.createTask({
        providerId: p.providerId,
        userId: p.userId,
        taskType: TOPICWISE_TASK_TYPE,
        args,
      });
      return task.taskId;
    },
  });
  return { topicwise };
}
