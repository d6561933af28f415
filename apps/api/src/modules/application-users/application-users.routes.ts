import { applicationUserEndpoints as e } from '@assess/contracts/application-users';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { ApplicationUsersService } from './application-users.service';

/** Application users (part 3 §7): the provider, the caller and the licence come from the session. */
export function applicationUsersRoutes(app: ZodApp, deps: { users: ApplicationUsersService }) {
  const { users } = deps;
  route(app, e.list, async ({ principal, query }) => users.list(principal, query));
  route(app, e.roles, async ({ principal }) => users.roles(principal));
  route(app, e.userNameExists, async ({ query }) => users.userNameExists(query.userName, query.userId));
  route(app, e.detail, async ({ principal, params }) => users.detail(principal, params.userId));
  route(app, e.create, async ({ principal, body }) => users.create(principal, body));
  route(app, e.update, async ({ principal, params, body }) => users.update(principal, params.userId, body));
  route(app, e.remove, async ({ principal, params }) => users.remove(principal, params.userId));
}
