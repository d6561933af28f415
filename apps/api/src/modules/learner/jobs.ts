import { defineJob } from '../../platform/jobs/registry';

/** Every minute (UTC): attempts past their end are closed and evaluated (attempt-closer.service.ts). */
export const attemptCloserJob = defineJob('learner.close-overdue', {
  retryLimit: 0,
  expireInSeconds: 5 * 60,
  cron: '* * * * *',
});
