import { unitOfWork } from '../../platform/db/unit-of-work';
import type { ModuleDeps, ZodApp } from '../../platform/modules';
import { createConfigurationReader } from '../configuration';
import { createStudentQueries } from '../students';
import { createImportJob, importTaskArgs } from './import-job';
import { createStudentExportService } from './student-export.service';
import { createStudentImportRepository } from './student-import.repository';
import { studentImportRoutes } from './student-import.routes';
import { createStudentImportService, IMPORT_TASK_TYPE } from './student-import.service';

/**
 * Students: xlsx export and bulk import from .xls/.xlsx (issue 5). Built on the students module's shared
 * queries and the configuration module's reader. Registers the module's routes and job handlers; returns
 * its services for tests.
 */
export async function registerStudentImportModule(app: ZodApp, deps: ModuleDeps) {
  const repo = createStudentImportRepository(deps.db);
  const students = createStudentQueries(deps.db);
  const imports = createStudentImportService({
    repo,
    students,
    configuration: createConfigurationReader(deps.db),
    files: deps.files,
    tasks: deps.tasks,
    clock: deps.clock,
  });
  const exports = createStudentExportService({ students, log: deps.log });
  const withTransaction = unitOfWork(deps.db, (tx) => ({
    imports: createStudentImportRepository(tx),
    students: createStudentQueries(tx),
  }));
  const job = createImportJob({ repo, students, withTransaction, files: deps.files, clock: deps.clock });
  deps.tasks.register(IMPORT_TASK_TYPE, job, {
    args: importTaskArgs,
    // A retried run skips the rows it already created; an hour covers the largest file.
    retryLimit: 2,
    expireInSeconds: 60 * 60,
  });
  studentImportRoutes(app, { imports, exports });
  return { imports, exports };
}
