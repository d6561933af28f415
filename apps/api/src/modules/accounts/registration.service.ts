import { randomInt } from 'node:crypto';
import { Package, ProviderType, Role, UserType } from '@assess/contracts/access';
import {
  EMAIL_VERIFICATION_VALID_SECONDS,
  accountsMessages as m,
  OTP_LENGTH,
  OTP_MAX_WRONG_TRIES,
  OTP_RESEND_SECONDS,
  OTP_VALID_SECONDS,
  otpWaitMessage,
  type RegisterBody,
  TRIAL_DAYS,
} from '@assess/contracts/auth';
import type { AccessRepository } from '../../platform/access/access.repository';
import { hashPassword } from '../../platform/auth/passwords';
import type { PrincipalService } from '../../platform/auth/principal.service';
import type { RateLimiter, WindowLimits } from '../../platform/auth/rate-limit';
import type { SessionService } from '../../platform/auth/session.service';
import { hashToken, newToken } from '../../platform/auth/tokens';
import { badRequest, conflict, isUniqueViolation, tooMany, unavailable } from '../../platform/http/errors';
import type { AccountsMailDeps } from './accounts-mail.deps';

/** Rate limits of the public registration calls (per e-mail and per client address). */
/** OTPs per e-mail and per address; live existence checks (debounced typing) per address. */
export type RegistrationLimits = WindowLimits<'otpPerEmail' | 'otpPerAddress' | 'checksPerAddress'>;
export const defaultRegistrationLimits: RegistrationLimits = {
  windowSeconds: 60 * 60,
  otpPerEmail: 5,
  otpPerAddress: 20,
  checksPerAddress: 600,
};

const DAY_MS = 86_400_000;
const otpHash = (email: string, code: string) => hashToken(`otp:${email}:${code}`);
export const newOtp = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

export type RegistrationServiceDeps = AccountsMailDeps & {
  limiter: Pick<RateLimiter, 'hit'>;
  access: Pick<AccessRepository, 'findAccount'>;
  principals: Pick<PrincipalService, 'build' | 'toSession'>;
  sessions: Pick<SessionService, 'open'>;
  limits?: RegistrationLimits;
};

