import { schedulingEndpoints as e } from '@assess/contracts/scheduling';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { SchedulingService } from './scheduling.service';

/** Part 3 §7: the schedule calls of Tests and Courses. */
export function schedulingRoutes(app: ZodApp, deps: { scheduling: SchedulingService }) {
  const s = deps.scheduling;
  route(app, e.testScheduling, async ({ principal, params }) => s.testScheduling(principal, params.testId));
  route(app, e.scheduleTest, async ({ principal, params, body }) =>
    s.scheduleTest(principal, params.testId, body),
  );
  route(app, e.testScheduleWindow, async ({ principal, params, body }) =>
    s.scheduleTestWindow(principal, params.testId, body.scheduleEndDateTime),
  );
  route(app, e.seriesScheduling, async ({ principal, params }) =>
    s.seriesScheduling(principal, params.courseId),
  );
  route(app, e.scheduleSeries, async ({ principal, params, body }) =>
    s.scheduleSeries(principal, params.courseId, body),
  );
}
