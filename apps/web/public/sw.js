/* Service worker of the console: shows Web Push messages to students (issue 6) and opens the inbox on click.
   The payload is JSON {title, body, url} (the API's push sender); url is a path of this site. */
/// <reference lib="webworker" />

const DEFAULT_URL = '/inbox';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** Only a path of this site (never another origin). */
function sitePath(url) {
  return typeof url === 'string' && /^\/(?!\/)/.test(url) ? url : DEFAULT_URL;
}

function parse(data) {
  if (!data) return {};
  try {
    const json = data.json();
    return json && typeof json === 'object' ? json : {};
  } catch {
    return { body: data.text() };
  }
}

self.addEventListener('push', (event) => {
  const message = parse(event.data);
  const title = typeof message.title === 'string' && message.title ? message.title : 'New message';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      data: { url: sitePath(message.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(sitePath(event.notification.data?.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        if (focused.url === target) return;
        try {
          // Works for pages this worker controls; an uncontrolled page gets a new window instead.
          if (await focused.navigate(target)) return;
        } catch {
          // fall through
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});

/** The push service replaced the subscription: register the new one for the signed-in student. */
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const old = event.oldSubscription;
      const sub =
        event.newSubscription ??
        (old?.options?.applicationServerKey
          ? await self.registration.pushManager.subscribe({
              userVisibleOnly: true,
              applicationServerKey: old.options.applicationServerKey,
            })
          : null);
      if (!sub) return;
      await fetch('/api/push/subscription', {
        method: 'PUT',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(sub.toJSON()),
      });
      if (old) {
        await fetch(`/api/push/subscription?endpoint=${encodeURIComponent(old.endpoint)}`, {
          method: 'DELETE',
          credentials: 'same-origin',
        });
      }
    })(),
  );
});