/** Trial self-registration (part 1 §4 and §5 "Registration", part 3 §4 "Trial self-registration"). */
export function createRegistrationService(deps: RegistrationServiceDeps) {
  const { accounts, withTransaction, limiter, clock } = deps;
  const limits = deps.limits ?? defaultRegistrationLimits;

  async function limit(keys: [string, number][]) {
    for (const [key, max] of keys) {
      if ((await limiter.hit(key, limits.windowSeconds)) > max) throw tooMany(m.tooManyRequests);
    }
  }

  return {
    async emailExists(email: string, ip: string) {
      await limit([[`exists:ip:${ip}`, limits.checksPerAddress]]);
      return { exists: await accounts.emailTaken(email) };
    },

    async mobileExists(mobile: string, ip: string) {
      await limit([[`exists:ip:${ip}`, limits.checksPerAddress]]);
      return { exists: await accounts.mobileTaken(mobile) };
    },

    /**
     * Sends a 6-digit code (stored hashed, valid 10 minutes). A new code is refused until the 300 s
     * countdown of the previous one has run; an address that already has an account gets no code.
     */
    async sendOtp(email: string, ip: string) {
      await limit([
        [`otp:ip:${ip}`, limits.otpPerAddress],
        [`otp:email:${email}`, limits.otpPerEmail],
      ]);
      const now = clock();
      const code = newOtp();
      const id = await withTransaction(async ({ accounts: tx }) => {
        await tx.lock(`otp:${email}`);
        if (await tx.emailTaken(email)) throw conflict(m.emailExists);
        const last = await tx.latestVerification(email);
        if (last && !last.verifiedAt) {
          const waitMs = last.sentAt.getTime() + OTP_RESEND_SECONDS * 1000 - now.getTime();
          if (waitMs > 0) throw tooMany(otpWaitMessage(Math.ceil(waitMs / 1000)));
        }
        return tx.insertVerification({
          email,
          codeHash: otpHash(email, code),
          sentAt: now,
          expiresAt: new Date(now.getTime() + OTP_VALID_SECONDS * 1000),
          ip,
        });
      });
      try {
        await deps.mailer.send({
          to: email,
          subject: 'Your verification code',
          text:
            `Your verification code is ${code}.\n\n` +
            `Enter it on the Sign Up screen to verify your email. It is valid for ${OTP_VALID_SECONDS / 60} minutes.\n` +
            'If you did not ask for it, you can ignore this message.\n',
        });
      } catch (err) {
        deps.log.error({ err }, 'OTP mail not sent');
        await accounts.deleteVerification(id);
        throw unavailable(m.otpSendError);
      }
      return { message: m.otpSent, resendAfterSeconds: OTP_RESEND_SECONDS };
    },

    /**
     * Checks a code against the newest code of the address: at most 5 wrong tries per code, 10 minutes.
     * A correct code returns a verification token that Create User must present within an hour.
     */
    async verifyOtp(email: string, otp: string) {
      const now = clock();
      const result = await withTransaction(async ({ accounts: tx }) => {
        await tx.lock(`otp:${email}`);
        const row = await tx.latestVerification(email);
        if (!row || row.consumedAt) return { error: badRequest(m.invalidOtp) };
        if (row.wrongTries >= OTP_MAX_WRONG_TRIES) return { error: tooMany(m.otpTooManyTries) };
        if (!row.verifiedAt && row.expiresAt <= now) return { error: badRequest(m.otpExpired) };
        if (row.codeHash !== otpHash(email, otp)) {
          await tx.countWrongTry(row.verificationId);
          return { error: badRequest(m.invalidOtp) };
        }
        const token = newToken();
        await tx.markVerified(
          row.verificationId,
          now,
          hashToken(token),
          new Date(now.getTime() + EMAIL_VERIFICATION_VALID_SECONDS * 1000),
        );
        return { token };
      });
      // The wrong try is committed before the error is answered.
      if ('error' in result) throw result.error;
      return { verified: true as const, message: m.emailVerified, verificationToken: result.token };
    },

    /**
     * Create User: in one transaction, uses up the e-mail verification, creates the trial provider (type 3,
     * package 4, valid 3 days, subscribed to the default content provider) and its user (type 2, Trial
     * Administrator). Concurrent registrations of one e-mail or mobile end with one account: the users
     * table's unique indexes decide. Then signs the new user in.
     */
    async register(body: RegisterBody, meta: { ip: string; userAgent?: string }) {
      const now = clock();
      const passwordHash = await hashPassword(body.password);
      const defaultCurator = await accounts.setting<number>('defaultContentProviderId');
      let userId: number;
      try {
        userId = await withTransaction(async ({ accounts: tx }) => {
          if (!(await tx.consumeVerification(body.email, hashToken(body.verificationToken), now))) {
            throw badRequest(m.verifyEmail);
          }
          await tx.lockProviderContacts();
          if (await tx.emailTaken(body.email)) throw conflict(m.emailExists);
          if (await tx.mobileTaken(body.mobile)) throw conflict(m.mobileExists);
          const fullName = `${body.firstName} ${body.lastName}`;
          const providerId = await tx.insertProvider({
            name: fullName,
            detailedName: fullName,
            providerTypeId: ProviderType.Subscriber,
            packageId: Package.Trial,
            email: body.email,
            mobile: body.mobile,
            isActive: true,
            validFrom: now,
            validTo: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
            createdDate: now,
            updatedDate: now,
          });
          if (typeof defaultCurator === 'number' && (await tx.providerExists(defaultCurator))) {
            await tx.addContentCurator(providerId, defaultCurator);
          }
          return tx.insertUser(
            {
              providerId,
              userTypeId: UserType.ProviderUser,
              userName: body.email,
              email: body.email,
              passwordHash,
              firstName: body.firstName,
              lastName: body.lastName,
              fullName,
              mobile: body.mobile,
              isActive: true,
              createdDate: now,
              updatedDate: now,
            },
            Role.TrialAdministrator,
          );
        });
      } catch (err) {
        if (isUniqueViolation(err)) {
          const e = ((err as { cause?: unknown }).cause ?? err) as { constraint?: string; detail?: string };
          const which = `${e.constraint ?? ''} ${e.detail ?? ''}`;
          throw conflict(which.includes('mobile') ? m.mobileExists : m.emailExists);
        }
        throw err;
      }
      const account = await deps.access.findAccount({ userId });
      if (!account) throw new Error('registered user not found');
      const token = await deps.sessions.open(userId, meta);
      const principal = await deps.principals.build(account, '');
      return { token, message: m.userCreated, session: deps.principals.toSession(account, principal) };
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
