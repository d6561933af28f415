import { defineModule } from '../../platform/modules';
import { countCard, dashboardWidgets } from '../dashboard';
import { registerTestEditor } from './test-editor.module';
import { createTestEditorRepository } from './test-editor.repository';
import { registerTestList } from './test-list.module';
import { testAttemptedCount, testDataCleaners, testReadiness, testSectionSupply } from './test-list-hooks';

export { assertTestEditable, type EditableTest, isTestFrozen, testReadOnlyReason } from './test-editable';
export { testRuleColumns } from './test-list-bulk.repository';
export {
  type AttemptedCount,
  dataCleanersOf,
  type ReadinessCheck,
  type SectionSupplyOf,
  type TestDataCleaner,
  testAttemptedCount,
  testDataCleaners,
  testReadiness,
  testSectionSupply,
} from './test-list-hooks';
/** The one writer of tests and their sections (editor, copy, quick tests, topic-wise, sections). */
export { createTestWriter, type NewSection, type NewTest, type TestWriter } from './test-writer.repository';

/**
 * Tests (issue 13; spec part 3 §2–§9): the tests list and its actions (test-list.*), the full test editor,
 * readiness, activation, publish and preview (test-editor.*). Sections live in ../sections, which fills
 * `testSectionSupply`; the learner area fills `testDataCleaners` and `testAttemptedCount`. The module fills
 * its own `testReadiness` with the editor's rule (bulk update → Ready asks it).
 */
export const testsModule = defineModule({
  name: 'tests',
  extensionPoints: [testDataCleaners, testAttemptedCount, testReadiness, testSectionSupply],
  register(app, deps) {
    const list = registerTestList(app, deps);
    const editor = registerTestEditor(app, deps);
    deps.extensions.contribute(
      testReadiness,
      'tests.editor',
      async (c, testId) => (await editor.testEditor.readiness(c, testId)).ready,
    );
    // Part 3 §2 dashboard card 2: the provider's tests (every test, as the package's Tests limit counts them).
    const count = createTestEditorRepository(deps.db);
    deps.extensions.contribute(
      dashboardWidgets,
      'tests',
      countCard('tests', (c) => count.countTests(c.providerId)),
    );
    return { ...list, ...editor };
  },
});
