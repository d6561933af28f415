import type { ModuleDeps, ZodApp } from '../../platform/modules';

/** Dashboard cards and charts, chosen per role/privilege (issue 4). Registers the module's routes and job handlers; returns its services for tests. */
export async function registerDashboardModule(_app: ZodApp, _deps: ModuleDeps) {
  return {};
}
