import { INTERCHANGE_TASK_TYPE } from '@assess/contracts/question-imports';
import type { ModuleDeps, ZodApp } from '../../platform/modules';
import type { QuestionImportsNeeds } from '.';
import { createInterchangeJob, interchangeTaskArgs } from './interchange.job';
import { interchangeRoutes } from './interchange.routes';
import { createInterchangeService } from './interchange.service';
import { questionBatchDeps } from './question-batch.repository';
import { createQuestionBatchService } from './question-batch.service';

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
  const principalOf = async (userId: number) => {
    const account = await deps.access.findAccount({ userId });
    if (!account) throw new Error('the user who started the import no longer exists');
    return deps.principals.build(account, '');
  };
  deps.tasks.register(
    INTERCHANGE_TASK_TYPE,
    createInterchangeJob({
      files: deps.files,
      cpu: deps.cpu,
      principalOf,
      tree: questionBank.tree,
      images: questionBank.images,
      batch,
    }),
    // A retried run finds the questions it wrote as duplicates; an hour covers the largest file.
    { args: interchangeTaskArgs, retryLimit: 1, expireInSeconds: 60 * 60 },
  );
  interchangeRoutes(app, { interchange });
  return { interchange };
}
