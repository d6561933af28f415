import type { ModuleDeps, ZodApp } from '../../platform/modules';

/** System configuration lists and interests (issue 4). Registers the module's routes and job handlers; returns its services for tests. */
export async function registerConfigurationModule(_app: ZodApp, _deps: ModuleDeps) {
  return {};
}
