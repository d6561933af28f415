import type { Principal } from './principal';

/**
 * Principals of live sessions, kept for a few seconds (SESSION_CACHE_MS, default 5000; 0 turns it off), so the
 * player's bursts of answer saves do not read the session, account, grants and licence on every request.
 *
 * What keeps it honest:
 * - Every write through the API except the player's own (answer saves, start, submit) empties it before its
 *   answer leaves (session.plugin), and so do sign-out and ending a user's sessions: a change made here is seen
 *   by the very next request.
 * - A read that began before an emptying is not stored (the generation check), so a principal read just before
 *   a change cannot outlive it.
 * - Anything else (another server process's writes, a job, the clock passing a validity date) is seen within
 *   the time-to-live, measured on the server's clock (the tests' clock too).
 */
export function createPrincipalCache(o: { ttlMs: number; now: () => number; maxEntries?: number }) {
  const now = o.now;
  const max = o.maxEntries ?? 50_000;
  const entries = new Map<string, { principal: Principal; until: number }>();
  let generation = 0;
  return {
    get(sessionId: string): Principal | undefined {
      const e = entries.get(sessionId);
      if (!e) return undefined;
      if (e.until > now()) return e.principal;
      entries.delete(sessionId);
      return undefined;
    },
    /** Taken before reading the database; `set` stores only if nothing was emptied since. */
    generation: () => generation,
    set(sessionId: string, principal: Principal, readSince: number) {
      if (!(o.ttlMs > 0) || readSince !== generation) return;
      entries.delete(sessionId);
      if (entries.size >= max) entries.delete(entries.keys().next().value as string);
      entries.set(sessionId, { principal, until: now() + o.ttlMs });
    },
    clear() {
      generation++;
      entries.clear();
    },
    size: () => entries.size,
  };
}
export type PrincipalCache = ReturnType<typeof createPrincipalCache>;
