import type { ModuleDeps, ZodApp } from '../../platform/modules';
import type { registerTestsModule } from '../tests';

export type QuickTestsModuleNeeds = { tests: Awaited<ReturnType<typeof registerTestsModule>> };

/** STUB (issue 16, quick tests): replaced by its author. */
export async function registerQuickTestsModule(
  _app: ZodApp,
  _deps: ModuleDeps,
  _needs: QuickTestsModuleNeeds,
) {
  return {};
}
