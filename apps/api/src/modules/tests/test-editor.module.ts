import type { Database } from '../../platform/db/client';
import { unitOfWork } from '../../platform/db/unit-of-work';
import type { ModuleDeps, ZodApp } from '../../platform/modules';
import type { TestsModuleNeeds } from '.';
import { createTestEditorRepository } from './test-editor.repository';
import { testEditorRoutes } from './test-editor.routes';
import { createTestEditorService } from './test-editor.service';

/** The full test editor, readiness, activation, publish and preview (issue 13). */
export function registerTestEditor(app: ZodApp, deps: ModuleDeps, needs: TestsModuleNeeds) {
  const db = deps.db as Database;
  const editor = createTestEditorService({
    tests: createTestEditorRepository(db),
    supplyForTest: needs.sections.supplyForTest,
    withTransaction: unitOfWork(db, (tx) => ({ tests: createTestEditorRepository(tx) })),
    clock: deps.clock,
  });
  testEditorRoutes(app, { editor });
  return { testEditor: editor };
}
