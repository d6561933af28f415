import type { ModuleDeps, ZodApp } from '../../platform/modules';
import type { registerTestsModule } from '../tests';
import { registerSeriesEditor } from './series-editor.module';
import { registerSeriesList } from './series-list.module';

export type SeriesModuleNeeds = { tests: Awaited<ReturnType<typeof registerTestsModule>> };

/**
 * Test series (issue 14; spec part 3): the list and its row actions (series-list.*), the series editor
 * (series-editor.*). Returns the list's `seriesDataCleaners` hook (the learner area) and the editor.
 */
export async function registerSeriesModule(app: ZodApp, deps: ModuleDeps, _needs: SeriesModuleNeeds) {
  return { ...registerSeriesList(app, deps), ...registerSeriesEditor(app, deps) };
}
