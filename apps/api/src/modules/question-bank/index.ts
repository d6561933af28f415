import type { ModuleDeps, ZodApp } from '../../platform/modules';

/** Question bank: categories/topics, questions, answers (issue 11) (filled in by its issue): registers the module's routes; returns its services for tests. */
export async function registerQuestionBankModule(_app: ZodApp, _deps: ModuleDeps) {
  return {};
}
