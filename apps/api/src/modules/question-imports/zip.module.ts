import { ZIP_IMPORT_TASK_TYPE } from '@assess/contracts/question-imports';
import type { ModuleDeps, ZodApp } from '../../platform/modules';
import type { QuestionImportsNeeds } from '.';
import { questionBatchDeps } from './question-batch.repository';
import { createQuestionBatchService } from './question-batch.service';
import { createZipAnalyser } from './zip.analyse';
import { createZipImportJob, ZIP_RETRY_LIMIT, zipTaskArgs } from './zip.job';
import { createZipImportRepository } from './zip.repository';
import { zipImportRoutes } from './zip.routes';
import { createZipImportService } from './zip.service';

/** Zip tree import (issue 12; part 2 §2, §4, §5, §7 validateZip / SyncQuestions): routes and the import task. */
export function registerZipImport(app: ZodApp, deps: ModuleDeps, needs: QuestionImportsNeeds) {
  const repo = createZipImportRepository(deps.db);
  const batch = createQuestionBatchService(questionBatchDeps(deps.db, deps.clock));
  const analyse = createZipAnalyser({ repo });
  const zip = createZipImportService({ files: deps.files, tasks: deps.tasks, analyse, batch });
  deps.tasks.register(
    ZIP_IMPORT_TASK_TYPE,
    createZipImportJob({ files: deps.files, analyse, images: needs.questionBank.images, batch }),
    // A retry re-checks the zip and skips what the first run wrote; 2,000 images take about a minute.
    { args: zipTaskArgs, retryLimit: ZIP_RETRY_LIMIT, expireInSeconds: 30 * 60 },
  );
  zipImportRoutes(app, { zip, repo });
  return { zipImport: zip };
}
