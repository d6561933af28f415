import { authMessages } from '@assess/contracts/auth';
import type { AccessRepository } from '../../platform/access/access.repository';
import { inactiveReason } from '../../platform/auth/account-rules';
import { verifyPassword } from '../../platform/auth/passwords';
import type { Principal } from '../../platform/auth/principal';
import type { PrincipalService } from '../../platform/auth/principal.service';
import type { RateLimiter } from '../../platform/auth/rate-limit';
import type { SessionService } from '../../platform/auth/session.service';
import { tooMany, unauthorized } from '../../platform/http/errors';

/**
 * Sign-in limits per window (deviation D6). Only FAILED sign-ins are counted: a school that signs in
 * hundreds of students from one public address spends nothing while they type their passwords right.
 */
export type SignInLimits = {
  windowSeconds: number;
  /** Failed sign-ins for one user name from one address (then that pair waits; the user elsewhere does not). */
  failuresPerUserAndAddress: number;
  /** Failed sign-ins for one user name from anywhere (a guesser spread over many addresses; the user name then waits out the window everywhere). */
  failuresPerUser: number;
  /** Failed sign-ins from one address across user names (stops a guessing run from that address). */
  failuresPerAddress: number;
};
/**
 * 15 minutes; 5 failures per user name and address, 50 per user name, 300 per address. Successful
 * sign-ins are not limited at all, so 2,000 students behind one address sign in within 10 minutes even
 * when one in seven mistypes once; a guessing run from that address is refused after 300 wrong passwords.
 */
export const defaultSignInLimits: SignInLimits = {
  windowSeconds: 15 * 60,
  failuresPerUserAndAddress: 5,
  failuresPerUser: 50,
  failuresPerAddress: 300,
};

/** SIGNIN_MAX_FAILURES_PER_ADDRESS etc. override the defaults (README "Configuration"). */
export function signInLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): SignInLimits {
  const n = (v: string | undefined, d: number) => (v && Number(v) > 0 ? Number(v) : d);
  const d = defaultSignInLimits;
  return {
    windowSeconds: n(env.SIGNIN_WINDOW_SECONDS, d.windowSeconds),
    failuresPerUserAndAddress: n(env.SIGNIN_MAX_FAILURES_PER_USER_ADDRESS, d.failuresPerUserAndAddress),
    failuresPerUser: n(env.SIGNIN_MAX_FAILURES_PER_USER, d.failuresPerUser),
    failuresPerAddress: n(env.SIGNIN_MAX_FAILURES_PER_ADDRESS, d.failuresPerAddress),
  };
}

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
