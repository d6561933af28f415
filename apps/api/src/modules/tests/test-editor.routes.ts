import { testEditorEndpoints as e } from '@assess/contracts/tests';
import { codeNameExistsRoutes, route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { TestEditorService } from './test-editor.service';

/** The full test editor (part 3 §7 Tests): create, read, update, live checks, readiness, activate, publish, preview. */
export function testEditorRoutes(app: ZodApp, deps: { editor: TestEditorService }) {
  const s = deps.editor;
  route(app, e.create, async ({ principal, body }) => s.create(principal, body));
  codeNameExistsRoutes(app, e, async (field, { principal, query }) =>
    s.exists(principal, field, query.value, query.testId),
  );
  route(app, e.get, async ({ principal, params }) => s.get(principal, params.testId));
  route(app, e.update, async ({ principal, params, body }) => s.update(principal, params.testId, body));
  route(app, e.reviewOptions, async ({ principal, params, body }) =>
    s.saveReviewOptions(principal, params.testId, body.reviewOptions),
  );
  route(app, e.readiness, async ({ principal, params }) => s.readiness(principal, params.testId));
  route(app, e.activate, async ({ principal, params }) => s.activate(principal, params.testId));
  route(app, e.publish, async ({ principal, params }) => s.publish(principal, params.testId));
  route(app, e.preview, async ({ principal, params }) => s.preview(principal, params.testId));
}
