// The status clock's job (part 3 §4): a pg-boss cron (every minute, UTC) runs one set-based UPDATE per table.
// pg-boss's cron sends one job per minute whichever processes run the clock, a job is worked by one process,
// and the UPDATE itself writes each transition once even if two runs overlap (schedule-clock.repository.ts).
// The lists compute the same status on read, so a late or missed run never shows a wrong state.
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../platform/jobs';
import { scheduleClockJob } from './jobs';
import type { ScheduleClockRepository } from './schedule-clock.repository';

export const SCHEDULE_CLOCK_QUEUE = scheduleClockJob.queue;
export const SCHEDULE_CLOCK_CRON = scheduleClockJob.cron;

export function createScheduleClock(deps: {
  repo: ScheduleClockRepository;
  clock: () => Date;
  log: Pick<FastifyBaseLogger, 'info'>;
}) {
  return {
    /** One pass: the transitions due now; returns the ids moved. */
    async tick() {
      const moved = await deps.repo.advance(deps.clock());
      if (moved.tests.length || moved.series.length)
        deps.log.info({ tests: moved.tests.length, series: moved.series.length }, 'schedule clock');
      return moved;
    },
  };
}
export type ScheduleClock = ReturnType<typeof createScheduleClock>;

/** Attaches the job's handler; the cron is installed where jobs run (JobOptions.cron). */
export function defineScheduleClockJob(jobs: Pick<JobQueue, 'handle'>, clock: ScheduleClock) {
  jobs.handle(scheduleClockJob, async () => clock.tick());
}
