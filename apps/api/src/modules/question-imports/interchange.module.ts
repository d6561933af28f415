import type { ModuleDeps, ZodApp } from '../../platform/modules';
import type { QuestionImportsNeeds } from '.';
import { createInterchangeJob } from './interchange.job';
import { interchangeRoutes } from './interchange.routes';
import { createInterchangeService } from './interchange.service';
import { questionBatchDeps } from './question-batch.repository';
import { createQuestionBatchService } from './question-batch.service';
import { interchangeTask } from './tasks';

/**
 * Moodle XML / GIFT / QTI 3.0 interchange (issue 12, beyond the spec): export endpoint, import upload and
 * the import task 'questions.interchange' (writes through the one question writer, question-batch.*).
 */
export function registerInterchange(app: ZodApp, deps: ModuleDeps, needs: QuestionImportsNeeds) {
  const { questionBank } = needs;
  const batch = createQuestionBatchService(questionBatchDeps(deps.db, deps.clock));
  const interchange = createInterchangeService({
    files: deps.files,
    tasks: deps.tasks,
    cpu: deps.cpu,
    questions: questionBank.questions,
    images: questionBank.images,
    batch,
  });
  deps.tasks.handle(
    interchangeTask,
    createInterchangeJob({
      files: deps.files,
      cpu: deps.cpu,
      tree: questionBank.tree,
      images: questionBank.images,
      batch,
    }),
  );
  interchangeRoutes(app, { interchange });
  return { interchange };
}
