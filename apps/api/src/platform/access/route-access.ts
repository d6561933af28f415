import { isStaffUserType, UserType } from '@assess/contracts/access';
import { commonMessages, type EndpointAccess, type RequiredPrivilege } from '@assess/contracts/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal';
import { forbidden, unauthorized } from '../http/errors';

/**
 * What a route requires (defined with its endpoint in contracts). Every /api route declares one in
 * `config.access`; a route without it is refused at start-up, so no route can forget its check.
 */
export type RouteAccess = EndpointAccess;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Set by route(): the contract endpoint the route was registered from. */
    endpoint?: string;
  }
}

const privilegeMissing = (area: string, name: string) => `${commonMessages.forbidden} (${area}: ${name})`;

export function checkAccess(access: RouteAccess, p: Principal | null) {
  if ('public' in access) return;
  if (!p) throw unauthorized();
  if ('signedIn' in access) {
    if (access.userType === 'staff' && !isStaffUserType(p.userTypeId)) throw forbidden();
    if (access.userType === 'student' && p.userTypeId !== UserType.Student) throw forbidden();
    return;
  }
  if (!isStaffUserType(p.userTypeId)) throw forbidden();
  const list = (
    Array.isArray(access.privilege[0]) ? access.privilege : [access.privilege]
  ) as readonly RequiredPrivilege[];
  if (!list.some(([area, name]) => p.privileges[area]?.includes(name))) {
    const [area, name] = list[0];
    throw forbidden(privilegeMissing(area, name));
  }
}

export function installRouteAccess(app: FastifyInstance, publicPrefixes: string[]) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    if (publicPrefixes.some((p) => route.url.startsWith(p))) return;
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    // onRequest: after the session hook, before the body is read, parsed or validated, so a caller
    // without a session or privilege learns nothing about the request schemas (401/403 first).
    const check = async (request: FastifyRequest) => checkAccess(access, request.principal);
    const before = route.onRequest;
    route.onRequest = before ? [...(Array.isArray(before) ? before : [before]), check] : [check];
  });
}
