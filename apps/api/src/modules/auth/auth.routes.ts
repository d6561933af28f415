import { authMessages, sessionSchema, signInBodySchema } from '@assess/contracts/auth';
import { errorSchema, messageSchema } from '@assess/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access/route-access';
import { clearSessionCookie, setSessionCookie } from '../../platform/auth/session.plugin';
import type { SessionService } from '../../platform/auth/session.service';
import type { AuthService } from './auth.service';

export const authRoutes =
  (deps: {
    auth: AuthService;
    sessions: Pick<SessionService, 'close'>;
    cookieMaxAge: number;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const secure = (proto: string) => proto === 'https';

    app.post(
      '/sign-in',
      {
        config: { access: { public: true } },
        schema: {
          tags: ['auth'],
          summary: 'Sign in with user name and password; sets the session cookie',
          body: signInBodySchema,
          response: { 200: sessionSchema, 401: errorSchema, 429: errorSchema },
        },
      },
      async (request, reply) => {
        const { token, session } = await deps.auth.signIn(request.body.userName, request.body.password, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        setSessionCookie(reply, token, deps.cookieMaxAge, secure(request.protocol));
        return session;
      },
    );

    app.post(
      '/sign-out',
      {
        config: { access: { public: true } },
        schema: { tags: ['auth'], summary: 'End the current session', response: { 200: messageSchema } },
      },
      async (request, reply) => {
        if (request.principal) await deps.sessions.close(request.principal.sessionId);
        clearSessionCookie(reply, secure(request.protocol));
        return { message: authMessages.signedOut };
      },
    );

    app.get(
      '/session',
      {
        config: { access: { signedIn: true } },
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user, privileges and licence (what the client shows and hides)',
          response: { 200: sessionSchema, 401: errorSchema },
        },
      },
      async (request) => deps.auth.currentSession(principalOf(request)),
    );
  };
