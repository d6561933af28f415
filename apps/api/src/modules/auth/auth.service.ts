import { authMessages } from '@assess/contracts/auth';
import type { AccessRepository } from '../../platform/access/access.repository';
import { inactiveReason } from '../../platform/auth/account-rules';
import { verifyPassword } from '../../platform/auth/passwords';
import type { Principal } from '../../platform/auth/principal';
import type { PrincipalService } from '../../platform/auth/principal.service';
import type { RateLimiter } from '../../platform/auth/rate-limit';
import type { SessionService } from '../../platform/auth/session.service';
import { tooMany, unauthorized } from '../../platform/http/errors';

export type SignInLimits = {
  windowSeconds: number;
  /** Failed attempts for one user name from one address. */
  perUserAndAddress: number;
  /** Failed attempts for one user name from anywhere (slows a distributed guesser, never a lockout). */
  perUser: number;
  /** Attempts of any kind from one address. */
  perAddress: number;
};
export const defaultSignInLimits: SignInLimits = {
  windowSeconds: 15 * 60,
  perUserAndAddress: 5,
  perUser: 50,
  perAddress: 30,
};

/** SIGNIN_MAX_PER_ADDRESS etc. override the defaults (a test server that signs in often raises them). */
export function signInLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): SignInLimits {
  const n = (v: string | undefined, d: number) => (v && Number(v) > 0 ? Number(v) : d);
  return {
    windowSeconds: n(env.SIGNIN_WINDOW_SECONDS, defaultSignInLimits.windowSeconds),
    perUserAndAddress: n(env.SIGNIN_MAX_FAILURES_PER_USER_ADDRESS, defaultSignInLimits.perUserAndAddress),
    perUser: n(env.SIGNIN_MAX_FAILURES_PER_USER, defaultSignInLimits.perUser),
    perAddress: n(env.SIGNIN_MAX_PER_ADDRESS, defaultSignInLimits.perAddress),
  };
}

export function createAuthService(deps: {
  access: Pick<AccessRepository, 'findAccount'>;
  principals: PrincipalService;
  sessions: SessionService;
  limiter: RateLimiter;
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
      const pairKey = `signin:pair:${name}:${meta.ip}`;
      const userKey = `signin:user:${name}`;
      const addressCount = await limiter.hit(`signin:ip:${meta.ip}`, limits.windowSeconds);
      if (
        addressCount > limits.perAddress ||
        (await limiter.peek(pairKey, limits.windowSeconds)) >= limits.perUserAndAddress ||
        (await limiter.peek(userKey, limits.windowSeconds)) >= limits.perUser
      ) {
        throw tooMany(authMessages.tooManyAttempts);
      }
      const account = await deps.access.findAccount({ userName: name });
      const ok = await verifyPassword(account?.passwordHash, password);
      if (!account || !ok || account.userName.toLowerCase() !== name) {
        await limiter.hit(pairKey, limits.windowSeconds);
        await limiter.hit(userKey, limits.windowSeconds);
        throw unauthorized(authMessages.invalidCredentials);
      }
      const reason = inactiveReason(account, deps.clock());
      if (reason) throw unauthorized(reason);
      await limiter.reset(pairKey);
      const token = await deps.sessions.open(account.userId, meta);
      const principal = await deps.principals.build(account, '');
      return { token, session: deps.principals.toSession(account, principal) };
    },

    /** The session answer for an already resolved principal (its roles and privileges are not read again). */
    async currentSession(principal: Principal) {
      const account = await deps.access.findAccount({ userId: principal.userId });
      if (!account) throw unauthorized();
      return deps.principals.toSession(account, principal);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
