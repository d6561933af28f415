import { defineModule } from '../../platform/modules';
import { countCard, dashboardWidgets } from '../dashboard';
import { registerSeriesEditor } from './series-editor.module';
import { createSeriesEditorRepository } from './series-editor.repository';
import { seriesDataCleaners } from './series-hooks';
import { registerSeriesList } from './series-list.module';

export { type SeriesDataCleaner, seriesDataCleaners } from './series-hooks';
export { type SeriesScope, seriesOnOffer, visibleSeries } from './series-list.repository';

/**
 * Test series (issue 14; spec part 3): the list and its row actions (series-list.*), the series editor
 * (series-editor.*). Owns the extension point `seriesDataCleaners` (the learner area fills it).
 */
export const seriesModule = defineModule({
  name: 'series',
  extensionPoints: [seriesDataCleaners],
  register(app, deps) {
    // Part 3 §2 dashboard card 1 (packages 3 and 4): the provider's own test series.
    const count = createSeriesEditorRepository(deps.db);
    deps.extensions.contribute(
      dashboardWidgets,
      'testSeries',
      countCard('testSeries', (c) => count.countSeries(c.providerId)),
    );
    return { ...registerSeriesList(app, deps), ...registerSeriesEditor(app, deps) };
  },
});
