import type { Db } from '../../platform/db/client';
import { extensionPoint } from '../../platform/modules';

/** One kind of a series' learner data that Clean data and Delete remove (keyed by courseId); rows removed. */
export type SeriesDataCleaner = { name: string; clean: (db: Db, courseId: number) => Promise<number> };

/**
 * The series list's extension point: the learner area contributes, per table, how to remove the attempts taken
 * within a series (as the tests list's testDataCleaners, keyed by courseId); Clean data and Delete run them in the
 * action's transaction. Without a contribution a series has no attempts to remove.
 */
export const seriesDataCleaners = extensionPoint.many<SeriesDataCleaner>('series.dataCleaners', {
  description: "Clean data and Delete remove a series' learner data (attempts)",
});
