import { providerEndpoints } from '@assess/contracts/providers';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { ProviderWizardService } from './provider-wizard.service';
import type { ProvidersService } from './providers.service';

/** Provider page and wizard calls (part 3 §7 "Providers and licences"). */
export function providerRoutes(
  app: ZodApp,
  deps: { providers: ProvidersService; wizard: ProviderWizardService },
) {
  const { providers, wizard } = deps;
  route(app, providerEndpoints.list, async ({ principal, query }) => providers.list(principal, query));
  route(app, providerEndpoints.options, async ({ principal }) => providers.options(principal));
  route(app, providerEndpoints.exists, async ({ principal, query }) => providers.exists(principal, query));
  route(app, providerEndpoints.adminUserExists, async ({ principal, query }) =>
    providers.adminUserExists(principal, query),
  );
  route(app, providerEndpoints.get, async ({ principal, params }) =>
    providers.get(principal, params.providerId),
  );
  route(app, providerEndpoints.create, async ({ principal, body }) => wizard.create(principal, body));
  route(app, providerEndpoints.update, async ({ principal, params, body }) =>
    wizard.update(principal, params.providerId, body),
  );
  route(app, providerEndpoints.setStatus, async ({ principal, params, body }) =>
    providers.setStatus(principal, params.providerId, body.isActive),
  );
}
