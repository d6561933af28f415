import { hasPrivilege } from '@assess/contracts/access';
import {
  type ChangePasswordBody,
  accountsMessages as m,
  RESET_LINK_VALID_SECONDS,
  type ResetPasswordBody,
} from '@assess/contracts/auth';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import type { Principal } from '../../platform/auth/principal';
import type { RateLimiter, WindowLimits } from '../../platform/auth/rate-limit';
import type { SessionService } from '../../platform/auth/session.service';
import { hashToken, newToken } from '../../platform/auth/tokens';
import { badRequest, forbidden, tooMany } from '../../platform/http/errors';
import type { AccountsMailDeps } from './accounts-mail.deps';

/** Forgot Password requests per e-mail and per address; wrong current passwords per user on Change Password. */
export type PasswordLimits = WindowLimits<'forgotPerEmail' | 'forgotPerAddress' | 'changeFailuresPerUser'>;
export const defaultPasswordLimits: PasswordLimits = {
  windowSeconds: 60 * 60,
  forgotPerEmail: 5,
  forgotPerAddress: 20,
  changeFailuresPerUser: 5,
};

export type PasswordServiceDeps = AccountsMailDeps & {
  limiter: Pick<RateLimiter, 'hit' | 'peek' | 'reset'>;
  sessions: Pick<SessionService, 'closeAllFor'>;
  limits?: PasswordLimits;
};

/** Forgot, reset and change password (part 1 §4, §5, §7, §8). */
export function createPasswordService(deps: PasswordServiceDeps) {
  const { accounts, withTransaction, limiter, clock } = deps;
  const limits = deps.limits ?? defaultPasswordLimits;

  /** 'Link is expired !' for a used or expired link; a token we never issued is not valid at all. */
  async function linkState(token: string) {
    const row = await accounts.resetToken(hashToken(token));
    if (!row) return { valid: false, message: m.linkInvalid };
    if (row.usedAt || row.expiresAt <= clock()) return { valid: false, message: m.linkExpired };
    return { valid: true };
  }

  return {
    /**
     * Forgot password: the answer is the same whether or not the address has an account; a real account
     * gets a single-use link to /forgotPass/:token, valid 12 hours. The mail is sent after answering,
     * so the answer takes as long either way.
     */
    async forgot(email: string, ip: string, origin: string) {
      for (const [key, max] of [
        [`forgot:ip:${ip}`, limits.forgotPerAddress],
        [`forgot:email:${email}`, limits.forgotPerEmail],
      ] as const) {
        if ((await limiter.hit(key, limits.windowSeconds)) > max) throw tooMany(m.tooManyRequests);
      }
      const user = await accounts.userByEmail(email);
      if (user) {
        const now = clock();
        const token = newToken();
        await accounts.insertResetToken({
          tokenHash: hashToken(token),
          userId: user.userId,
          issuedAt: now,
          expiresAt: new Date(now.getTime() + RESET_LINK_VALID_SECONDS * 1000),
        });
        const link = `${origin.replace(/\/+$/, '')}/forgotPass/${token}`;
        deps.mailer
          .send({
            to: user.email ?? email,
            subject: 'Reset your password',
            text:
              'We received a request to reset the password of your Assessment Console account.\n\n' +
              `Open this link to choose a new password (valid for ${RESET_LINK_VALID_SECONDS / 3600} hours, once):\n${link}\n\n` +
              'If you did not ask for it, you can ignore this message; your password stays as it is.\n',
          })
          .catch((err) => deps.log.error({ err }, 'password reset mail not sent'));
      }
      return { message: m.emailSent };
    },

    linkState,

    /** Reset: uses the link once, sets the password, retires the user's other links and ends every session. */
    async reset(body: ResetPasswordBody) {
      const state = await linkState(body.token);
      if (!state.valid) throw badRequest(state.message ?? m.linkExpired);
      const passwordHash = await hashPassword(body.newPassword);
      const now = clock();
      const userId = await withTransaction(async ({ accounts: tx }) => {
        const id = await tx.useResetToken(hashToken(body.token), now);
        if (id === undefined) return undefined;
        await tx.setPassword(id, passwordHash, now);
        await tx.retireResetTokens(id, now);
        return id;
      });
      if (userId === undefined) throw badRequest(m.linkExpired);
      await deps.sessions.closeAllFor(userId);
      return { message: m.passwordReset };
    },

    /**
     * Change password: refused with HideChangePassword; the current password must be right (wrong ones
     * are rate-limited per user). Success ends every session of the user, this one included.
     */
    async change(principal: Principal, body: ChangePasswordBody) {
      if (hasPrivilege(principal, 'User', 'HideChangePassword')) throw forbidden();
      const key = `pwchange:user:${principal.userId}`;
      if ((await limiter.peek(key, limits.windowSeconds)) >= limits.changeFailuresPerUser) {
        throw tooMany(m.tooManyRequests);
      }
      const current = await accounts.passwordHash(principal.userId);
      if (!(await verifyPassword(current, body.currentPassword))) {
        await limiter.hit(key, limits.windowSeconds);
        throw badRequest(m.currentPasswordWrong, { currentPassword: [m.currentPasswordWrong] });
      }
      if (body.newPassword === body.currentPassword) {
        throw badRequest(m.samePassword, { newPassword: [m.samePassword] });
      }
      await accounts.setPassword(principal.userId, await hashPassword(body.newPassword), clock());
      await limiter.reset(key);
      await deps.sessions.closeAllFor(principal.userId);
      return { status: 1 as const, message: m.passwordUpdated };
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
