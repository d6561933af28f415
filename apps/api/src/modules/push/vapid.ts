import webpush from 'web-push';
import type { PushRepository, VapidKeys } from './push.repository';

/**
 * The server's VAPID key pair: generated on first start and kept in the settings table, so every process
 * and every restart signs with the same key (browsers bind their subscriptions to the public key).
 * Concurrent first starts keep whichever pair was stored first. Memoised; retried after a failure.
 */
export function createVapidKeyStore(repo: Pick<PushRepository, 'readVapidKeys' | 'insertVapidKeysIfAbsent'>) {
  let pending: Promise<VapidKeys> | undefined;
  async function load(): Promise<VapidKeys> {
    const stored = await repo.readVapidKeys();
    if (stored) return stored;
    await repo.insertVapidKeysIfAbsent(webpush.generateVAPIDKeys());
    const kept = await repo.readVapidKeys();
    if (!kept) throw new Error('VAPID keys could not be stored');
    return kept;
  }
  return {
    keys(): Promise<VapidKeys> {
      pending ??= load().catch((e) => {
        pending = undefined;
        throw e;
      });
      return pending;
    },
  };
}

export type VapidKeyStore = ReturnType<typeof createVapidKeyStore>;
