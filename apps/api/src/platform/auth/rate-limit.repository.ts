import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { rateLimits } from '../../db/schema';
import type { Db } from '../db/client';

/**
 * Fixed-window counters in `rate_limits`, shared by every server process. A counter whose window started
 * at or before `since` is stale: the next hit starts a new window at `now` with count 1.
 */
export function createRateLimitRepository(db: Db) {
  return {
    /** Counts one more event for each key (one statement); returns each key's count in its window. */
    async hit(keys: readonly string[], now: Date, since: Date): Promise<Map<string, number>> {
      const unique = [...new Set(keys)];
      if (unique.length === 0) return new Map();
      const stale = sql`${rateLimits.windowStart} <= ${since}`;
      const rows = await db
        .insert(rateLimits)
        .values(unique.map((key) => ({ key, windowStart: now, count: 1 })))
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${stale} then 1 else ${rateLimits.count} + 1 end`,
            windowStart: sql`case when ${stale} then excluded.window_start else ${rateLimits.windowStart} end`,
          },
        })
        .returning({ key: rateLimits.key, count: rateLimits.count });
      return new Map(rows.map((r) => [r.key, r.count]));
    },

    /** The counts of the keys whose window started after `since` (missing keys count 0). */
    async counts(keys: readonly string[], since: Date): Promise<Map<string, number>> {
      if (keys.length === 0) return new Map();
      const rows = await db
        .select({ key: rateLimits.key, count: rateLimits.count })
        .from(rateLimits)
        .where(and(inArray(rateLimits.key, [...keys]), gt(rateLimits.windowStart, since)));
      return new Map(rows.map((r) => [r.key, r.count]));
    },

    async reset(key: string) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}
export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
