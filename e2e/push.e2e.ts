import crypto from 'node:crypto';
import { pushEndpoints, pushMessages } from '@assess/contracts/push';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOf } from './support/api';
import { checkA11y, shot, signIn, url, useBrowser, waitForPath } from './support/browser';
import { accountMenuItem } from './support/ui';

/**
 * Web Push in the browser (issue 6). Headless Chromium subscribes to no push service (PushManager.subscribe
 * fails with "Registration failed - permission denied"), so the opt-in tests replace PushManager with a stub
 * that hands out a subscription with real-looking keys; the service worker itself is real, and pushes are
 * delivered to it through the DevTools protocol (ServiceWorker.deliverPushMessage) as a push service would.
 */

const ecdh = crypto.createECDH('prime256v1');
ecdh.generateKeys();
const fakeKeys = {
  p256dh: ecdh.getPublicKey().toString('base64url'),
  auth: crypto.randomBytes(16).toString('base64url'),
};

/** Replaces PushManager with a stub keeping the subscription in sessionStorage (survives reloads). */
async function stubPushManager(page: Page, endpoint: string, permission: 'grant' | 'deny' = 'grant') {
  await page.addInitScript(
    ({ endpoint, keys, permission }) => {
      const KEY = 'push-stub-key';
      const toB64 = (buf: ArrayBuffer | ArrayBufferView) => {
        const bytes = buf instanceof ArrayBuffer ? new Uint8Array(buf) : new Uint8Array(buf.buffer);
        return btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      };
      const fromB64 = (s: string) =>
        Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
      const make = (key: string) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: fromB64(key) },
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          sessionStorage.removeItem(KEY);
          return true;
        },
      });
      const w = window as unknown as { pushStubKeys: string[] };
      w.pushStubKeys = [];
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        const key = toB64(options?.applicationServerKey as ArrayBufferView);
        w.pushStubKeys.push(key);
        sessionStorage.setItem(KEY, key);
        return make(key) as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () => {
        const key = sessionStorage.getItem(KEY);
        return (key ? make(key) : null) as unknown as PushSubscription;
      };
      if (permission === 'deny') {
        let current: NotificationPermission = 'default';
        Object.defineProperty(Notification, 'permission', { get: () => current });
        Notification.requestPermission = async () => {
          current = 'denied';
          return current;
        };
      }
    },
    { endpoint, keys: fakeKeys, permission },
  );
  if (permission === 'grant') await page.context().grantPermissions(['notifications'], { origin: url('') });
}

const serverState = (page: Page, endpoint: string) =>
  apiOf(page).call(pushEndpoints.state, { query: { endpoint } });

describe('web push', () => {
  // service workers and the Push API need the full browser, not the headless shell
  const s = useBrowser({}, { fullBrowser: true });

  it('the service worker is served at /sw.js as JavaScript', async () => {
    const res = await s.page.request.get(url('/sw.js'));
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(await res.text()).toContain("addEventListener('push'");
  });

  it('a student turns notifications on and off from the top bar (stubbed PushManager)', async () => {
    const { page } = s;
    const endpoint = `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`;
    await stubPushManager(page, endpoint);
    await signIn(page, 'student@example.com');
    await page.goto(url('/dashboard'));
    await waitForPath(page, '/dashboard');
    const turnOn = page.getByRole('button', { name: pushMessages.turnOn });
    await turnOn.waitFor();
    expect(await turnOn.getAttribute('data-push-state')).toBe('off');
    await turnOn.hover();
    await page.getByRole('tooltip', { name: pushMessages.turnOn }).waitFor();
    await shot(page, 'push-optin-off');

    await turnOn.click();
    await page.getByText(pushMessages.subscribed).waitFor();
    const turnOff = page.getByRole('button', { name: pushMessages.turnOff });
    await turnOff.waitFor();
    expect(await turnOff.getAttribute('data-push-state')).toBe('on');
    // Subscribed with the server's VAPID key, registered on the server, the real service worker installed.
    const { publicKey } = await apiOf(page).call(pushEndpoints.publicKey);
    expect(await page.evaluate(() => (window as unknown as { pushStubKeys: string[] }).pushStubKeys)).toEqual(
      [publicKey],
    );
    expect(await serverState(page, endpoint)).toEqual({ subscribed: true });
    const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(script).toBe(url('/sw.js'));
    await shot(page, 'push-optin-on');
    await checkA11y(page);

    // The state survives a reload (browser subscription + server registration).
    await page.reload();
    await page.getByRole('button', { name: pushMessages.turnOff }).click();
    await page.getByText(pushMessages.unsubscribed).waitFor();
    await page.getByRole('button', { name: pushMessages.turnOn }).waitFor();
    expect(await serverState(page, endpoint)).toEqual({ subscribed: false });
  });

  it("signing out turns this browser's push off, so the next person here gets no pushes of the student", async () => {
    const { page } = s;
    const endpoint = `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`;
    await stubPushManager(page, endpoint);
    await signIn(page, 'student@example.com', { fresh: true });
    await page.goto(url('/dashboard'));
    await page.getByRole('button', { name: pushMessages.turnOn }).click();
    await page.getByRole('button', { name: pushMessages.turnOff }).waitFor();
    expect(await serverState(page, endpoint)).toEqual({ subscribed: true });

    await accountMenuItem(page, 'Log out');
    await waitForPath(page, '/letsStart');
    expect(await page.evaluate(() => sessionStorage.getItem('push-stub-key'))).toBeNull();
    await signIn(page, 'student@example.com', { fresh: true });
    expect(await serverState(page, endpoint)).toEqual({ subscribed: false });
  });

  it('a refused permission shows the blocked state and registers nothing', async () => {
    const { page } = s;
    const endpoint = `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`;
    await stubPushManager(page, endpoint, 'deny');
    await signIn(page, 'student@example.com');
    await page.goto(url('/dashboard'));
    await page.getByRole('button', { name: pushMessages.turnOn }).click();
    await page.getByText(pushMessages.blocked).first().waitFor();
    const blocked = page.getByRole('button', { name: pushMessages.blocked });
    await blocked.waitFor();
    expect(await blocked.isDisabled()).toBe(true);
    expect(await serverState(page, endpoint)).toEqual({ subscribed: false });
    await shot(page, 'push-optin-blocked');
  });

  // staff see no push control: apps/web/src/app/layout/AdminLayout.browser.test.tsx (issue 23)

  it('the service worker shows a pushed message with the link to the inbox', async () => {
    const { page, context } = s;
    await context.grantPermissions(['notifications'], { origin: url('') });
    await page.goto(url('/letsStart'));
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => registrations.find((r) => !r.isDeleted && r.scopeURL === url('/'))).toBeTruthy();
    const { registrationId } = registrations.find((r) => !r.isDeleted && r.scopeURL === url('/'))!;
    const deliver = (payload: object) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: url('/'),
        registrationId,
        data: JSON.stringify(payload),
      });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          url: (n.data as { url: string }).url,
        })),
      );
    await deliver({ title: 'Exam on Monday', body: 'Bring your admit card.', url: '/inbox' });
    await expect
      .poll(shown)
      .toEqual([{ title: 'Exam on Monday', body: 'Bring your admit card.', url: '/inbox' }]);
    // A link to another site is never followed: the notification opens the inbox.
    await deliver({ title: 'Second', body: 'B', url: '//evil.example/x' });
    await expect
      .poll(async () => (await shown()).find((n) => n.title === 'Second'))
      .toEqual({ title: 'Second', body: 'B', url: '/inbox' });
  });
});
