import type { ModuleDeps, ZodApp } from '../../platform/modules';

/** Students: xlsx export and bulk import from .xls/.xlsx (issue 5). Registers the module's routes and job handlers; returns its services for tests. */
export async function registerStudentImportModule(_app: ZodApp, _deps: ModuleDeps) {
  return {};
}
