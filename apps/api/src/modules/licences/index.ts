import { unitOfWork } from '../../platform/db/unit-of-work';
import { defineModule } from '../../platform/modules';
import { createLicencesRepository } from './licences.repository';
import { licenceRoutes } from './licences.routes';
import { createLicencesService } from './licences.service';

/** Licence provisioning (issue 17; the provider page's licences): routes; returns its service for tests. */
export const licencesModule = defineModule({
  name: 'licences',
  register(app, deps) {
    const withTransaction = unitOfWork(deps.db, (tx) => ({ licences: createLicencesRepository(tx) }));
    const licences = createLicencesService({
      repo: createLicencesRepository(deps.db),
      withTransaction,
      clock: deps.clock,
    });
    licenceRoutes(app, { licences });
    return { licences };
  },
});
