import { authMessages } from '@assess/contracts/auth';
import type { AccessRepository } from '../../platform/access/access.repository';
import { inactiveReason } from '../../platform/auth/account-rules';
import { verifyPassword } from '../../platform/auth/passwords';
import type { Principal } from '../../platform/auth/principal';
import type { PrincipalService } from '../../platform/auth/principal.service';
import type { RateLimiter } from '../../platform/auth/rate-limit';
import type { SessionService } from '../../platform/auth/session.service';
import { tooMany, unauthorized } from '../../platform/http/errors';

// The limits are settings (platform/config): re-exported here, where the sign-in uses them.
export {
  defaultSignInLimits,
  type SignInLimits,
  signInLimitsFromEnv,
} from '../../platform/config/sign-in-limits';

import type { SignInLimits } from '../../platform/config/sign-in-limits';

export function createAuthService(deps: {
  access: Pick<AccessRepository, 'findAccount'>;
  principals: Pick<PrincipalService, 'build' | 'toSession'>;
  sessions: Pick<SessionService, 'open' | 'close'>;
  limiter: Pick<RateLimiter, 'peekAll' | 'hitAll' | 'reset'>;
  clock: () => Date;
  limits: SignInLimits;
}) {
  const { limiter, limits } = deps;
  return {
    /**
     * Part 1 §4 "Sign-in". The password is checked before the validity window, so the window message
     * is only ever shown to someone who knows the password.
     */
    async signIn(userName: string, password: string, meta: { ip: string; userAgent?: string }) {
      const name = userName.trim().toLowerCase();
      const pairKey = `signin:fail:pair:${name}:${meta.ip}`;
      const keys = [`signin:fail:ip:${meta.ip}`, pairKey, `signin:fail:user:${name}`];
      const [byAddress, byPair, byUser] = await limiter.peekAll(keys, limits.windowSeconds);
      if (
        byAddress >= limits.failuresPerAddress ||
        byPair >= limits.failuresPerUserAndAddress ||
        byUser >= limits.failuresPerUser
      ) {
        throw tooMany(authMessages.tooManyAttempts);
      }
      const account = await deps.access.findAccount({ userName: name });
      const ok = await verifyPassword(account?.passwordHash, password);
      if (!account || !ok || account.userName.toLowerCase() !== name) {
        await limiter.hitAll(keys, limits.windowSeconds);
        throw unauthorized(authMessages.invalidCredentials);
      }
      const reason = inactiveReason(account, deps.clock());
      if (reason) throw unauthorized(reason);
      if (byPair > 0) await limiter.reset(pairKey);
      const token = await deps.sessions.open(account.userId, meta);
      const principal = await deps.principals.build(account, '');
      return { token, session: deps.principals.toSession(account, principal) };
    },

    signOut: (sessionId: string) => deps.sessions.close(sessionId),

    /** The session answer for an already resolved principal (its roles and privileges are not read again). */
    async currentSession(principal: Principal) {
      const account = await deps.access.findAccount({ userId: principal.userId });
      if (!account) throw unauthorized();
      return deps.principals.toSession(account, principal);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
