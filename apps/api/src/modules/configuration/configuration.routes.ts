import { configurationEndpoints as e } from '@assess/contracts/configuration';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { ConfigurationReader, ConfigurationService } from './configuration.service';

/** Configuration lists and interests (part 1 §7 "Configuration and interests"); see the endpoints' summaries. */
export function configurationRoutes(
  app: ZodApp,
  deps: { configuration: ConfigurationService; reader: ConfigurationReader },
) {
  route(app, e.lists, async ({ principal }) => deps.reader.listsFor(principal.providerId));
  route(app, e.values, async ({ principal, query }) =>
    deps.configuration.list(principal, query.key, query.includeInactive),
  );
  route(app, e.add, async ({ principal, body }) => deps.configuration.add(principal, body));
  route(app, e.setActive, async ({ principal, params, body }) =>
    deps.configuration.setActive(principal, params.key, params.id, body.isActive),
  );
}
