import { pushEndpoints } from '@assess/contracts/push';
import { call } from '../../lib/api';
import { registerServiceWorker } from '../../lib/serviceWorker';

/** What the top-bar control shows: no control, on, off, or blocked in the browser settings. */
export type PushState = 'unsupported' | 'on' | 'off' | 'blocked';

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** base64url (the VAPID public key) → the bytes PushManager.subscribe wants as applicationServerKey. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) => {
  if (!a || a.byteLength !== b.byteLength) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
};

async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration('/');
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** On when this browser holds a subscription the server has for the signed-in student. */
export async function readPushState(): Promise<PushState> {
  if (!isPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const sub = await currentSubscription();
  if (!sub || Notification.permission !== 'granted') return 'off';
  const { subscribed } = await call(pushEndpoints.state, { query: { endpoint: sub.endpoint } });
  return subscribed ? 'on' : 'off';
}

/** Asks for permission, registers the service worker, subscribes with the server's key and registers it. */
export async function turnPushOn(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const reg = await registerServiceWorker();
  const { publicKey } = await call(pushEndpoints.publicKey);
  const key = base64UrlToBytes(publicKey);
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub.options.applicationServerKey, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const { keys } = sub.toJSON();
  await call(pushEndpoints.subscribe, {
    body: {
      endpoint: sub.endpoint,
      expirationTime: sub.expirationTime,
      keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
    },
  });
  return 'on';
}

/** Removes the subscription on the server, then in the browser. */
export async function turnPushOff(): Promise<PushState> {
  const sub = await currentSubscription();
  if (sub) {
    await call(pushEndpoints.unsubscribe, { query: { endpoint: sub.endpoint } });
    await sub.unsubscribe();
  }
  return 'off';
}
