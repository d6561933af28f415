import { unitOfWork } from '../../platform/db/unit-of-work';
import { defineModule } from '../../platform/modules';
import { contributeConfigurationReferences, createConfigurationReader } from '../configuration';
import { createApprovalService } from './approval.service';
import { createCourseAssignmentRepository } from './course-assignment.repository';
import { createProfilePictureRepository } from './profile-picture.repository';
import { profilePictureRoutes } from './profile-picture.routes';
import { createProfilePictureService } from './profile-picture.service';
import { createStudentQueries } from './student-queries.repository';
import { studentConfigurationReferences } from './students.references';
import { createStudentsRepository } from './students.repository';
import { studentRoutes } from './students.routes';
import { createStudentsService } from './students.service';
import { courseAssignmentsKind, createTestDataRegistry, studentTestData } from './test-data';

export { createStudentQueries, type StudentQueries } from './student-queries.repository';
export { studentTestData, type TestDataCopy, type TestDataKind } from './test-data';

/**
 * Students: grid, form, approve/reject, clone, e-mail lookup, profile pictures (issue 5).
 * Owns the extension point `studentTestData` (the kinds of test data "Clone test data" copies; this module
 * contributes course assignments, later areas theirs); `testData` in its API reads and adds to it. The module's
 * shared queries (reach, licence count, assignable test series, grid rows) are `createStudentQueries`,
 * which the student-import module receives narrowed.
 */
export const studentsModule = defineModule({
  name: 'students',
  extensionPoints: [studentTestData],
  register(app, deps) {
    contributeConfigurationReferences(deps.extensions, studentConfigurationReferences);
    const testData = createTestDataRegistry(deps.extensions);
    testData.register(courseAssignmentsKind);
    const queries = createStudentQueries(deps.db);
    const repo = createStudentsRepository(deps.db);
    const withTransaction = unitOfWork(deps.db, (tx) => ({
      students: createStudentsRepository(tx),
      queries: createStudentQueries(tx),
      courses: createCourseAssignmentRepository(tx),
      testData: testData.bind(tx),
    }));
    const students = createStudentsService({
      queries,
      students: repo,
      configuration: createConfigurationReader(deps.db),
      withTransaction,
      clock: deps.clock,
    });
    const approval = createApprovalService({ queries, withTransaction, clock: deps.clock });
    const pictures = createProfilePictureService({
      files: deps.files,
      clock: deps.clock,
      students: queries,
      pictures: createProfilePictureRepository(deps.db),
    });
    studentRoutes(app, { students, approval });
    profilePictureRoutes(app, { pictures });
    return { students, approval, testData, pictures };
  },
});
