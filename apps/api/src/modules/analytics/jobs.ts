import { defineJob } from '../../platform/jobs/registry';

/**
 * Every minute (UTC), and when a read leaves attempts to it: the closed attempts on the analytics backlog are
 * rolled up, test by test, until it is empty (analytics-rollup.service.ts catchUp). One job per tick whatever the
 * process count; two runs at once (a tick and a wake) claim through the same per-test lock and never count an
 * attempt twice.
 */
export const analyticsRollupJob = defineJob('analytics.rollup', {
  retryLimit: 0,
  expireInSeconds: 30 * 60,
  cron: '* * * * *',
});
