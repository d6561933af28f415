import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { pushSubscriptions, settings } from '../../db/schema';
import type { Db } from '../../platform/db/client';

/** The settings key holding the server's VAPID key pair. */
export const VAPID_SETTING_KEY = 'push.vapid';

export type VapidKeys = { publicKey: string; privateKey: string };

export type StoredSubscription = { subscriptionId: number; endpoint: string; p256dh: string; auth: string };

export function createPushRepository(db: Db) {
  return {
    async readVapidKeys(): Promise<VapidKeys | undefined> {
      const [row] = await db
        .select({ value: settings.value })
        .from(settings)
        .where(eq(settings.key, VAPID_SETTING_KEY));
      return row?.value as VapidKeys | undefined;
    },

    /** Stores the key pair unless one is there already (two processes starting together keep one pair). */
    async insertVapidKeysIfAbsent(keys: VapidKeys) {
      await db.insert(settings).values({ key: VAPID_SETTING_KEY, value: keys }).onConflictDoNothing();
    },

    /** Registers the endpoint for the user (the browser that holds it is now this user's). */
    async upsertSubscription(
      userId: number,
      s: { endpoint: string; p256dh: string; auth: string; userAgent: string | null },
      now: Date,
    ) {
      await db
        .insert(pushSubscriptions)
        .values({ userId, ...s, createdDate: now, updatedDate: now })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId, p256dh: s.p256dh, auth: s.auth, userAgent: s.userAgent, updatedDate: now },
        });
    },

    /** Keeps only the user's `keep` most recently registered subscriptions. */
    async keepNewest(userId: number, keep: number) {
      const newest = db
        .select({ id: pushSubscriptions.subscriptionId })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(desc(pushSubscriptions.updatedDate), desc(pushSubscriptions.subscriptionId))
        .limit(keep);
      await db
        .delete(pushSubscriptions)
        .where(
          and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.subscriptionId, newest)),
        );
    },

    /** Removes the user's own subscription with this endpoint; another user's row is never touched. */
    async deleteSubscription(userId: number, endpoint: string): Promise<boolean> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.subscriptionId });
      return rows.length > 0;
    },

    async hasSubscription(userId: number, endpoint: string): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
      return Boolean(row);
    },

    listForUser(userId: number): Promise<StoredSubscription[]> {
      return db
        .select({
          subscriptionId: pushSubscriptions.subscriptionId,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(pushSubscriptions.subscriptionId);
    },

    /** Drops subscriptions the push service reported gone (404/410). */
    async deleteByIds(ids: number[]) {
      if (ids.length === 0) return;
      await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.subscriptionId, ids));
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
