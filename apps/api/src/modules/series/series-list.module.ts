import type { Database } from '../../platform/db/client';
import { unitOfWork } from '../../platform/db/unit-of-work';
import type { ModuleDeps, ZodApp } from '../../platform/modules';
import { createTestDataCleaners } from '../tests/test-list-hooks';
import { createSeriesListRepository } from './series-list.repository';
import { seriesListRoutes } from './series-list.routes';
import { createSeriesListService } from './series-list.service';

/**
 * The test series list and its row actions (issue 14; part 3 §2 Test series list, §4 row rules, §7, §8).
 * Returns `seriesDataCleaners`: the learner area registers, per table, how to remove the attempts taken
 * within a series (the same registry shape as the tests list's testDataCleaners, keyed by courseId); Clean
 * data and Delete run them in the action's transaction. Until then a series has no attempts to remove.
 */
export function registerSeriesList(app: ZodApp, deps: ModuleDeps) {
  const db = deps.db as Database;
  const seriesDataCleaners = createTestDataCleaners();
  const list = createSeriesListService({
    list: createSeriesListRepository(db),
    withTransaction: unitOfWork(db, (tx) => ({
      list: createSeriesListRepository(tx),
      cleaners: seriesDataCleaners.bind(tx),
    })),
    files: deps.files,
    clock: deps.clock,
  });
  seriesListRoutes(app, { list });
  return { seriesDataCleaners, seriesList: list };
}
