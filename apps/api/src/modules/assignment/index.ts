import type { Database } from '../../platform/db/client';
import { unitOfWork } from '../../platform/db/unit-of-work';
import type { ModuleDeps, ZodApp } from '../../platform/modules';
import type { registerTestsModule } from '../tests';
import {
  assignSeriesTestsToStudents,
  createAssignmentRepository,
  unassignSeriesTest,
} from './assignment.repository';
import { assignmentRoutes } from './assignment.routes';
import { createAssignmentService } from './assignment.service';

export { assignSeriesTestsToStudents, unassignSeriesTest } from './assignment.repository';

export type AssignmentModuleNeeds = { tests: Awaited<ReturnType<typeof registerTestsModule>> };

/**
 * Students mapped to tests and series (issue 14; part 3 §2 Test User Mapping, §3, §4, §7, §8 Assignment).
 * Returns `assignSeriesTests(tx, courseId, { testIds, by, now })`: the series editor calls it (inside its
 * transaction) when it adds tests to a series that has students; `unassignSeriesTest` when it removes one.
 */
export async function registerAssignmentModule(app: ZodApp, deps: ModuleDeps, _needs: AssignmentModuleNeeds) {
  const db = deps.db as Database;
  const service = createAssignmentService({
    assignment: createAssignmentRepository(db),
    withTransaction: unitOfWork(db, (tx) => ({ assignment: createAssignmentRepository(tx) })),
    clock: deps.clock,
  });
  assignmentRoutes(app, service);
  return {
    assignment: service,
    assignSeriesTests: assignSeriesTestsToStudents,
    unassignSeriesTest,
  };
}
