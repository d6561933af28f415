import { unitOfWork } from '../../platform/db/unit-of-work';
import { defineModule } from '../../platform/modules';
import { createAssignmentRepository, seriesTestHolders, unassignSeriesTest } from './assignment.repository';
import { assignmentRoutes } from './assignment.routes';
import { createAssignmentService } from './assignment.service';

export { seriesTestHolders, unassignSeriesTest } from './assignment.repository';

/**
 * Students mapped to tests and series (issue 14; part 3 §2 Test User Mapping, §3, §4, §7, §8 Assignment).
 * A series assignment is its course_users rows; its tests reach the students through the student_tests view.
 * `seriesTestHolders(tx, courseId, testIds)`: how many (student, test) pairs a series gives (the series editor
 * reports it when it adds tests); `unassignSeriesTest`: drops the series' overrides of a test it loses.
 */
export const assignmentModule = defineModule({
  name: 'assignment',
  register(app, deps) {
    const db = deps.db;
    const service = createAssignmentService({
      assignment: createAssignmentRepository(db),
      withTransaction: unitOfWork(db, (tx) => ({ assignment: createAssignmentRepository(tx) })),
      clock: deps.clock,
    });
    assignmentRoutes(app, service);
    return {
      assignment: service,
      seriesTestHolders,
      unassignSeriesTest,
    };
  },
});
