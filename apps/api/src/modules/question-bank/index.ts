import { questions } from '../../db/schema';
import type { Database } from '../../platform/db/client';
import { unitOfWork } from '../../platform/db/unit-of-work';
import type { ModuleDeps, ZodApp } from '../../platform/modules';
import { createAnswersRepository } from './answers.repository';
import { createAnswersService } from './answers.service';
import { createBulkRepository } from './bulk.repository';
import { createBulkService } from './bulk.service';
import { createImagesRepository } from './images.repository';
import { createImagesService } from './images.service';
import { createQuestionGridRepository } from './question-grid.repository';
import { createQuestionUsages } from './question-usages';
import { createQuestionsRepository } from './questions.repository';
import { questionRoutes } from './questions.routes';
import { createQuestionsService } from './questions.service';
import { createTreeRepository } from './tree.repository';
import { treeRoutes } from './tree.routes';
import { createTreeService } from './tree.service';

export { choiceViews, toPreview } from './question-content';
export { createQuestionUsages, type QuestionUsage, type QuestionUsages } from './question-usages';

/**
 * Question bank (issue 11; spec part 2 §1–§9 without imports, task manager and sections): the
 * category/topic tree, questions and their lifecycle, preview, bulk update, answer setting and images.
 * Returns `questionUsages` (areas that use questions register their in-use check there) and the services.
 */
export async function registerQuestionBankModule(app: ZodApp, deps: ModuleDeps) {
  const db = deps.db as Database;
  const tree = createTreeRepository(db);
  const questionsRepo = createQuestionsRepository(db);
  const answers = createAnswersRepository(db);
  const questionUsages = createQuestionUsages();

  const treeService = createTreeService({
    tree,
    withTransaction: unitOfWork(db, (tx) => ({ tree: createTreeRepository(tx) })),
    clock: deps.clock,
  });
  const questionsService = createQuestionsService({
    questions: questionsRepo,
    grid: createQuestionGridRepository(db),
    tree,
    usages: questionUsages,
    withTransaction: unitOfWork(db, (tx) => ({
      questions: createQuestionsRepository(tx),
      tree: createTreeRepository(tx),
    })),
    clock: deps.clock,
  });
  const bulk = createBulkService({
    withTransaction: unitOfWork(db, (tx) => ({
      bulk: createBulkRepository(tx),
      questions: createQuestionsRepository(tx),
      tree: createTreeRepository(tx),
    })),
    clock: deps.clock,
  });
  const answersService = createAnswersService({
    answers,
    tree,
    withTransaction: unitOfWork(db, (tx) => ({
      answers: createAnswersRepository(tx),
      tree: createTreeRepository(tx),
    })),
    clock: deps.clock,
  });
  const images = createImagesService({ files: deps.files, images: createImagesRepository(db) });

  // The configuration lists' in-use guard: objectives and target audiences held by questions.
  deps.configurationReferences.register(
    { name: 'questions.objective', keys: ['Objective'], column: questions.objectiveIds, holds: 'ids' },
    {
      name: 'questions.targetAudience',
      keys: ['TargetAudience'],
      column: questions.targetAudienceIds,
      holds: 'ids',
    },
  );

  treeRoutes(app, { tree: treeService, answers: answersService, images });
  questionRoutes(app, { questions: questionsService, bulk });
  return {
    questionUsages,
    tree: treeService,
    questions: questionsService,
    bulk,
    answers: answersService,
    images,
    /** What a question was at a version (attempts and their evaluation read it). */
    versionSnapshot: (versionId: number) => questionsRepo.versionSnapshot(versionId),
  };
}
