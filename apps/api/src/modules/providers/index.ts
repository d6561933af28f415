import { unitOfWork } from '../../platform/db/unit-of-work';
import type { ModuleDeps, ZodApp } from '../../platform/modules';
import { registerLicencesModule } from '../licences';
import { createProviderUsersRepository } from './provider-users.repository';
import { createProviderWizardService } from './provider-wizard.service';
import { createProvidersRepository } from './providers.repository';
import { providerRoutes } from './providers.routes';
import { createProvidersService } from './providers.service';

export {
  administers,
  isAggregator,
  isPlatformOwner,
  type ProviderCaller,
} from './provider-scope';

/**
 * Providers (issue 17): the provider page, the creation wizard (provider and admin user in one unit of
 * work), the active switch; and licence provisioning (modules/licences). Returns its services for tests.
 */
export async function registerProvidersModule(app: ZodApp, deps: ModuleDeps) {
  const withTransaction = unitOfWork(deps.db, (tx) => ({
    providers: createProvidersRepository(tx),
    users: createProviderUsersRepository(tx),
  }));
  const providers = createProvidersService({
    providers: createProvidersRepository(deps.db),
    users: createProviderUsersRepository(deps.db),
    withTransaction,
    clock: deps.clock,
  });
  const wizard = createProviderWizardService({ withTransaction, clock: deps.clock });
  providerRoutes(app, { providers, wizard });
  const licences = await registerLicencesModule(app, deps);
  return { providers, wizard, licences };
}
