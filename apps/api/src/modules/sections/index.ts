import { unitOfWork } from '../../platform/db/unit-of-work';
import { defineModule } from '../../platform/modules';
import { questionBankModule, questionUsages } from '../question-bank';
import { testSectionSupply } from '../tests';
import { createSectionQuestionsService } from './section-questions.service';
import { createSectionsRepository } from './sections.repository';
import { sectionRoutes } from './sections.routes';
import { createSectionsService } from './sections.service';

/**
 * Sections (pools) of a test (issue 13; part 2 Sections, part 3 §3/§5): sections, their fixed questions and
 * topics. Contributes the 'sections' question usage (a question in a section cannot be deleted) and the tests
 * module's `testSectionSupply`: `supplyForTest(testId)`, per section { poolId, questionCount, supply,
 * fixedNotReady } in section order (the readiness rule: every section can supply its count, no Draft fixed
 * question).
 */
export const sectionsModule = defineModule({
  name: 'sections',
  needs: [questionBankModule],
  register(app, deps, { questionBank }) {
    const sectionsRepo = createSectionsRepository(deps.db);
    const withTransaction = unitOfWork(deps.db, (tx) => ({ sections: createSectionsRepository(tx) }));
    const sections = createSectionsService({ sections: sectionsRepo, withTransaction, clock: deps.clock });
    const questions = createSectionQuestionsService({
      sections: sectionsRepo,
      questions: questionBank.questions,
      withTransaction,
      clock: deps.clock,
    });

    deps.extensions.contribute(questionUsages, 'sections', {
      name: 'sections',
      label: 'a test section',
      check: (ids) => sectionsRepo.questionsInSections(ids),
    });
    const supplyForTest = (testId: number) => sections.supplyForTest(testId);
    deps.extensions.contribute(testSectionSupply, 'sections', supplyForTest);

    sectionRoutes(app, { sections, questions });
    return {
      /** Per section of the test, in order: questions allowed, what it can supply, its Draft fixed questions. */
      supplyForTest,
    };
  },
});
