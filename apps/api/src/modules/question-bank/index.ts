import { questions } from '../../db/schema';
import { unitOfWork } from '../../platform/db/unit-of-work';
import { defineModule } from '../../platform/modules';
import { contributeConfigurationReferences } from '../configuration';
import { createAnswersRepository } from './answers.repository';
import { createAnswersService } from './answers.service';
import { createBulkRepository } from './bulk.repository';
import { createBulkService } from './bulk.service';
import { createImagesRepository } from './images.repository';
import { createImagesService } from './images.service';
import { createQuestionGridRepository } from './question-grid.repository';
import { createQuestionUsages, questionUsages as questionUsagesPoint } from './question-usages';
import { createQuestionsRepository } from './questions.repository';
import { questionRoutes } from './questions.routes';
import { createQuestionsService } from './questions.service';
import { createTreeRepository } from './tree.repository';
import { treeRoutes } from './tree.routes';
import { createTreeService } from './tree.service';

export type { ImagesService } from './images.service';
export { choiceViews, columnsOf, imageIdsOf, storedContent, toPreview } from './question-content';
// the repositories: other areas' test reads (*.test-reads.ts) read what their imports stored through them
export { createQuestionGridRepository, questionRowColumns } from './question-grid.repository';
export { type QuestionUsage, type QuestionUsages, questionUsages } from './question-usages';
export { createQuestionsRepository, type QuestionsRepository, visibleTo } from './questions.repository';
export type { QuestionsService } from './questions.service';
export type { TreeCaller, TreeService } from './tree.service';

/**
 * Question bank (issue 11; spec part 2 §1–§9 without imports, task manager and sections): the
 * category/topic tree, questions and their lifecycle, preview, bulk update, answer setting and images.
 * Owns the extension point `questionUsages` (areas that use questions contribute their in-use check there);
 * returns its services, and `questionUsages` (reads and adds to the point).
 */
export const questionBankModule = defineModule({
  name: 'questionBank',
  extensionPoints: [questionUsagesPoint],
  register(app, deps) {
    const db = deps.db;
    const tree = createTreeRepository(db);
    const questionsRepo = createQuestionsRepository(db);
    const answers = createAnswersRepository(db);
    const questionUsages = createQuestionUsages(deps.extensions);

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
    contributeConfigurationReferences(deps.extensions, [
      { name: 'questions.objective', keys: ['Objective'], column: questions.objectiveIds, holds: 'ids' },
      {
        name: 'questions.targetAudience',
        keys: ['TargetAudience'],
        column: questions.targetAudienceIds,
        holds: 'ids',
      },
    ]);

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
  },
});
