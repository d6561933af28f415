import type { Database } from '../../platform/db/client';
import type { ModuleDeps, ZodApp } from '../../platform/modules';
import { createConfigurationReferences } from './configuration.references';
import { createConfigurationRepository } from './configuration.repository';
import { configurationRoutes } from './configuration.routes';
import { createConfigurationReader, createConfigurationService } from './configuration.service';

export {
  type ConfigurationReference,
  type ConfigurationReferences,
  createConfigurationReferences,
} from './configuration.references';
export type { ConfigurationReader } from './configuration.service';

/**
 * The server-side reader of a provider's active lists for other areas:
 * `createConfigurationReader(db).listsFor(providerId)` → { state: [{id, value, isDefault}], city, class, ... }.
 */
export function createConfigurationReaderFor(db: Database) {
  // Reading lists never asks whether a value is in use: no references needed.
  return createConfigurationReader(createConfigurationRepository(db, createConfigurationReferences()));
}
export { createConfigurationReaderFor as createConfigurationReader };

/** System configuration lists and interests (issue 4). Registers the module's routes; returns its services for tests. */
export async function registerConfigurationModule(app: ZodApp, deps: ModuleDeps) {
  const repo = createConfigurationRepository(deps.db as Database, deps.configurationReferences);
  const configuration = createConfigurationService({ repo, clock: deps.clock });
  const reader = createConfigurationReader(repo);
  await app.register(configurationRoutes({ configuration, reader }), { prefix: '/api/configuration' });
  return { configuration, reader, repo };
}
