import { taskTypes } from '@assess/contracts/tasks';
import { topicwiseCreateSchema, topicwiseEndpoints } from '@assess/contracts/topicwise';
import { z } from 'zod';
import { defineTask } from '../../platform/jobs/registry';

export const topicwiseTaskArgs = z.object({
  providerId: z.number().int(),
  userId: z.number().int(),
  /** The package's Tests limit when the request was made (the run counts against its creator's licence then). */
  testsLimit: z.number().int(),
  combined: z.boolean(),
  body: topicwiseCreateSchema,
});
export type TopicwiseTaskArgs = z.infer<typeof topicwiseTaskArgs>;

/** Topic-wise creation of more than 50 tests (topicwise.job.ts); runs as the user who asked. */
export const topicwiseTask = defineTask(taskTypes.topicwise, {
  args: topicwiseTaskArgs,
  access: topicwiseEndpoints.createTests.access,
  // One attempt: a rerun would meet its own tests as code clashes.
  retryLimit: 0,
  expireInSeconds: 15 * 60,
});
