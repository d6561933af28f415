import { errorSchema, messageSchema } from '@assess/contracts/common';
import {
  pushEndpointQuerySchema,
  pushSubscriptionBodySchema,
  pushSubscriptionStateSchema,
  vapidPublicKeySchema,
} from '@assess/contracts/push';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access/route-access';
import type { PushService } from './push.service';

const studentsOnly = { access: { signedIn: true, userType: 'student' } } as const;
const refused = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

/** Web Push opt-in of students (user type 4); mounted at /api/push. */
export const pushRoutes =
  (deps: { push: PushService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/vapid-public-key',
      {
        config: studentsOnly,
        schema: {
          tags: ['push'],
          summary: "The server's VAPID public key (applicationServerKey for PushManager.subscribe)",
          response: { 200: vapidPublicKeySchema, ...refused },
        },
      },
      async () => deps.push.publicKey(),
    );

    app.get(
      '/subscription',
      {
        config: studentsOnly,
        schema: {
          tags: ['push'],
          summary: "Whether this browser's push endpoint is registered for the signed-in student",
          querystring: pushEndpointQuerySchema,
          response: { 200: pushSubscriptionStateSchema, ...refused },
        },
      },
      async (request) => deps.push.state(principalOf(request).userId, request.query.endpoint),
    );

    app.put(
      '/subscription',
      {
        config: studentsOnly,
        schema: {
          tags: ['push'],
          summary: "Registers this browser's push subscription for the signed-in student",
          body: pushSubscriptionBodySchema,
          response: { 200: messageSchema, ...refused },
        },
      },
      async (request) =>
        deps.push.subscribe(principalOf(request).userId, request.body, request.headers['user-agent']),
    );

    app.delete(
      '/subscription',
      {
        config: studentsOnly,
        schema: {
          tags: ['push'],
          summary: "Removes the signed-in student's subscription with this endpoint",
          querystring: pushEndpointQuerySchema,
          response: { 200: messageSchema, ...refused },
        },
      },
      async (request) => deps.push.unsubscribe(principalOf(request).userId, request.query.endpoint),
    );
  };
