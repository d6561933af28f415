import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Fixed-window counters kept in the database, so every server process shares them.
 * `hit` counts one more event and returns the count in the current window; `peek` only reads it.
 */
export function createRateLimiter(db: Db, clock: () => Date) {
  return {
    async hit(key: string, windowSeconds: number): Promise<number> {
      const now = clock();
      const since = new Date(now.getTime() - windowSeconds * 1000);
      const r = await db.execute<{ count: number }>(sql`
        insert into rate_limits (key, window_start, count) values (${key}, ${now}, 1)
        on conflict (key) do update set
          count = case when rate_limits.window_start <= ${since} then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= ${since} then ${now} else rate_limits.window_start end
        returning count`);
      return Number((r as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 1);
    },
    async peek(key: string, windowSeconds: number): Promise<number> {
      const since = new Date(clock().getTime() - windowSeconds * 1000);
      const r = await db.execute<{ count: number }>(
        sql`select count from rate_limits where key = ${key} and window_start > ${since}`,
      );
      return Number((r as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0);
    },
    async reset(key: string) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
