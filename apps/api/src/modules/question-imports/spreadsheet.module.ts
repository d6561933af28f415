import type { ModuleDeps, ZodApp } from '../../platform/modules';
import type { QuestionImportsNeeds } from '.';
import { createQuestionBatchRepository, questionBatchDeps } from './question-batch.repository';
import { createQuestionBatchService } from './question-batch.service';
import { createSpreadsheetJob } from './spreadsheet.job';
import { spreadsheetRoutes } from './spreadsheet.routes';
import { createSpreadsheetService } from './spreadsheet.service';
import { spreadsheetTask } from './tasks';

/**
 * Spreadsheet upload of questions (issue 12; part 2 §2 "Question upload dialog", §3–§5, §7, §8): routes, the
 * background task and the service; writes through the one question-batch writer.
 */
export function registerSpreadsheetImport(app: ZodApp, deps: ModuleDeps, needs: QuestionImportsNeeds) {
  const batch = createQuestionBatchRepository(deps.db);
  const writer = createQuestionBatchService(questionBatchDeps(deps.db, deps.clock));
  const spreadsheet = createSpreadsheetService({
    files: deps.files,
    tasks: deps.tasks,
    writer,
    batch,
    images: needs.questionBank.images,
  });
  deps.tasks.handle(
    spreadsheetTask,
    createSpreadsheetJob({ files: deps.files, cpu: deps.cpu, writer, batch }),
  );
  spreadsheetRoutes(app, spreadsheet);
  return { spreadsheet, questionBatch: writer };
}
