import { analyticsExportFileName, analyticsEndpoints as e } from '@assess/contracts/analytics';
import { sendQuestionImage } from '../../platform/files/send-image';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { EvaluationService } from '../learner';
import type { AnalyticsService } from './analytics.service';
import type { AnalyticsExportService } from './analytics-export.service';

/** §7 Analytics (MentorAnalytics) and item statistics. */
export function analyticsRoutes(
  app: ZodApp,
  deps: {
    analytics: AnalyticsService;
    exports: AnalyticsExportService;
    evaluation: Pick<EvaluationService, 'staffEvaluation' | 'staffImage'>;
  },
) {
  route(app, e.chart, async ({ principal, params }) => deps.analytics.chart(principal, params.testId));
  route(app, e.topFive, async ({ principal, params }) => deps.analytics.topFive(principal, params.testId));
  route(app, e.tree, async ({ principal, params }) =>
    deps.analytics.tree(principal, params.testId, params.content, params.execution),
  );
  route(app, e.itemStatistics, async ({ principal, params, query }) =>
    deps.analytics.itemStatistics(principal, params.testId, query.attempts),
  );
  route(app, e.attemptEvaluation, async ({ principal, params }) =>
    deps.evaluation.staffEvaluation(principal, params.attemptId),
  );
  route(app, e.attemptImage, async ({ principal, params, reply }) => {
    return sendQuestionImage(
      reply,
      await deps.evaluation.staffImage(principal, params.attemptId, params.imageId),
    );
  });
  route(app, e.export, async ({ principal, params, reply }) => {
    const stream = await deps.exports.stream(principal, params.testId);
    return reply
      .header('content-type', e.export.download)
      .header('content-disposition', `attachment; filename="${analyticsExportFileName(params.testId)}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
}
