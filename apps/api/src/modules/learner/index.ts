import type { ModuleDeps, ZodApp } from '../../platform/modules';
import type { registerTestsModule } from '../tests';

export type LearnerModuleNeeds = { tests: Awaited<ReturnType<typeof registerTestsModule>> };

/** STUB (issue 15, the learner area and the test player): replaced by its author. */
export async function registerLearnerModule(_app: ZodApp, _deps: ModuleDeps, _needs: LearnerModuleNeeds) {
  return {};
}
