import { topicwiseMessages as m, topicwiseCreateSchema } from '@assess/contracts/topicwise';
import { z } from 'zod';
import type { TaskContext } from '../../platform/jobs';
import type { TopicwiseCaller, TopicwiseService } from './topicwise.service';

export const TOPICWISE_TASK_TYPE = 'tests.topicwise';

export const topicwiseTaskArgs = z.object({
  providerId: z.number().int(),
  userId: z.number().int(),
  /** The package's Tests limit when the request was made (counted again when the task runs). */
  testsLimit: z.number().int(),
  combined: z.boolean(),
  body: topicwiseCreateSchema,
});
export type TopicwiseTaskArgs = z.infer<typeof topicwiseTaskArgs>;

/**
 * The background creation (task 'tests.topicwise', more than 50 tests): the same checks and the same single
 * transaction as a small request, with progress; the result counts created and skipped tests for the task
 * manager. A refusal (licence, too few questions) fails the task with its message; nothing is written.
 */
export function createTopicwiseJob(service: TopicwiseService) {
  return async function run(ctx: TaskContext<TopicwiseTaskArgs>) {
    const a = ctx.args;
    const caller = {
      providerId: a.providerId,
      userId: a.userId,
      licence: { Tests: a.testsLimit } as TopicwiseCaller['licence'],
    };
    await ctx.progress(5);
    const outcome = await service.createNow(caller, a.body, a.combined, (p) => ctx.progress(p));
    const sub = await ctx.subtask(
      `Topic-wise tests: ${outcome.created.length} of ${outcome.requested} created`,
    );
    if (outcome.skipped.length)
      await sub.fail(`${m.partial(outcome.created.length, outcome.requested)} ${outcome.skipped.join(', ')}`);
    else await sub.done(m.created);
    return {
      message: outcome.skipped.length ? m.partial(outcome.created.length, outcome.requested) : null,
      total: outcome.requested,
      succeeded: outcome.created.length,
      failed: outcome.skipped.length,
      codes: outcome.skipped,
    };
  };
}
