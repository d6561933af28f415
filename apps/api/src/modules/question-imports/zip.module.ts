import type { ModuleDeps, ZodApp } from '../../platform/modules';
import type { QuestionImportsNeeds } from '.';
import { questionBatchDeps } from './question-batch.repository';
import { createQuestionBatchService } from './question-batch.service';
import { zipImportTask } from './tasks';
import { createZipAnalyser } from './zip.analyse';
import { createZipImportJob } from './zip.job';
import { createZipImportRepository } from './zip.repository';
import { zipImportRoutes } from './zip.routes';
import { createZipImportService } from './zip.service';

/** Zip tree import (issue 12; part 2 §2, §4, §5, §7 validateZip / SyncQuestions): routes and the import task. */
export function registerZipImport(app: ZodApp, deps: ModuleDeps, needs: QuestionImportsNeeds) {
  const repo = createZipImportRepository(deps.db);
  const batch = createQuestionBatchService(questionBatchDeps(deps.db, deps.clock));
  const analyse = createZipAnalyser({ repo });
  const zip = createZipImportService({ files: deps.files, tasks: deps.tasks, analyse, batch });
  deps.tasks.handle(
    zipImportTask,
    createZipImportJob({ files: deps.files, analyse, images: needs.questionBank.images, batch }),
  );
  zipImportRoutes(app, { zip, repo });
  return { zipImport: zip };
}
