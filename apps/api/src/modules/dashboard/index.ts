import { defineModule } from '../../platform/modules';
import { createDashboardRepository } from './dashboard.repository';
import { dashboardRoutes } from './dashboard.routes';
import { createDashboardService } from './dashboard.service';
import { dashboardOwnWidgets, dashboardWidgets } from './dashboard.widgets';

export {
  countCard,
  type DashboardCaller,
  type DashboardWidgetDef,
  dashboardRule,
  dashboardWidgets,
} from './dashboard.widgets';

/**
 * Dashboard cards and charts, chosen per role/privilege (issue 4). Owns the extension point `dashboardWidgets`
 * and contributes its own widgets to it; other areas contribute theirs (each under its widget id).
 */
export const dashboardModule = defineModule({
  name: 'dashboard',
  extensionPoints: [dashboardWidgets],
  register(app, deps) {
    const repo = createDashboardRepository(deps.db);
    for (const widget of dashboardOwnWidgets(repo))
      deps.extensions.contribute(dashboardWidgets, widget.id, widget);
    const widgets = () => deps.extensions.all(dashboardWidgets);
    const dashboard = createDashboardService({ repo, clock: deps.clock, widgets });
    dashboardRoutes(app, { dashboard });
    // widgets: every area's cards (the benchmark computes them uncached, as a cold answer does)
    return { dashboard, repo, widgets };
  },
});
