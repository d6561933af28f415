import type { ModuleDeps, ZodApp } from '../../platform/modules';
import type { registerQuestionBankModule } from '../question-bank';
import type { registerSectionsModule } from '../sections';
import { registerTestEditor } from './test-editor.module';
import { registerTestList } from './test-list.module';

export type TestsModuleNeeds = {
  questionBank: Awaited<ReturnType<typeof registerQuestionBankModule>>;
  sections: Awaited<ReturnType<typeof registerSectionsModule>>;
};

/**
 * Tests (issue 13; spec part 3 §2–§9): the tests list and its actions (test-list.*), the full test editor,
 * readiness, activation, publish and preview (test-editor.*). Sections live in ../sections.
 */
export async function registerTestsModule(app: ZodApp, deps: ModuleDeps, needs: TestsModuleNeeds) {
  const list = registerTestList(app, deps, needs);
  const editor = registerTestEditor(app, deps, needs);
  // bulk update → Ready asks the editor's readiness rule
  list.testReadiness.provide(async (c, testId) => (await editor.testEditor.readiness(c, testId)).ready);
  return { ...list, ...editor };
}
