import { testListEndpoints as e } from '@assess/contracts/tests';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { TestListService } from './test-list.service';
import type { TestBulkService } from './test-list-bulk.service';
import type { TestCopyService } from './test-list-copy.service';

/** The tests list and its row actions (part 3 §7 Tests: list, viewTestDetails, copyTest, delete, lockUnlock, userDataCleanUp, bulkUpdateTests). */
export function testListRoutes(
  app: ZodApp,
  deps: { list: TestListService; copy: TestCopyService; bulk: TestBulkService },
) {
  route(app, e.list, async ({ principal, query }) => deps.list.list(principal, query));
  route(app, e.details, async ({ principal, params }) => deps.list.details(principal, params.testId));
  route(app, e.copy, async ({ principal, params, body }) => deps.copy.copy(principal, params.testId, body));
  route(app, e.delete, async ({ principal, params }) => deps.list.delete(principal, params.testId));
  route(app, e.lock, async ({ principal, params, body }) =>
    deps.list.lock(principal, params.testId, body.isLocked),
  );
  route(app, e.cleanData, async ({ principal, params }) => deps.list.cleanData(principal, params.testId));
  route(app, e.bulkUpdate, async ({ principal, body }) => deps.bulk.update(principal, body));
}
