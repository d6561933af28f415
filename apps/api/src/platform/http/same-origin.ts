import { commonMessages } from '@assess/contracts/common';
import type { FastifyInstance } from 'fastify';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for state-changing requests, on top of the SameSite=Lax cookie: a browser request that
 * says it comes from another site (Sec-Fetch-Site: cross-site, or an Origin whose host is not ours)
 * is refused. Requests without those headers (non-browser clients) carry no ambient cookie risk.
 */
export function installSameOriginCheck(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    let crossSite = site === 'cross-site';
    if (!crossSite && origin && origin !== 'null') {
      try {
        crossSite = new URL(origin).host !== request.headers.host;
      } catch {
        crossSite = true;
      }
    } else if (origin === 'null') crossSite = true;
    if (crossSite) return reply.status(403).send({ message: commonMessages.crossSite });
  });
}
