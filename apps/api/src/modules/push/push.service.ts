import { type PushSubscriptionBody, pushMessages } from '@assess/contracts/push';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { badRequest } from '../../platform/http/errors';
import type { ModuleDeps } from '../../platform/modules';
import { endpointRefusal, type PushTargetRules } from './endpoint-guard';
import type { PushRepository } from './push.repository';
import type { VapidKeyStore } from './vapid';

/** Subscriptions kept per student (browsers and devices); older ones are dropped. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

/** A student's Web Push opt-in: the VAPID public key, subscribe, unsubscribe, state of one endpoint. */
export function createPushService(deps: {
  repo: Pick<PushRepository, 'deleteSubscription' | 'hasSubscription'>;
  withTransaction: UnitOfWork<{ push: Pick<PushRepository, 'upsertSubscription' | 'keepNewest'> }>;
  vapid: Pick<VapidKeyStore, 'keys'>;
  config: { push: PushTargetRules };
  clock: ModuleDeps['clock'];
}) {
  const { repo, vapid } = deps;
  return {
    async publicKey() {
      return { publicKey: (await vapid.keys()).publicKey };
    },

    /** Only endpoints of the allowed push services (D12); the user's oldest subscriptions beyond the limit go. */
    async subscribe(userId: number, body: PushSubscriptionBody, userAgent: string | undefined) {
      const refusal = endpointRefusal(body.endpoint, deps.config.push);
      if (refusal) throw badRequest(refusal, { endpoint: [refusal] });
      await deps.withTransaction(async ({ push }) => {
        await push.upsertSubscription(
          userId,
          {
            endpoint: body.endpoint,
            p256dh: body.keys.p256dh,
            auth: body.keys.auth,
            userAgent: userAgent?.slice(0, 300) ?? null,
          },
          deps.clock(),
        );
        await push.keepNewest(userId, MAX_SUBSCRIPTIONS_PER_USER);
      });
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
