/* The console's one service worker (registered at the site root by the push opt-in and by the test player).
   1. Web Push (issue 6): shows the messages to students and opens the inbox on click. The payload is JSON
      {title, body, url} (the API's push sender); url is a path of this site.
   2. The offline player (issue 27): keeps the built console's static files so that the test player
      (/attempt/:id) loads without a network after its first load. Navigations go to the network first (a deploy
      is seen at once) and keep the answer as the app shell; when the network is down, the player's route gets
      the kept shell. The hashed files under /assets are served from the cache first (a new build has new names);
      when a new shell arrives (a deploy), the files kept so far move to a second cache, from which the new build
      takes back what it still uses, and the build before goes: at most two builds are kept.
      Nothing under /api is ever kept here: the player keeps its attempt and its answers in IndexedDB itself. */
/// <reference lib="webworker" />

const DEFAULT_URL = '/inbox';

/** The app shell and the current build's hashed files; new names here drop the old caches on activation. */
const CACHE = 'console-static-v1';
/** The files of the build before the current shell's (what a page already open, or the new build, still reads). */
const PREVIOUS = 'console-static-v1-previous';
const SHELL_URL = '/index.html';
/** The routes that get the kept shell while the network is down. */
const OFFLINE_ROUTE = /^\/attempt\/\d+\/?$/;

const sameOrigin = (url) => url.origin === self.location.origin;
const isAsset = (url) => sameOrigin(url) && url.pathname.startsWith('/assets/');

/** The /assets files a shell loads at once (its entry script, preloads, styles). */
function shellAssets(html) {
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"?#]+)"/g)].map((m) => m[1]);
}

/** Caches what `urls` names and the cache lacks; a file that cannot be read now is left for later. */
async function keepAssets(cache, urls) {
  await Promise.all(
    urls.map(async (u) => {
      if (await cache.match(u)) return;
      const response = await fetch(u).catch(() => null);
      if (response?.ok) await cache.put(u, response);
    }),
  );
}

/**
 * Keeps a fresh shell. When it differs from the kept one (a deploy), the files kept so far become the previous
 * build's (the one before that goes); the new shell's own files are fetched, the rest taken back as pages ask.
 */
async function keepShell(response) {
  const cache = await caches.open(CACHE);
  const html = await response.clone().text();
  const assets = shellAssets(html);
  if (assets.length === 0) return; // not the console's shell
  const old = await cache.match(SHELL_URL);
  if (old && (await old.text()) === html) return;
  await cache.put(SHELL_URL, response);
  if (old) {
    await caches.delete(PREVIOUS);
    const previous = await caches.open(PREVIOUS);
    for (const request of await cache.keys()) {
      if (!isAsset(new URL(request.url))) continue;
      const file = await cache.match(request);
      if (file) await previous.put(request, file);
      await cache.delete(request);
    }
  }
  await keepAssets(cache, assets);
}

const isHtml = (response) => (response.headers.get('content-type') ?? '').startsWith('text/html');

async function fetchShell() {
  try {
    const response = await fetch(SHELL_URL, { cache: 'no-cache' });
    if (response.ok && isHtml(response)) await keepShell(response);
  } catch {
    // offline while installing: the next navigation keeps the shell
  }
}

/** Network first; the answer is the new shell; offline, the player's route gets the kept one. */
async function navigate(event, url) {
  try {
    const response = await fetch(event.request);
    if (response.ok && isHtml(response)) event.waitUntil(keepShell(response.clone()).catch(() => undefined));
    return response;
  } catch (error) {
    const shell = OFFLINE_ROUTE.test(url.pathname)
      ? await caches.match(SHELL_URL, { cacheName: CACHE })
      : null;
    if (shell) return shell;
    throw error;
  }
}

/** Cache first (the previous build's files too, taken back into the current one): a hashed file never changes. */
async function asset(event) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(event.request);
  if (hit) return hit;
  const earlier = await (await caches.open(PREVIOUS)).match(event.request);
  if (earlier) {
    event.waitUntil(cache.put(event.request, earlier.clone()).catch(() => undefined));
    return earlier;
  }
  const response = await fetch(event.request);
  if (response.ok) event.waitUntil(cache.put(event.request, response.clone()).catch(() => undefined));
  return response;
}

self.addEventListener('install', (event) => {
  self.skipWaiting();
  event.waitUntil(fetchShell());
});

self.addEventListener('activate', (event) =>
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((n) => n.startsWith('console-') && n !== CACHE && n !== PREVIOUS)
          .map((n) => caches.delete(n)),
      );
      await self.clients.claim();
    })(),
  ),
);

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (!sameOrigin(url) || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') event.respondWith(navigate(event, url));
  else if (isAsset(url)) event.respondWith(asset(event));
});

/** The page names the /assets files it loaded before this worker controlled it (the player's own chunks). */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type !== 'keep-assets' || !Array.isArray(data.urls)) return;
  const urls = data.urls
    .filter((u) => typeof u === 'string')
    .map((u) => new URL(u, self.location.origin))
    .filter(isAsset)
    .map((u) => u.pathname);
  event.waitUntil(caches.open(CACHE).then((cache) => keepAssets(cache, urls)));
});

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
