import { z } from 'zod';

export const pushMessages = {
  subscribed: 'Notifications are on for this browser.',
  unsubscribed: 'Notifications are off for this browser.',
  endpointNotHttps: 'The push endpoint must be an https address.',
  endpointNotAllowed: 'The push endpoint is not a push service this server sends to.',
  keysInvalid: 'The push subscription keys are not valid.',
  blocked: 'Notifications are blocked for this site. Allow them in the browser settings.',
  failed: 'Could not change the notification setting. Please try again.',
  turnOn: 'Turn on browser notifications',
  turnOff: 'Turn off browser notifications',
} as const;

/** Hosts an http (not https) push endpoint may use when the server allows it (API and browser tests only). */
export const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'] as const;
/** Whether a URL's hostname is one of the loopback hosts (exactly: never `127.0.0.1.evil.example`). */
export const isLoopbackHost = (hostname: string) => (LOOPBACK_HOSTS as readonly string[]).includes(hostname);

/** Whether a push endpoint is acceptable: https, or http on the loopback host when allowed (tests). */
export function isAllowedPushEndpoint(endpoint: string, allowLoopbackHttp = false): boolean {
  let u: URL;
  try {
    u = new URL(endpoint);
  } catch {
    return false;
  }
  if (u.username || u.password) return false;
  if (u.protocol === 'https:') return true;
  return allowLoopbackHttp && u.protocol === 'http:' && isLoopbackHost(u.hostname);
}

const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min, pushMessages.keysInvalid)
    .max(max, pushMessages.keysInvalid)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, pushMessages.keysInvalid);

/**
 * A browser PushSubscription as `JSON.stringify(subscription)` gives it. The endpoint must be an absolute
 * http(s) URL; the route additionally requires https (http on the loopback host only in tests).
 * p256dh is an uncompressed P-256 point (65 bytes = 87 base64url characters), auth 16 bytes (22 characters).
 */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z
    .string()
    .max(1000)
    .refine((v) => isAllowedPushEndpoint(v, true), pushMessages.endpointNotHttps),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushEndpointQuerySchema = z.object({
  endpoint: z.string().min(1).max(1000),
});

export const vapidPublicKeySchema = z.object({
  /** The application server key (base64url, uncompressed P-256 point) for PushManager.subscribe. */
  publicKey: z.string(),
});
export type VapidPublicKey = z.infer<typeof vapidPublicKeySchema>;

export const pushSubscriptionStateSchema = z.object({
  /** Whether this endpoint is registered for the signed-in student. */
  subscribed: z.boolean(),
});
export type PushSubscriptionState = z.infer<typeof pushSubscriptionStateSchema>;

/** What the service worker receives (the encrypted payload, JSON). */
export type PushPayload = { title: string; body: string; url: string };
