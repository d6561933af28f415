import { endpointGroup, messageSchema } from '../common';
import {
  pushEndpointQuerySchema,
  pushSubscriptionBodySchema,
  pushSubscriptionStateSchema,
  vapidPublicKeySchema,
} from './schemas';

const students = { signedIn: true, userType: 'student' } as const;

/** Web Push opt-in of students (user type 4). */
export const pushEndpoints = endpointGroup('push', {
  publicKey: {
    method: 'GET',
    path: '/api/push/vapid-public-key',
    summary: "The server's VAPID public key (applicationServerKey for PushManager.subscribe)",
    access: students,
    response: vapidPublicKeySchema,
  },
  state: {
    method: 'GET',
    path: '/api/push/subscription',
    summary: "Whether this browser's push endpoint is registered for the signed-in student",
    access: students,
    query: pushEndpointQuerySchema,
    response: pushSubscriptionStateSchema,
  },
  subscribe: {
    method: 'PUT',
    path: '/api/push/subscription',
    summary:
      "Registers this browser's push subscription for the signed-in student (endpoints of known push services only)",
    access: students,
    body: pushSubscriptionBodySchema,
    response: messageSchema,
  },
  unsubscribe: {
    method: 'DELETE',
    path: '/api/push/subscription',
    summary: "Removes the signed-in student's subscription with this endpoint",
    access: students,
    query: pushEndpointQuerySchema,
    response: messageSchema,
  },
});
