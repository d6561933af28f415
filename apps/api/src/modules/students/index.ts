import type { ModuleDeps, ZodApp } from '../../platform/modules';
import { createApprovalService } from './approval.service';
import { createProfilePictureRepository } from './profile-picture.repository';
import { profilePictureRoutes } from './profile-picture.routes';
import { createProfilePictureService } from './profile-picture.service';
import { studentConfigurationReferences } from './students.references';
import { createStudentsRepository } from './students.repository';
import { studentRoutes } from './students.routes';
import { createStudentsService } from './students.service';
import { createTestDataRegistry } from './test-data';

export type { TestDataKind } from './test-data';

/**
 * Students: grid, form, approve/reject, clone, e-mail lookup (issue 5), mounted at /api/students.
 * `testData` is the clone registry: later areas register the kinds of test data they own.
 */
export async function registerStudentsModule(app: ZodApp, deps: ModuleDeps) {
  deps.configurationReferences.register(...studentConfigurationReferences);
  const testData = createTestDataRegistry();
  const students = createStudentsService(deps);
  const approval = createApprovalService({ ...deps, testData });
  const pictures = createProfilePictureService({
    ...deps,
    students: createStudentsRepository(deps.db),
    pictures: createProfilePictureRepository(deps.db),
  });
  await app.register(studentRoutes({ students, approval }), { prefix: '/api/students' });
  await app.register(profilePictureRoutes({ pictures }), { prefix: '/api/students' });
  return { students, approval, testData, pictures };
}
