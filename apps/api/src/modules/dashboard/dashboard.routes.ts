import { dashboardEndpoints } from '@assess/contracts/dashboard';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { DashboardService } from './dashboard.service';

/**
 * GET /api/dashboard: { updatedAt, widgets: [{id:'students',kind:'count',count} | {id:'messages',
 * kind:'messages',scheduledCount,deliveredCount} | {id:'classWise'|..., kind:'chart', lable, values}] },
 * only the caller's widgets.
 */
export function dashboardRoutes(app: ZodApp, deps: { dashboard: DashboardService }) {
  route(app, dashboardEndpoints.get, async ({ principal }) => deps.dashboard.forCaller(principal));
}
