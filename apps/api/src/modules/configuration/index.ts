import type { Db } from '../../platform/db/client';
import { unitOfWork } from '../../platform/db/unit-of-work';
import type { ModuleDeps, ZodApp } from '../../platform/modules';
import { createConfigurationReferences } from './configuration.references';
import { createConfigurationRepository } from './configuration.repository';
import { configurationRoutes } from './configuration.routes';
import {
  createConfigurationService,
  createConfigurationReader as createReader,
} from './configuration.service';

export {
  type ConfigurationReference,
  type ConfigurationReferences,
  createConfigurationReferences,
} from './configuration.references';
export type { ConfigurationReader } from './configuration.service';

/**
 * The server-side reader of a provider's active lists for other areas (students' form lookups and checks,
 * the import's lists): `createConfigurationReader(db).listsFor(providerId)` →
 * { state: [{id, value, isDefault}], city, class, ..., interest }.
 */
export function createConfigurationReader(db: Db) {
  // Reading lists never asks whether a value is in use: no references needed.
  return createReader(createConfigurationRepository(db, createConfigurationReferences()));
}

/** System configuration lists and interests (issue 4). Registers the module's routes; returns its services for tests. */
export async function registerConfigurationModule(app: ZodApp, deps: ModuleDeps) {
  const repo = createConfigurationRepository(deps.db, deps.configurationReferences);
  const withTransaction = unitOfWork(deps.db, (tx) => ({
    values: createConfigurationRepository(tx, deps.configurationReferences),
  }));
  const configuration = createConfigurationService({ repo, withTransaction, clock: deps.clock });
  const reader = createReader(repo);
  configurationRoutes(app, { configuration, reader });
  return { configuration, reader, repo };
}
