import type { Database } from '../../platform/db/client';
import type { ModuleDeps, ZodApp } from '../../platform/modules';
import { createConfigurationRepository } from './configuration.repository';
import { configurationRoutes } from './configuration.routes';
import { createConfigurationReader, createConfigurationService } from './configuration.service';

export { type ConfigurationReference, registerConfigurationReference } from './configuration.references';
export type { ConfigurationReader } from './configuration.service';

/**
 * The server-side reader of a provider's active lists for other areas:
 * `createConfigurationReader(db).listsFor(providerId)` → { state: [{id, value, isDefault}], city, class, ... }.
 */
export function createConfigurationReaderFor(db: Database) {
  return createConfigurationReader(createConfigurationRepository(db));
}
export { createConfigurationReaderFor as createConfigurationReader };

/** System configuration lists and interests (issue 4). Registers the module's routes; returns its services for tests. */
export async function registerConfigurationModule(app: ZodApp, deps: ModuleDeps) {
  const repo = createConfigurationRepository(deps.db as Database);
  const configuration = createConfigurationService({ repo, clock: deps.clock });
  const reader = createConfigurationReader(repo);
  await app.register(configurationRoutes({ configuration, reader }), { prefix: '/api/configuration' });
  return { configuration, reader, repo };
}
