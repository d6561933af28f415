import { unitOfWork } from '../../platform/db/unit-of-work';
import type { ModuleDeps, ZodApp } from '../../platform/modules';
import { dataCleanersOf } from '../tests';
import { seriesDataCleaners } from './series-hooks';
import { createSeriesListRepository } from './series-list.repository';
import { seriesListRoutes } from './series-list.routes';
import { createSeriesListService } from './series-list.service';

/**
 * The test series list and its row actions (issue 14; part 3 §2 Test series list, §4 row rules, §7, §8).
 * Clean data and Delete run the cleaners contributed to `seriesDataCleaners` (series-hooks.ts) in the action's
 * transaction; returned as `seriesDataCleaners` (a test adds its probe there).
 */
export function registerSeriesList(app: ZodApp, deps: ModuleDeps) {
  const db = deps.db;
  const cleaners = dataCleanersOf(deps.extensions, seriesDataCleaners);
  const list = createSeriesListService({
    list: createSeriesListRepository(db),
    withTransaction: unitOfWork(db, (tx) => ({
      list: createSeriesListRepository(tx),
      cleaners: cleaners.bind(tx),
    })),
    files: deps.files,
    clock: deps.clock,
  });
  seriesListRoutes(app, { list });
  return { seriesDataCleaners: cleaners, seriesList: list };
}
