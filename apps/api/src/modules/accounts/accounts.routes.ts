import { accountsEndpoints as e } from '@assess/contracts/auth';
import type { FastifyRequest } from 'fastify';
import type { SessionCookie } from '../../platform/auth/session.plugin';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { PasswordService } from './passwords.service';
import type { ProfileService } from './profile.service';
import type { RegistrationService } from './registration.service';

export type AccountsRouteDeps = {
  registration: RegistrationService;
  passwords: PasswordService;
  profile: ProfileService;
  cookie: SessionCookie;
  /** PUBLIC_URL: the origin written into reset links; without it, the request's own origin. */
  publicUrl: string | undefined;
};

const meta = (r: FastifyRequest) => ({ ip: r.ip, userAgent: r.headers['user-agent'] });

/** /api/accounts: registration, passwords, provider profile, trial notice. */
export function accountsRoutes(app: ZodApp, deps: AccountsRouteDeps) {
  const { registration, passwords, profile } = deps;

  // ---- registration (public)
  route(app, e.emailExists, async ({ query, request }) => registration.emailExists(query.email, request.ip));
  route(app, e.mobileExists, async ({ query, request }) =>
    registration.mobileExists(query.mobile, request.ip),
  );
  route(app, e.sendOtp, async ({ body, request }) => registration.sendOtp(body.email, request.ip));
  route(app, e.verifyOtp, async ({ body }) => registration.verifyOtp(body.email, body.otp));
  route(app, e.register, async ({ body, request, reply }) => {
    const { token, message, session } = await registration.register(body, meta(request));
    deps.cookie.set(request, reply, token);
    return { message, session };
  });

  // ---- passwords
  route(app, e.forgotPassword, async ({ body, request }) => {
    const origin = deps.publicUrl ?? `${request.protocol}://${request.host}`;
    return passwords.forgot(body.email, request.ip, origin);
  });
  route(app, e.resetLink, async ({ body }) => passwords.linkState(body.token));
  route(app, e.resetPassword, async ({ body }) => passwords.reset(body));
  route(app, e.changePassword, async ({ principal, body, request, reply }) => {
    const result = await passwords.change(principal, body);
    deps.cookie.clear(request, reply);
    return result;
  });

  // ---- provider profile and trial notice (the caller's own provider, from the session)
  route(app, e.provider, async ({ principal }) => profile.get(principal));
  route(app, e.updateProvider, async ({ principal, body }) => profile.update(principal, body));
  route(app, e.providerEmailExists, async ({ principal, query }) =>
    profile.emailExists(principal, query.email),
  );
  route(app, e.providerMobileExists, async ({ principal, query }) =>
    profile.mobileExists(principal, query.mobile),
  );
  route(app, e.trial, async ({ principal }) => profile.trialInfo(principal));
}
