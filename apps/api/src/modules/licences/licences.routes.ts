import { licenceEndpoints } from '@assess/contracts/providers';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { LicencesService } from './licences.service';

/** Provision Licenses and aggregator transactions (part 3 §7 ProviderResourceMapping). */
export function licenceRoutes(app: ZodApp, deps: { licences: LicencesService }) {
  const { licences } = deps;
  route(app, licenceEndpoints.allocation, async ({ principal, params }) =>
    licences.allocation(principal, params.providerId),
  );
  route(app, licenceEndpoints.save, async ({ principal, params, body }) =>
    licences.save(principal, params.providerId, body),
  );
  route(app, licenceEndpoints.subscribers, async ({ principal }) => licences.subscribers(principal));
  route(app, licenceEndpoints.transactions, async ({ principal }) => licences.transactions(principal));
  route(app, licenceEndpoints.summary, async ({ principal }) => licences.summary(principal));
}
