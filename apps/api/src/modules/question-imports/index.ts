import { type ApiOf, defineModule } from '../../platform/modules';
import { questionBankModule } from '../question-bank';
import { registerInterchange } from './interchange.module';
import { registerSpreadsheetImport } from './spreadsheet.module';
import { registerZipImport } from './zip.module';

export type QuestionImportsNeeds = { questionBank: ApiOf<typeof questionBankModule> };

/**
 * Question imports (issue 12; part 2 §2–§9): spreadsheet upload (spreadsheet.*), zip tree import (zip.*) and
 * Moodle XML / GIFT / QTI interchange (interchange.*). All write through question-batch.* (one writer).
 */
export const questionImportsModule = defineModule({
  name: 'questionImports',
  needs: [questionBankModule],
  register(app, deps, needs) {
    return {
      ...registerSpreadsheetImport(app, deps, needs),
      ...registerZipImport(app, deps, needs),
      ...registerInterchange(app, deps, needs),
    };
  },
});
