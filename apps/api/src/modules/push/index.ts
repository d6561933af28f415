import { unitOfWork } from '../../platform/db/unit-of-work';
import { defineModule, type ModuleDeps } from '../../platform/modules';
import type { ResolveHost } from './endpoint-guard';
import { createPushRepository } from './push.repository';
import { pushRoutes } from './push.routes';
import { createPushService } from './push.service';
import { createPushSender } from './sender';
import { createVapidKeyStore } from './vapid';

export type { PushSender } from './sender';

/**
 * The push sender on a database (the messages delivery uses it): the VAPID key pair kept there, the
 * subscriptions of the user, the push settings of the config.
 */
export function pushSenderOf(
  deps: Pick<ModuleDeps, 'db' | 'log' | 'config'>,
  options: { resolve?: ResolveHost } = {},
) {
  const repo = createPushRepository(deps.db);
  return createPushSender({
    repo,
    vapid: createVapidKeyStore(repo),
    log: deps.log,
    config: deps.config,
    resolve: options.resolve,
  });
}

/**
 * Web Push: VAPID keys (generated on first start, kept in the settings table), students' subscriptions
 * (/api/push), and the push sender the messages delivery uses (issue 6).
 */
export const pushModule = defineModule({
  name: 'push',
  register(app, deps) {
    const repo = createPushRepository(deps.db);
    const vapid = createVapidKeyStore(repo);
    const push = createPushService({
      repo,
      withTransaction: unitOfWork(deps.db, (tx) => ({ push: createPushRepository(tx) })),
      vapid,
      config: deps.config,
      clock: deps.clock,
    });
    const pushSender = createPushSender({ repo, vapid, log: deps.log, config: deps.config });
    pushRoutes(app, { push });
    // First start: make the key pair now (the database is migrated by the time the app is ready).
    app.addHook('onReady', async () => {
      await vapid.keys();
    });
    return { push, pushSender, vapid };
  },
});
