import { unitOfWork } from '../../platform/db/unit-of-work';
import type { ModuleDeps, ZodApp } from '../../platform/modules';
import { createTestEditorRepository } from './test-editor.repository';
import { testEditorRoutes } from './test-editor.routes';
import { createTestEditorService } from './test-editor.service';
import { testSectionSupply } from './test-list-hooks';

/** The full test editor, readiness, activation, publish and preview (issue 13). */
export function registerTestEditor(app: ZodApp, deps: ModuleDeps) {
  const db = deps.db;
  const editor = createTestEditorService({
    tests: createTestEditorRepository(db),
    // the sections area's counting (required: start-up stops without it)
    supplyForTest: async (testId) => {
      const supplyOf = deps.extensions.one(testSectionSupply);
      if (!supplyOf) throw new Error('no module contributes tests.sectionSupply');
      return supplyOf(testId);
    },
    withTransaction: unitOfWork(db, (tx) => ({ tests: createTestEditorRepository(tx) })),
    clock: deps.clock,
  });
  testEditorRoutes(app, { editor });
  return { testEditor: editor };
}
