import {
  type Endpoint,
  type EndpointReply,
  type EndpointRequest,
  errorSchema,
} from '@assess/contracts/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Principal } from '../auth/principal';
import type { ZodApp } from '../modules';
import { unauthorized } from './errors';

/** The principal a handler receives: always present unless the endpoint is public. */
type PrincipalFor<E extends Endpoint> = E['access'] extends { public: true } ? Principal | null : Principal;

export type EndpointContext<E extends Endpoint> = EndpointRequest<E> & {
  principal: PrincipalFor<E>;
  request: FastifyRequest;
  reply: FastifyReply;
};

/**
 * What a handler returns: the JSON answer, or for download endpoints the reply it has sent (a stream).
 * Handlers that set headers or cookies use `ctx.reply` and still return the answer.
 */
export type EndpointHandler<E extends Endpoint> = (
  ctx: EndpointContext<E>,
) => Promise<E extends { download: string } ? FastifyReply : EndpointReply<E>>;

const errorAnswers = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
  415: errorSchema,
  429: errorSchema,
};

/**
 * Registers the route of an endpoint definition: its method, full path, access rule (checked at the
 * onRequest stage, before the body is read or validated), schemas (validation and OpenAPI) and handler.
 * Every /api route of the app is registered through here.
 */
export function route<E extends Endpoint>(app: ZodApp, e: E, handler: EndpointHandler<E>) {
  const status = e.status ?? 200;
  // Typed by the endpoint (EndpointHandler), so the route itself is registered untyped.
  (app as unknown as FastifyInstance).route({
    method: e.method,
    url: e.path,
    config: { access: e.access, endpoint: `${e.method} ${e.path}` },
    schema: {
      tags: [...e.tags],
      summary: e.summary,
      hide: e.hidden,
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(e.multipart ? { consumes: ['multipart/form-data'] } : {}),
      ...(e.download ? { produces: [e.download] } : {}),
      response: {
        [status]: e.download ? z.any().describe(`file (${e.download})`) : e.response,
        ...errorAnswers,
      },
    },
    handler: async (request, reply) => {
      if (e.access && !('public' in e.access) && !request.principal) throw unauthorized();
      const result = await handler({
        params: request.params,
        query: request.query,
        body: request.body,
        principal: request.principal,
        request,
        reply,
      } as EndpointContext<E>);
      if (e.download) return result;
      if (status !== 200) reply.status(status);
      return result;
    },
  });
}

/**
 * An editor's live code and name checks (tests, series: "is it another of the provider's?"): both endpoints
 * answer through one handler, told the field the endpoint checks.
 */
export function codeNameExistsRoutes<C extends Endpoint, N extends Endpoint>(
  app: ZodApp,
  endpoints: { codeExists: C; nameExists: N },
  handler: (
    field: 'code' | 'name',
    ctx: EndpointContext<C> | EndpointContext<N>,
  ) => ReturnType<EndpointHandler<C>> & ReturnType<EndpointHandler<N>>,
) {
  route(app, endpoints.codeExists, (ctx) => handler('code', ctx));
  route(app, endpoints.nameExists, (ctx) => handler('name', ctx));
}
