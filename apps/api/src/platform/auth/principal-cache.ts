import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../db/client';
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

/** The notification channel on which processes announce that they emptied their principal cache. */
export const PRINCIPAL_CACHE_CHANNEL = 'assess_principal_cache';

/**
 * The cache shared by every process on one PostgreSQL: emptying it here also sends a notification (NOTIFY with
 * this process's id), and a notification from another process empties it here. A process whose listening
 * connection was lost empties its cache when it is back (it may have missed notifications); until then the time
 * to live bounds what it misses. On PGlite (one process) or with the cache off, it is the cache as it is.
 */
export async function sharePrincipalCache(
  cache: PrincipalCache,
  deps: {
    handle: Pick<DatabaseHandle, 'listen' | 'notify'>;
    log: { warn(msg: string): void };
    enabled: boolean;
  },
) {
  if (!deps.enabled) return { ...cache, stop: async () => {} };
  const self = randomUUID();
  const stop = await deps.handle.listen(
    PRINCIPAL_CACHE_CHANNEL,
    (from) => {
      if (from !== self) cache.clear();
    },
    () => cache.clear(),
  );
  return {
    ...cache,
    clear() {
      cache.clear();
      deps.handle
        .notify(PRINCIPAL_CACHE_CHANNEL, self)
        .catch((err: Error) => deps.log.warn(`principal cache notification failed: ${err.message}`));
    },
    stop,
  };
}
