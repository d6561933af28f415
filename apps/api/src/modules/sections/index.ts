import type { Database } from '../../platform/db/client';
import { unitOfWork } from '../../platform/db/unit-of-work';
import type { ModuleDeps, ZodApp } from '../../platform/modules';
import type { registerQuestionBankModule } from '../question-bank';
import { createSectionQuestionsService } from './section-questions.service';
import { createSectionsRepository } from './sections.repository';
import { sectionRoutes } from './sections.routes';
import { createSectionsService } from './sections.service';

export type SectionsModuleNeeds = { questionBank: Awaited<ReturnType<typeof registerQuestionBankModule>> };

/**
 * Sections (pools) of a test (issue 13; part 2 Sections, part 3 §3/§5): sections, their fixed questions and
 * topics. Registers the 'sections' question usage (a question in a section cannot be deleted) and returns what
 * the tests module needs: `supplyForTest(testId)`, per section { poolId, questionCount, supply, fixedNotReady }
 * in section order (the readiness rule: every section can supply its count, no Draft fixed question).
 */
export async function registerSectionsModule(app: ZodApp, deps: ModuleDeps, needs: SectionsModuleNeeds) {
  const db = deps.db as Database;
  const sectionsRepo = createSectionsRepository(db);
  const withTransaction = unitOfWork(db, (tx) => ({ sections: createSectionsRepository(tx) }));
  const sections = createSectionsService({ sections: sectionsRepo, withTransaction, clock: deps.clock });
  const questions = createSectionQuestionsService({
    sections: sectionsRepo,
    questions: needs.questionBank.questions,
    withTransaction,
    clock: deps.clock,
  });

  needs.questionBank.questionUsages.register({
    name: 'sections',
    label: 'a test section',
    check: (ids) => sectionsRepo.questionsInSections(ids),
  });

  sectionRoutes(app, { sections, questions });
  return {
    /** Per section of the test, in order: questions allowed, what it can supply, its Draft fixed questions. */
    supplyForTest: (testId: number) => sections.supplyForTest(testId),
  };
}
