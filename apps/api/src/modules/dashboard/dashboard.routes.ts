import { errorSchema } from '@assess/contracts/common';
import { dashboardSchema } from '@assess/contracts/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access/route-access';
import type { DashboardService } from './dashboard.service';

/**
 * GET /api/dashboard (the spec's getStudentCount and the four Analytics chart calls in one answer):
 * { updatedAt, widgets: [{id:'students',kind:'count',count} | {id:'messages',kind:'messages',scheduledCount,
 * deliveredCount} | {id:'classWise'|..., kind:'chart', lable, values}] }, only the caller's widgets.
 */
export const dashboardRoutes =
  (deps: { dashboard: DashboardService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '',
      {
        config: { access: { signedIn: true, userType: 'staff' } },
        schema: {
          tags: ['dashboard'],
          summary: "Cards and charts of the caller's provider that the caller's role and privileges allow",
          response: { 200: dashboardSchema, 401: errorSchema, 403: errorSchema },
        },
      },
      async (request) => deps.dashboard.forCaller(principalOf(request)),
    );
  };
