import { unitOfWork } from '../../platform/db/unit-of-work';
import { defineModule } from '../../platform/modules';
import { createConfigurationReader } from '../configuration';
import { createStudentQueries } from '../students';
import { createImportJob } from './import-job';
import { createStudentExportService } from './student-export.service';
import { createStudentImportRepository } from './student-import.repository';
import { studentImportRoutes } from './student-import.routes';
import { createStudentImportService } from './student-import.service';
import { studentImportTask } from './tasks';

/**
 * Students: xlsx export and bulk import from .xls/.xlsx (issue 5). Built on the students module's shared
 * queries and the configuration module's reader. Registers the module's routes and job handlers; returns
 * its services for tests.
 */
export const studentImportModule = defineModule({
  name: 'studentImport',
  register(app, deps) {
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
    deps.tasks.handle(studentImportTask, job);
    studentImportRoutes(app, { imports, exports });
    return { imports, exports };
  },
});
