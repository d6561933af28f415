import { unitOfWork } from '../../platform/db/unit-of-work';
import { defineModule } from '../../platform/modules';
import { createScheduleClock, defineScheduleClockJob } from './schedule-clock';
import { createScheduleClockRepository } from './schedule-clock.repository';
import { createSchedulingRepository } from './scheduling.repository';
import { schedulingRoutes } from './scheduling.routes';
import { createSchedulingService } from './scheduling.service';

export { seriesScheduleColumns, statusAt, testScheduleColumns } from './schedule-status.repository';

/**
 * Schedule windows of tests and series and the status clock (issue 14; part 3 §4, §5, §7, §8, §9). The lists
 * read status and scheduleStatus through schedule-status.repository.ts (computed on read).
 */
export const schedulingModule = defineModule({
  name: 'scheduling',
  register(app, deps) {
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
  },
});
