import { defineJob } from '../../platform/jobs/registry';

/** The status clock (schedule-clock.ts): every minute (UTC), the transitions due now. */
export const scheduleClockJob = defineJob('scheduling.clock', {
  retryLimit: 0,
  expireInSeconds: 5 * 60,
  cron: '* * * * *',
});
