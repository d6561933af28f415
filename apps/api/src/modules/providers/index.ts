import { unitOfWork } from '../../platform/db/unit-of-work';
import { defineModule } from '../../platform/modules';
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
 * work), the active switch. Licence provisioning is its own module (modules/licences), which reads the provider
 * scope (provider-scope.ts) from here. Returns its services for tests.
 */
export const providersModule = defineModule({
  name: 'providers',
  register(app, deps) {
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
    return { providers, wizard };
  },
});
