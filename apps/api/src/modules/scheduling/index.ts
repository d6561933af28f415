import { unitOfWork } from '../../platform/db/unit-of-work';
import type { ModuleDeps, ZodApp } from '../../platform/modules';
import type { registerTestsModule } from '../tests';
import { createScheduleClock, defineScheduleClockJob } from './schedule-clock';
import { createScheduleClockRepository } from './schedule-clock.repository';
import { createSchedulingRepository } from './scheduling.repository';
import { schedulingRoutes } from './scheduling.routes';
import { createSchedulingService } from './scheduling.service';

export { statusAt } from './schedule-status.repository';

export type SchedulingModuleNeeds = { tests: Awaited<ReturnType<typeof registerTestsModule>> };

/**
 * Schedule windows of tests and series and the status clock (issue 14; part 3 §4, §5, §7, §8, §9). The lists
 * read status and scheduleStatus through schedule-status.repository.ts (computed on read).
 */
export async function registerSchedulingModule(app: ZodApp, deps: ModuleDeps, _needs: SchedulingModuleNeeds) {
  const scheduling = createSchedulingService({
    repo: createSchedulingRepository(deps.db),
    withTransaction: unitOfWork(deps.db, (tx) => ({ repo: createSchedulingRepository(tx) })),
    clock: deps.clock,
  });
  schedulingRoutes(app, { scheduling });
  const scheduleClock = createScheduleClock({
    repo: createScheduleClockRepository(deps.db),
    clock: deps.clock,
    log: deps.log,
  });
  defineScheduleClockJob(deps.jobs, scheduleClock);
  return { scheduling, scheduleClock };
}
