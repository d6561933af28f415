import { seriesEditorEndpoints as e } from '@assess/contracts/series';
import { codeNameExistsRoutes, route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { SeriesEditorService } from './series-editor.service';

/** The test series editor (part 3 §7 Test series): create, read, update, live checks, the Test step's calls. */
export function seriesEditorRoutes(app: ZodApp, deps: { editor: SeriesEditorService }) {
  const s = deps.editor;
  route(app, e.create, async ({ principal, body }) => s.create(principal, body));
  codeNameExistsRoutes(app, e, async (field, { principal, query }) =>
    s.exists(principal, field, query.value, query.courseId),
  );
  route(app, e.testsForTopics, async ({ principal, body }) => s.testsForTopics(principal, body));
  route(app, e.get, async ({ principal, params }) => s.get(principal, params.courseId));
  route(app, e.update, async ({ principal, params, body }) => s.update(principal, params.courseId, body));
  route(app, e.addTests, async ({ principal, params, body }) => s.addTests(principal, params.courseId, body));
  route(app, e.removeTest, async ({ principal, params }) =>
    s.removeTest(principal, params.courseId, params.testId),
  );
  route(app, e.testSubscription, async ({ principal, params, body }) =>
    s.setTestSubscription(principal, params.courseId, params.testId, body.testSubscriptionStatus),
  );
}
