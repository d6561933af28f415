import { sectionEndpoints as e } from '@assess/contracts/sections';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { SectionQuestionsService } from './section-questions.service';
import type { SectionsService } from './sections.service';

/** Sections (part 2 §7 section calls, part 3 §7 Sections): thin routes over the two services. */
export function sectionRoutes(
  app: ZodApp,
  deps: { sections: SectionsService; questions: SectionQuestionsService },
) {
  const s = deps.sections;
  const q = deps.questions;
  route(app, e.list, ({ principal, params }) => s.list(principal, params.testId));
  route(app, e.create, ({ principal, params, body }) => s.create(principal, params.testId, body));
  route(app, e.update, ({ principal, params, body }) => s.update(principal, params.poolId, body));
  route(app, e.delete, ({ principal, params }) => s.delete(principal, params.poolId));
  route(app, e.move, ({ principal, params, body }) => s.move(principal, params.poolId, body.direction));
  route(app, e.lock, ({ principal, params, body }) => s.lock(principal, params.poolId, body.lock));

  route(app, e.questions, ({ principal, params, query }) =>
    q.page(principal, params.poolId, query.pageNumber, query.pageSize),
  );
  route(app, e.picker, ({ principal, params, query }) => q.picker(principal, params.poolId, query));
  route(app, e.addQuestions, ({ principal, params, body }) =>
    q.add(principal, params.poolId, body.questionIds),
  );
  route(app, e.removeQuestion, ({ principal, params }) =>
    q.remove(principal, params.poolId, params.questionId),
  );
  route(app, e.moveQuestion, ({ principal, params, body }) =>
    q.move(principal, params.poolId, params.questionId, body.direction),
  );
  route(app, e.lockQuestion, ({ principal, params, body }) =>
    q.lock(principal, params.poolId, params.questionId, body.lock),
  );
  route(app, e.mandatoryQuestion, ({ principal, params, body }) =>
    q.mandatory(principal, params.poolId, params.questionId, body.isMandatory),
  );
  route(app, e.newQuestion, ({ principal, params, body }) => q.create(principal, params.poolId, body));
  route(app, e.setTopics, ({ principal, params, body }) => q.setTopics(principal, params.poolId, body));
}
