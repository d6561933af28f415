/**
 * The console's one service worker (apps/web/public/sw.js, served at the site root): it shows Web Push messages
 * and keeps the static files the test player needs offline. Both the push opt-in and the player register it.
 */
export const SERVICE_WORKER_URL = '/sw.js';

export const serviceWorkerSupported = () =>
  typeof window !== 'undefined' && window.isSecureContext && 'serviceWorker' in navigator;

/** Registers the worker on the whole site (again is a no-op) and resolves with its active registration. */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** The same-origin files under /assets among these loads that no service worker served (so none kept). */
export function unkeptAssets(entries: PerformanceEntryList): string[] {
  return entries
    .filter((e): e is PerformanceResourceTiming => 'workerStart' in e && e.workerStart === 0)
    .map((e) => new URL(e.name, location.href))
    .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'))
    .map((u) => u.pathname);
}

/**
 * Keeps this page's static files for offline use: registers the worker and names to it every file under /assets
 * the page loads without it (before it took the page over, or while it did): the entry, the route's chunks,
 * styles, fonts. What the worker serves it keeps itself. Returns the function that stops watching. A browser
 * without service workers simply has no offline copy.
 */
export function keepAppOffline(): () => void {
  if (!serviceWorkerSupported() || typeof PerformanceObserver === 'undefined') return () => undefined;
  let observer: PerformanceObserver | null = null;
  let stopped = false;
  registerServiceWorker().then(
    (reg) => {
      if (stopped) return;
      observer = new PerformanceObserver((list) => {
        const urls = unkeptAssets(list.getEntries());
        const worker = navigator.serviceWorker.controller ?? reg.active;
        if (urls.length > 0) worker?.postMessage({ type: 'keep-assets', urls });
      });
      observer.observe({ type: 'resource', buffered: true });
    },
    () => undefined, // refused (private mode, the headless shell): the player still works online
  );
  return () => {
    stopped = true;
    observer?.disconnect();
  };
}
