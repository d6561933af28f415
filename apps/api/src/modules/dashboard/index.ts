import type { ModuleDeps, ZodApp } from '../../platform/modules';
import { createDashboardRepository } from './dashboard.repository';
import { dashboardRoutes } from './dashboard.routes';
import { createDashboardService } from './dashboard.service';

export { type DashboardWidgetDef, dashboardWidgets } from './dashboard.widgets';

/** Dashboard cards and charts, chosen per role/privilege (issue 4). Registers the module's routes; returns its services for tests. */
export async function registerDashboardModule(app: ZodApp, deps: ModuleDeps) {
  const repo = createDashboardRepository(deps.db);
  const dashboard = createDashboardService({ repo, clock: deps.clock });
  dashboardRoutes(app, { dashboard });
  return { dashboard, repo };
}
