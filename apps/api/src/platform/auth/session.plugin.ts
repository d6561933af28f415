import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionService } from './session.service';

export const SESSION_COOKIE = 'sid';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Reads the session cookie on every request and sets request.principal (or null). After every write under /api/
 * except the routes in `accessKeepingWrites` (the learner player's saves, start and submit, and the sign-in: frequent,
 * and they change no one's access), the cached principals are forgotten before the answer leaves, so the next
 * request sees the change.
 */
export function installSession(
  app: FastifyInstance,
  sessions: Pick<SessionService, 'resolve' | 'forgetPrincipals'>,
  o: { accessKeepingWrites: readonly string[] },
) {
  const accessKeepingWrites = new Set(o.accessKeepingWrites);
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    request.principal = null;
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.principal = await sessions.resolve(token);
  });
  app.addHook('onSend', async (request) => {
    if (!WRITES.has(request.method) || !request.url.startsWith('/api/')) return;
    if (accessKeepingWrites.has(`${request.method} ${request.routeOptions.url}`)) return;
    sessions.forgetPrincipals();
  });
}

export function setSessionCookie(reply: FastifyReply, token: string, maxAgeSeconds: number, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** The session cookie as the sign-in, registration and password routes set and clear it (secure on https). */
export function sessionCookie(maxAgeSeconds: number) {
  const secure = (request: FastifyRequest) => request.protocol === 'https';
  return {
    set: (request: FastifyRequest, reply: FastifyReply, token: string) =>
      setSessionCookie(reply, token, maxAgeSeconds, secure(request)),
    clear: (request: FastifyRequest, reply: FastifyReply) => clearSessionCookie(reply, secure(request)),
  };
}
export type SessionCookie = ReturnType<typeof sessionCookie>;
