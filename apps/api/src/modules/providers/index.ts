import type { ModuleDeps, ZodApp } from '../../platform/modules';

/** Providers and licence provisioning (issue 17) (filled in by its issue): registers the module's routes; returns its services for tests. */
export async function registerProvidersModule(_app: ZodApp, _deps: ModuleDeps) {
  return {};
}
