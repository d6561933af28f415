import { pushEndpoints as e } from '@assess/contracts/push';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { PushService } from './push.service';

/** Web Push opt-in of students (user type 4). */
export function pushRoutes(app: ZodApp, deps: { push: PushService }) {
  route(app, e.publicKey, async () => deps.push.publicKey());
  route(app, e.state, async ({ principal, query }) => deps.push.state(principal.userId, query.endpoint));
  route(app, e.subscribe, async ({ principal, body, request }) =>
    deps.push.subscribe(principal.userId, body, request.headers['user-agent']),
  );
  route(app, e.unsubscribe, async ({ principal, query }) =>
    deps.push.unsubscribe(principal.userId, query.endpoint),
  );
}
