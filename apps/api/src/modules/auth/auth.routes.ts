import { authEndpoints, authMessages } from '@assess/contracts/auth';
import type { SessionCookie } from '../../platform/auth/session.plugin';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { AuthService } from './auth.service';

/** Sign-in, sign-out and the current session (part 1 §4 "Sign-in"). */
export function authRoutes(app: ZodApp, deps: { auth: AuthService; cookie: SessionCookie }) {
  route(app, authEndpoints.signIn, async ({ body, request, reply }) => {
    const { token, session } = await deps.auth.signIn(body.userName, body.password, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    deps.cookie.set(request, reply, token);
    return session;
  });

  route(app, authEndpoints.signOut, async ({ principal, request, reply }) => {
    if (principal) await deps.auth.signOut(principal.sessionId);
    deps.cookie.clear(request, reply);
    return { message: authMessages.signedOut };
  });

  route(app, authEndpoints.session, async ({ principal }) => deps.auth.currentSession(principal));
}
