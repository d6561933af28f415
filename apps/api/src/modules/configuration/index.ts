import type { Db } from '../../platform/db/client';
import { unitOfWork } from '../../platform/db/unit-of-work';
import { defineModule } from '../../platform/modules';
import { configurationReferences, configurationReferencesOf } from './configuration.references';
import { createConfigurationRepository } from './configuration.repository';
import { configurationRoutes } from './configuration.routes';
import {
  createConfigurationService,
  createConfigurationReader as createReader,
} from './configuration.service';

export {
  type ConfigurationReference,
  configurationReferences,
  contributeConfigurationReferences,
} from './configuration.references';
export type { ConfigurationReader } from './configuration.service';
export { ownConfigurationIds } from './configuration-ids.repository';
export { assertOwnLists } from './own-lists';

/**
 * The server-side reader of a provider's active lists for other areas (students' form lookups and checks,
 * the import's lists): `createConfigurationReader(db).listsFor(providerId)` →
 * { state: [{id, value, isDefault}], city, class, ..., interest }.
 */
export function createConfigurationReader(db: Db) {
  // Reading lists never asks whether a value is in use: no references needed.
  return createReader(
    createConfigurationRepository(
      db,
      configurationReferencesOf(() => []),
    ),
  );
}

/**
 * System configuration lists and interests (issue 4). Owns the extension point `configurationReferences`:
 * the columns of other areas that hold value ids (a value in use cannot be deactivated).
 */
export const configurationModule = defineModule({
  name: 'configuration',
  extensionPoints: [configurationReferences],
  register(app, deps) {
    const references = configurationReferencesOf(() => deps.extensions.all(configurationReferences));
    const repo = createConfigurationRepository(deps.db, references);
    const withTransaction = unitOfWork(deps.db, (tx) => ({
      values: createConfigurationRepository(tx, references),
    }));
    const configuration = createConfigurationService({ repo, withTransaction, clock: deps.clock });
    const reader = createReader(repo);
    configurationRoutes(app, { configuration, reader });
    return { configuration, reader, repo };
  },
});
