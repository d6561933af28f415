import type { ModuleDeps, ZodApp } from '../../platform/modules';
import type { registerQuestionBankModule } from '../question-bank';
import { registerInterchange } from './interchange.module';
import { registerSpreadsheetImport } from './spreadsheet.module';
import { registerZipImport } from './zip.module';

export type QuestionImportsNeeds = { questionBank: Awaited<ReturnType<typeof registerQuestionBankModule>> };

/**
 * Question imports (issue 12; part 2 §2–§9): spreadsheet upload (spreadsheet.*), zip tree import (zip.*) and
 * Moodle XML / GIFT / QTI interchange (interchange.*). All write through question-batch.* (one writer).
 */
export async function registerQuestionImportsModule(
  app: ZodApp,
  deps: ModuleDeps,
  needs: QuestionImportsNeeds,
) {
  return {
    ...registerSpreadsheetImport(app, deps, needs),
    ...registerZipImport(app, deps, needs),
    ...registerInterchange(app, deps, needs),
  };
}
