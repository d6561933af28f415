import { unitOfWork } from '../../platform/db/unit-of-work';
import type { ModuleDeps, ZodApp } from '../../platform/modules';
import { createLicencesRepository } from './licences.repository';
import { licenceRoutes } from './licences.routes';
import { createLicencesService } from './licences.service';

/** Licence provisioning (issue 17), registered by the providers module. Returns its service for tests. */
export async function registerLicencesModule(app: ZodApp, deps: ModuleDeps) {
  const withTransaction = unitOfWork(deps.db, (tx) => ({ licences: createLicencesRepository(tx) }));
  const licences = createLicencesService({
    repo: createLicencesRepository(deps.db),
    withTransaction,
    clock: deps.clock,
  });
  licenceRoutes(app, { licences });
  return { licences };
}
