import type { ModuleDeps, ZodApp } from '../../platform/modules';
import { createPushRepository } from './push.repository';
import { pushRoutes } from './push.routes';
import { createPushService } from './push.service';
import { createPushSender } from './sender';
import { createVapidKeyStore } from './vapid';

export type { PushSender } from './sender';
export { createPushSender } from './sender';

/**
 * Web Push: VAPID keys (generated on first start, kept in the settings table), students' subscriptions
 * (/api/push), and the push sender the messages delivery uses (issue 6).
 */
export async function registerPushModule(app: ZodApp, deps: ModuleDeps) {
  const repo = createPushRepository(deps.db);
  const vapid = createVapidKeyStore(repo);
  const push = createPushService({ repo, vapid, config: deps.config, clock: deps.clock });
  const pushSender = createPushSender({ db: deps.db, log: deps.log, config: deps.config, vapid });
  await app.register(pushRoutes({ push }), { prefix: '/api/push' });
  // First start: make the key pair now (the database is migrated by the time the app is ready).
  app.addHook('onReady', async () => {
    await vapid.keys();
  });
  return { push, pushSender, vapid };
}
