import type { ModuleDeps, ZodApp } from '../../platform/modules';

/** Students: grid, form, approve/reject, clone, e-mail lookup (issue 5). Registers the module's routes and job handlers; returns its services for tests. */
export async function registerStudentsModule(_app: ZodApp, _deps: ModuleDeps) {
  return {};
}
