import { defineModule } from '../../platform/modules';
import { learnerModule } from '../learner';
import { createAnalyticsRepository } from './analytics.repository';
import { analyticsRoutes } from './analytics.routes';
import { createAnalyticsService } from './analytics.service';
import { createAnalyticsExportService } from './analytics-export.service';
import { createAnalyticsRollupRepository } from './analytics-rollup.repository';
import { createAnalyticsRollupService } from './analytics-rollup.service';
import { analyticsRollupJob } from './jobs';

/** A read wakes the background rollup at most this often (per process); the cron runs it every minute anyway. */
const WAKE_EVERY_MS = 15_000;

/**
 * Test analytics and item statistics (issue 24; part 3 §2 the analytics dialog, §3 Analytics, §4 row rules, §6
 * TestAnalytics / SimplifiedTestAnalytics, §7 Analytics, §9): read-only over the stored attempts and their
 * per-question marks, through its rollups (analytics-rollup.repository.ts), kept up in the background as attempts
 * close (analytics.rollup, jobs.ts); item statistics are computed from the rollup's sufficient statistics (a few
 * rows per question, in the request: no CPU pool needed).
 */
export const analyticsModule = defineModule({
  name: 'analytics',
  needs: [learnerModule],
  register(app, deps, { learner }) {
    const repository = createAnalyticsRepository(deps.db);
    let wokenAt = Number.NEGATIVE_INFINITY;
    const rollup = createAnalyticsRollupService({
      rollup: createAnalyticsRollupRepository(deps.db),
      wake() {
        if (performance.now() - wokenAt < WAKE_EVERY_MS) return;
        wokenAt = performance.now();
        deps.jobs
          .send(analyticsRollupJob.queue, {})
          .catch((err) => deps.log.warn({ err }, 'analytics: could not wake the background rollup'));
      },
    });
    deps.jobs.handle(analyticsRollupJob, async () => rollup.catchUp());
    const analytics = createAnalyticsService({ analytics: repository, rollup });
    const exports = createAnalyticsExportService({
      analytics: repository,
      service: analytics,
      log: deps.log,
    });
    analyticsRoutes(app, { analytics, exports, evaluation: learner.evaluation });
    return { analytics, rollup };
  },
});
