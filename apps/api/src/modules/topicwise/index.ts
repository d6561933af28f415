import type { ModuleDeps, ZodApp } from '../../platform/modules';
import type { registerTestsModule } from '../tests';

export type TopicwiseModuleNeeds = { tests: Awaited<ReturnType<typeof registerTestsModule>> };

/** STUB (issue 16, topic-wise tests): replaced by its author. */
export async function registerTopicwiseModule(_app: ZodApp, _deps: ModuleDeps, _needs: TopicwiseModuleNeeds) {
  return {};
}
