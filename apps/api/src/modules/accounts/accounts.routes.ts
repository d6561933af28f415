import {
  changePasswordBodySchema,
  changePasswordResultSchema,
  emailExistsQuerySchema,
  existsResultSchema,
  forgotPasswordBodySchema,
  mobileExistsQuerySchema,
  providerEmailExistsQuerySchema,
  providerMobileExistsQuerySchema,
  providerProfileSchema,
  registerBodySchema,
  resetLinkBodySchema,
  resetLinkResultSchema,
  resetPasswordBodySchema,
  sendOtpBodySchema,
  sendOtpResultSchema,
  sessionSchema,
  trialInfoSchema,
  updateProviderProfileBodySchema,
  updateProviderProfileResultSchema,
  verifyOtpBodySchema,
  verifyOtpResultSchema,
} from '@assess/contracts/auth';
import { errorSchema, messageSchema } from '@assess/contracts/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/access/route-access';
import { clearSessionCookie, setSessionCookie } from '../../platform/auth/session.plugin';
import type { PasswordService } from './passwords.service';
import type { ProfileService } from './profile.service';
import { MailNotSentError, type RegistrationService } from './registration.service';

export type AccountsRouteDeps = {
  registration: RegistrationService;
  passwords: PasswordService;
  profile: ProfileService;
  cookieMaxAge: number;
  /** PUBLIC_URL: the origin written into reset links; without it, the request's own origin. */
  publicUrl: string | undefined;
};

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema, 429: errorSchema };
const secure = (r: FastifyRequest) => r.protocol === 'https';
const meta = (r: FastifyRequest) => ({ ip: r.ip, userAgent: r.headers['user-agent'] });

/** Mounted at /api/accounts: registration, passwords, provider profile, trial notice. */
export const accountsRoutes =
  (deps: AccountsRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['accounts'];

    // ---- registration (public)
    app.get(
      '/email-exists',
      {
        config: { access: { public: true } },
        schema: {
          tags,
          summary: 'Whether an account (or provider) already uses this e-mail (live check while typing)',
          querystring: emailExistsQuerySchema,
          response: { 200: existsResultSchema, ...errors },
        },
      },
      async (request) => deps.registration.emailExists(request.query.email, request.ip),
    );

    app.get(
      '/mobile-exists',
      {
        config: { access: { public: true } },
        schema: {
          tags,
          summary: 'Whether an account (or provider) already uses this mobile (live check while typing)',
          querystring: mobileExistsQuerySchema,
          response: { 200: existsResultSchema, ...errors },
        },
      },
      async (request) => deps.registration.mobileExists(request.query.mobile, request.ip),
    );

    app.post(
      '/otp',
      {
        config: { access: { public: true } },
        schema: {
          tags,
          summary: 'E-mail a 6-digit OTP (valid 10 minutes; resend after 300 s); rate-limited',
          body: sendOtpBodySchema,
          response: { 200: sendOtpResultSchema, ...errors, 503: errorSchema },
        },
      },
      async (request, reply) => {
        try {
          return await deps.registration.sendOtp(request.body.email, request.ip);
        } catch (err) {
          if (err instanceof MailNotSentError) return reply.status(503).send({ message: err.message });
          throw err;
        }
      },
    );

    app.post(
      '/otp/verify',
      {
        config: { access: { public: true } },
        schema: {
          tags,
          summary: 'Check the OTP (at most 5 wrong tries); returns the verification token for Create User',
          body: verifyOtpBodySchema,
          response: { 200: verifyOtpResultSchema, ...errors },
        },
      },
      async (request) => deps.registration.verifyOtp(request.body.email, request.body.otp),
    );

    app.post(
      '/register',
      {
        config: { access: { public: true } },
        schema: {
          tags,
          summary: 'Create User: the trial provider and its user in one transaction; signs the user in',
          body: registerBodySchema,
          response: { 200: z.object({ message: z.string(), session: sessionSchema }), ...errors },
        },
      },
      async (request, reply) => {
        const { token, message, session } = await deps.registration.register(request.body, meta(request));
        setSessionCookie(reply, token, deps.cookieMaxAge, secure(request));
        return { message, session };
      },
    );

    // ---- passwords
    app.post(
      '/password/forgot',
      {
        config: { access: { public: true } },
        schema: {
          tags,
          summary: 'E-mail a reset link (same answer whether or not the account exists); rate-limited',
          body: forgotPasswordBodySchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        const origin = deps.publicUrl ?? `${request.protocol}://${request.host}`;
        return deps.passwords.forgot(request.body.email, request.ip, origin);
      },
    );

    app.post(
      '/password/reset/check',
      {
        config: { access: { public: true } },
        schema: {
          tags,
          summary: 'Whether a reset link can still be used (unused and less than 12 hours old)',
          body: resetLinkBodySchema,
          response: { 200: resetLinkResultSchema, ...errors },
        },
      },
      async (request) => deps.passwords.linkState(request.body.token),
    );

    app.post(
      '/password/reset',
      {
        config: { access: { public: true } },
        schema: {
          tags,
          summary: "Set a new password with a reset link; ends every session of the link's user",
          body: resetPasswordBodySchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => deps.passwords.reset(request.body),
    );

    app.post(
      '/password/change',
      {
        config: { access: { signedIn: true } },
        schema: {
          tags,
          summary: 'Change the own password (status 1 = success); ends every session of the user',
          body: changePasswordBodySchema,
          response: { 200: changePasswordResultSchema, ...errors },
        },
      },
      async (request, reply) => {
        const result = await deps.passwords.change(principalOf(request), request.body);
        clearSessionCookie(reply, secure(request));
        return result;
      },
    );

    // ---- provider profile and trial notice (the caller's own provider, from the session)
    app.get(
      '/provider',
      {
        config: { access: { signedIn: true, userType: 'staff' } },
        schema: {
          tags,
          summary: "The signed-in user's provider, with its content curator names",
          response: { 200: providerProfileSchema, ...errors, 404: errorSchema },
        },
      },
      async (request) => deps.profile.get(principalOf(request)),
    );

    app.put(
      '/provider',
      {
        config: { access: { signedIn: true, userType: 'staff' } },
        schema: {
          tags,
          summary: 'Update Profile (refused with HideUpdateProfile; validity dates for provider 0 only)',
          body: updateProviderProfileBodySchema,
          response: { 200: updateProviderProfileResultSchema, ...errors, 404: errorSchema },
        },
      },
      async (request) => deps.profile.update(principalOf(request), request.body),
    );

    app.get(
      '/provider/email-exists',
      {
        config: { access: { signedIn: true, userType: 'staff' } },
        schema: {
          tags,
          summary: 'Whether another provider uses this e-mail',
          querystring: providerEmailExistsQuerySchema,
          response: { 200: existsResultSchema, ...errors },
        },
      },
      async (request) => deps.profile.emailExists(principalOf(request), request.query.email),
    );

    app.get(
      '/provider/mobile-exists',
      {
        config: { access: { signedIn: true, userType: 'staff' } },
        schema: {
          tags,
          summary: 'Whether another provider uses this mobile',
          querystring: providerMobileExistsQuerySchema,
          response: { 200: existsResultSchema, ...errors },
        },
      },
      async (request) => deps.profile.mobileExists(principalOf(request), request.query.mobile),
    );

    app.get(
      '/trial',
      {
        config: { access: { signedIn: true, userType: 'staff' } },
        schema: {
          tags,
          summary: 'Trial notice of the quick tour: days remaining and the support contact',
          response: { 200: trialInfoSchema, ...errors },
        },
      },
      async (request) => deps.profile.trialInfo(principalOf(request)),
    );
  };
