import type { AccessRepository } from '../access/access.repository';
import { inactiveReason } from './account-rules';
import type { Principal } from './principal';
import type { PrincipalService } from './principal.service';
import type { SessionRepository } from './session.repository';
import { hashToken, newToken } from './tokens';

export type SessionServiceDeps = {
  sessions: SessionRepository;
  access: Pick<AccessRepository, 'findSessionAccount'>;
  principals: Pick<PrincipalService, 'fromSession'>;
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
      const now = deps.clock();
      const account = await deps.access.findSessionAccount(sessionId, now);
      if (!account?.sessionLastSeenAt) return null;
      const idleMs = now.getTime() - account.sessionLastSeenAt.getTime();
      if (idleMs > deps.idleSeconds * 1000 || inactiveReason(account, now)) {
        await deps.sessions.delete(sessionId);
        return null;
      }
      if (idleMs > TOUCH_EVERY_MS) await deps.sessions.touch(sessionId, now);
      return deps.principals.fromSession(account, sessionId);
    },

    close: (sessionId: string) => deps.sessions.delete(sessionId),
    closeAllFor: (userId: number) => deps.sessions.deleteForUser(userId),
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
