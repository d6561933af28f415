import { quickTestEndpoints as e } from '@assess/contracts/quick-tests';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { QuickTestsService } from './quick-tests.service';

/** Quick tests (part 3 §7 SimplifiedTest calls): the home's cards, the Test Details tab and the card actions. */
export function quickTestRoutes(app: ZodApp, s: QuickTestsService) {
  route(app, e.list, async ({ principal, query }) => s.list(principal, query.pageNumber, query.pageSize));
  route(app, e.create, async ({ principal, body }) => s.create(principal, body));
  route(app, e.nameExists, async ({ principal, query }) =>
    s.nameExists(principal, query.value, query.testId),
  );
  route(app, e.get, async ({ principal, params }) => s.get(principal, params.testId));
  route(app, e.update, async ({ principal, params, body }) => s.update(principal, params.testId, body));
  route(app, e.activate, async ({ principal, params }) => s.activate(principal, params.testId));
  route(app, e.publish, async ({ principal, params }) => s.publish(principal, params.testId));
  route(app, e.delete, async ({ principal, params }) => s.delete(principal, params.testId));
  route(app, e.cleanData, async ({ principal, params }) => s.cleanData(principal, params.testId));
}
