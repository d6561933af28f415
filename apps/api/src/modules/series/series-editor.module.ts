import { unitOfWork } from '../../platform/db/unit-of-work';
import type { ModuleDeps, ZodApp } from '../../platform/modules';
import { createSeriesEditorRepository } from './series-editor.repository';
import { seriesEditorRoutes } from './series-editor.routes';
import { createSeriesEditorService } from './series-editor.service';

/** The test series editor (/admin/course; issue 14). */
export function registerSeriesEditor(app: ZodApp, deps: ModuleDeps) {
  const db = deps.db;
  const editor = createSeriesEditorService({
    series: createSeriesEditorRepository(db),
    withTransaction: unitOfWork(db, (tx) => ({ series: createSeriesEditorRepository(tx) })),
    clock: deps.clock,
  });
  seriesEditorRoutes(app, { editor });
  return { seriesEditor: editor };
}
