import type { RateLimitRepository } from './rate-limit.repository';

/**
 * Fixed-window counters kept in the database (rate-limit.repository.ts), so every server process shares
 * them. `hit` counts one more event and returns the count in the current window; `peek` only reads it.
 * The `All` forms do the same for several keys in one statement.
 */
export function createRateLimiter(repo: RateLimitRepository, clock: () => Date) {
  const since = (now: Date, windowSeconds: number) => new Date(now.getTime() - windowSeconds * 1000);
  async function hitAll(keys: readonly string[], windowSeconds: number): Promise<number[]> {
    const now = clock();
    const counts = await repo.hit(keys, now, since(now, windowSeconds));
    return keys.map((k) => counts.get(k) ?? 1);
  }
  async function peekAll(keys: readonly string[], windowSeconds: number): Promise<number[]> {
    const counts = await repo.counts(keys, since(clock(), windowSeconds));
    return keys.map((k) => counts.get(k) ?? 0);
  }
  return {
    hitAll,
    peekAll,
    hit: async (key: string, windowSeconds: number) => (await hitAll([key], windowSeconds))[0],
    peek: async (key: string, windowSeconds: number) => (await peekAll([key], windowSeconds))[0],
    reset: (key: string) => repo.reset(key),
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Limits per fixed window: the window's length and, per kind of counted key, the most hits it allows. */
export type WindowLimits<K extends string> = { windowSeconds: number } & Record<K, number>;
