import type { ModuleDeps, ZodApp } from '../../platform/modules';
import { createImportJob, importTaskArgs } from './import-job';
import { createStudentExportService } from './student-export.service';
import { studentImportRoutes } from './student-import.routes';
import { createStudentImportService, IMPORT_TASK_TYPE } from './student-import.service';

/** Students: xlsx export and bulk import from .xls/.xlsx (issue 5). Registers the module's routes and job handlers; returns its services for tests. */
export async function registerStudentImportModule(app: ZodApp, deps: ModuleDeps) {
  const imports = createStudentImportService(deps);
  const exports = createStudentExportService(deps);
  deps.tasks.register(IMPORT_TASK_TYPE, createImportJob({ ...deps, repo: imports.repo }), {
    args: importTaskArgs,
    // A retried run skips the rows it already created; an hour covers the largest file.
    retryLimit: 2,
    expireInSeconds: 60 * 60,
  });
  await app.register(studentImportRoutes({ imports, exports }), { prefix: '/api/students' });
  return { imports, exports };
}
