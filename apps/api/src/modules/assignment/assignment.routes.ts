import { assignmentEndpoints as e } from '@assess/contracts/assignment';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { AssignmentService } from './assignment.service';

/** Test student mapping and series student mapping (part 3 §7). */
export function assignmentRoutes(app: ZodApp, s: AssignmentService) {
  route(app, e.testAssigned, ({ principal, params, query }) =>
    s.assigned(principal, 'test', params.testId, query),
  );
  route(app, e.testAvailable, ({ principal, params, query }) =>
    s.available(principal, 'test', params.testId, query),
  );
  route(app, e.testAssign, ({ principal, params, body }) =>
    s.assign(principal, 'test', params.testId, body.userIds),
  );
  route(app, e.testRemove, ({ principal, params }) =>
    s.remove(principal, 'test', params.testId, params.userId),
  );
  route(app, e.testAccommodation, ({ principal, params, body }) =>
    s.setAccommodation(principal, params.testId, params.userId, body),
  );
  route(app, e.seriesAssigned, ({ principal, params, query }) =>
    s.assigned(principal, 'series', params.courseId, query),
  );
  route(app, e.seriesAvailable, ({ principal, params, query }) =>
    s.available(principal, 'series', params.courseId, query),
  );
  route(app, e.seriesAssign, ({ principal, params, body }) =>
    s.assign(principal, 'series', params.courseId, body.userIds),
  );
  route(app, e.seriesRemove, ({ principal, params }) =>
    s.remove(principal, 'series', params.courseId, params.userId),
  );
  route(app, e.seriesSubscription, ({ principal, params, body }) =>
    s.setSubscription(principal, params.courseId, params.userId, body.userSubscriptionStatus),
  );
}
