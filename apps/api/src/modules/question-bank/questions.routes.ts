import { questionBankEndpoints as e } from '@assess/contracts/questions';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { BulkService } from './bulk.service';
import type { QuestionsService } from './questions.service';

/** Questions (part 2 §7 Questions, TopicQuestionMappings): grid, detail, preview, writes and bulk operations. */
export function questionRoutes(app: ZodApp, deps: { questions: QuestionsService; bulk: BulkService }) {
  route(app, e.list, async ({ principal, query }) => deps.questions.grid(principal, query));
  route(app, e.get, async ({ principal, params }) => deps.questions.get(principal, params.questionId));
  route(app, e.preview, async ({ principal, params }) =>
    deps.questions.preview(principal, params.questionId),
  );
  route(app, e.create, async ({ principal, body }) => deps.questions.create(principal, body));
  route(app, e.update, async ({ principal, params, body }) =>
    deps.questions.update(principal, params.questionId, body),
  );
  route(app, e.publish, async ({ principal, params }) =>
    deps.questions.publish(principal, params.questionId),
  );
  route(app, e.delete, async ({ principal, params }) => deps.questions.delete(principal, params.questionId));
  route(app, e.bulkUpdate, async ({ principal, body }) => deps.bulk.update(principal, body));
  route(app, e.bulkTopicMapping, async ({ principal, body }) => deps.bulk.remap(principal, body));
}
