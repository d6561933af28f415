import { defineEndpoint, messageSchema } from '../common';
import {
  pushEndpointQuerySchema,
  pushSubscriptionBodySchema,
  pushSubscriptionStateSchema,
  vapidPublicKeySchema,
} from './schemas';

const tags = ['push'];
const students = { signedIn: true, userType: 'student' } as const;

/** Web Push opt-in of students (user type 4). */
export const pushEndpoints = {
  publicKey: defineEndpoint({
    method: 'GET',
    path: '/api/push/vapid-public-key',
    tags,
    summary: "The server's VAPID public key (applicationServerKey for PushManager.subscribe)",
    access: students,
    response: vapidPublicKeySchema,
  }),
  state: defineEndpoint({
    method: 'GET',
    path: '/api/push/subscription',
    tags,
    summary: "Whether this browser's push endpoint is registered for the signed-in student",
    access: students,
    query: pushEndpointQuerySchema,
    response: pushSubscriptionStateSchema,
  }),
  subscribe: defineEndpoint({
    method: 'PUT',
    path: '/api/push/subscription',
    tags,
    summary:
      "Registers this browser's push subscription for the signed-in student (endpoints of known push services only)",
    access: students,
    body: pushSubscriptionBodySchema,
    response: messageSchema,
  }),
  unsubscribe: defineEndpoint({
    method: 'DELETE',
    path: '/api/push/subscription',
    tags,
    summary: "Removes the signed-in student's subscription with this endpoint",
    access: students,
    query: pushEndpointQuerySchema,
    response: messageSchema,
  }),
};
