import { topicwiseMessages as m } from '@assess/contracts/topicwise';
import type { DefinedTaskContext } from '../../platform/jobs';
import type { TopicwiseTaskArgs } from './tasks';
import type { TopicwiseService } from './topicwise.service';

/**
 * The background creation (task 'tests.topicwise', more than 50 tests): the same checks and the same single
 * transaction as a small request, with progress; the result counts created and skipped tests for the task
 * manager. A refusal (licence, too few questions) fails the task with its message; nothing is written.
 */
export function createTopicwiseJob(service: TopicwiseService) {
  return async function run(ctx: DefinedTaskContext<TopicwiseTaskArgs>) {
    const a = ctx.args;
    // The creator as of now (the one rule for tasks): their provider, their user and their package's limits.
    const caller = ctx.principal;
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
