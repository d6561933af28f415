import { defineModule } from '../../platform/modules';
import { registerSeriesEditor } from './series-editor.module';
import { seriesDataCleaners } from './series-hooks';
import { registerSeriesList } from './series-list.module';

export { type SeriesDataCleaner, seriesDataCleaners } from './series-hooks';

/**
 * Test series (issue 14; spec part 3): the list and its row actions (series-list.*), the series editor
 * (series-editor.*). Owns the extension point `seriesDataCleaners` (the learner area fills it).
 */
export const seriesModule = defineModule({
  name: 'series',
  extensionPoints: [seriesDataCleaners],
  register(app, deps) {
    return { ...registerSeriesList(app, deps), ...registerSeriesEditor(app, deps) };
  },
});
