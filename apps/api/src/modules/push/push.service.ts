import { isAllowedPushEndpoint, type PushSubscriptionBody, pushMessages } from '@assess/contracts/push';
import type { AppConfig } from '../../platform/config';
import { badRequest } from '../../platform/http/errors';
import type { ModuleDeps } from '../../platform/modules';
import type { PushRepository } from './push.repository';
import type { VapidKeyStore } from './vapid';

/** Subscriptions kept per student (browsers and devices); older ones are dropped. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

/** A student's Web Push opt-in: the VAPID public key, subscribe, unsubscribe, state of one endpoint. */
export function createPushService(deps: {
  repo: PushRepository;
  vapid: VapidKeyStore;
  config: Pick<AppConfig, 'push'>;
  clock: ModuleDeps['clock'];
}) {
  const { repo, vapid } = deps;
  return {
    async publicKey() {
      return { publicKey: (await vapid.keys()).publicKey };
    },

    async subscribe(userId: number, body: PushSubscriptionBody, userAgent: string | undefined) {
      if (!isAllowedPushEndpoint(body.endpoint, deps.config.push.allowLoopbackHttp)) {
        throw badRequest(pushMessages.endpointNotHttps, { endpoint: [pushMessages.endpointNotHttps] });
      }
      await repo.upsertSubscription(
        userId,
        {
          endpoint: body.endpoint,
          p256dh: body.keys.p256dh,
          auth: body.keys.auth,
          userAgent: userAgent?.slice(0, 300) ?? null,
        },
        deps.clock(),
        MAX_SUBSCRIPTIONS_PER_USER,
      );
      return { message: pushMessages.subscribed };
    },

    async unsubscribe(userId: number, endpoint: string) {
      await repo.deleteSubscription(userId, endpoint);
      return { message: pushMessages.unsubscribed };
    },

    async state(userId: number, endpoint: string) {
      return { subscribed: await repo.hasSubscription(userId, endpoint) };
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
