import type { AccessRepository } from '../access/access.repository';
import { inactiveReason } from './account-rules';
import type { Principal } from './principal';
import type { PrincipalService } from './principal.service';
import type { PrincipalCache } from './principal-cache';
import type { SessionRepository } from './session.repository';
import { hashToken, newToken } from './tokens';

export type SessionServiceDeps = {
  sessions: SessionRepository;
  access: Pick<AccessRepository, 'findSessionAccount'>;
  principals: Pick<PrincipalService, 'fromSession'>;
  cache: PrincipalCache;
  clock: () => Date;
  idleSeconds: number;
  absoluteSeconds: number;
};

/** Opaque session tokens: the cookie holds the token, the table holds its hash. */
export function createSessionService(deps: SessionServiceDeps) {
  const TOUCH_EVERY_MS = 60_000;
  return {
    async open(userId: number, meta: { userAgent?: string; ip?: string }) {
      const token = newToken();
      const now = deps.clock();
      await deps.sessions.create({
        sessionId: hashToken(token),
        userId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + deps.absoluteSeconds * 1000),
        userAgent: meta.userAgent?.slice(0, 300),
        ip: meta.ip,
      });
      return token;
    },

    /** The principal for a cookie token, or null when the session is unknown, expired, idle or inactive. */
    async resolve(token: string): Promise<Principal | null> {
      const sessionId = hashToken(token);
      const cached = deps.cache.get(sessionId);
      if (cached) return cached;
      const since = deps.cache.generation();
      const now = deps.clock();
      const account = await deps.access.findSessionAccount(sessionId, now);
      if (!account?.sessionLastSeenAt) return null;
      const idleMs = now.getTime() - account.sessionLastSeenAt.getTime();
      if (idleMs > deps.idleSeconds * 1000 || inactiveReason(account, now)) {
        await deps.sessions.delete(sessionId);
        return null;
      }
      if (idleMs > TOUCH_EVERY_MS) await deps.sessions.touch(sessionId, now);
      const principal = deps.principals.fromSession(account, sessionId);
      deps.cache.set(sessionId, principal, since);
      return principal;
    },

    async close(sessionId: string) {
      await deps.sessions.delete(sessionId);
      deps.cache.clear();
    },
    async closeAllFor(userId: number) {
      await deps.sessions.deleteForUser(userId);
      deps.cache.clear();
    },
    /** After a write that may change who may do what (session.plugin calls it). */
    forgetPrincipals: () => deps.cache.clear(),
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
