// The top bar's push control for a student (moved from e2e/push.e2e.ts, issue 23): the off state and its tooltip,
// turning on (permission, the server's VAPID key, the subscription registered), a subscription the server knows
// showing as on at first paint (as after a reload), turning off, and a refused permission's blocked state with
// nothing registered. The browser's Notification and service worker are stubbed here; the real service worker,
// the server's registration and the sign-out stay in the browser journey.
import { pushEndpoints as pe, pushMessages } from '@assess/contracts/push';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi } from '../../test/fakeApi';
import { toast } from '../../test/fields';
import { checkA11y, renderApp } from '../../test/render';
import { studentSession } from '../../test/session';
import { PushOptIn } from './PushOptIn';
import { base64UrlToBytes } from './pushClient';

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/component-test';
const KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
const VAPID = `B${'Q'.repeat(86)}`;

type Stub = { subscribedWith: Uint8Array[]; unsubscribed: number };

/** The browser's side of push, stubbed: the permission, and one registration whose subscription lives in memory. */
function stubBrowser(
  permission: NotificationPermission,
  answer: NotificationPermission,
  subscribed: boolean,
) {
  const stub: Stub = { subscribedWith: [], unsubscribed: 0 };
  let current = permission;
  let key: Uint8Array | null = subscribed ? base64UrlToBytes(VAPID) : null;
  const subscription = () =>
    key && {
      endpoint: ENDPOINT,
      expirationTime: null,
      options: { applicationServerKey: key.buffer },
      toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
      unsubscribe: async () => {
        stub.unsubscribed++;
        key = null;
        return true;
      },
    };
  const registration = {
    pushManager: {
      getSubscription: async () => subscription(),
      subscribe: async (o: { applicationServerKey: Uint8Array }) => {
        stub.subscribedWith.push(o.applicationServerKey);
        key = o.applicationServerKey;
        return subscription();
      },
    },
  };
  const own = (target: object, name: string, value: unknown) =>
    Object.defineProperty(target, name, { configurable: true, get: () => value });
  Object.defineProperty(Notification, 'permission', { configurable: true, get: () => current });
  own(Notification, 'requestPermission', async () => {
    current = answer;
    return current;
  });
  own(navigator.serviceWorker, 'getRegistration', async () => registration);
  own(navigator.serviceWorker, 'register', async () => registration);
  own(navigator.serviceWorker, 'ready', Promise.resolve(registration));
  return stub;
}

afterEach(() => {
  for (const name of ['permission', 'requestPermission']) Reflect.deleteProperty(Notification, name);
  for (const name of ['getRegistration', 'register', 'ready'])
    Reflect.deleteProperty(navigator.serviceWorker, name);
});

describe('PushOptIn (a student)', () => {
  it("is off with its tooltip; turning on subscribes with the server's key and registers the subscription", async () => {
    const stub = stubBrowser('default', 'granted', false);
    fakeApi
      .on(pe.publicKey, () => ({ publicKey: VAPID }))
      .on(pe.subscribe, () => ({ message: 'Subscribed' }));
    await renderApp(<PushOptIn />, { session: studentSession() });
    const turnOn = page.getByRole('button', { name: pushMessages.turnOn });
    await expect.element(turnOn).toHaveAttribute('data-push-state', 'off');
    await turnOn.hover();
    await expect.element(page.getByRole('tooltip', { name: pushMessages.turnOn })).toBeVisible();
    await checkA11y();
    await turnOn.click();
    await expect.element(toast(pushMessages.subscribed)).toBeVisible();
    const turnOff = page.getByRole('button', { name: pushMessages.turnOff });
    await expect.element(turnOff).toHaveAttribute('data-push-state', 'on');
    expect(stub.subscribedWith.map((k) => Array.from(k))).toEqual([Array.from(base64UrlToBytes(VAPID))]);
    expect(fakeApi.requestsTo(pe.subscribe).map((r) => r.body)).toEqual([
      { endpoint: ENDPOINT, expirationTime: null, keys: KEYS },
    ]);
  });

  it('a subscription the server knows shows on at first paint; turning off unregisters it', async () => {
    const stub = stubBrowser('granted', 'granted', true);
    fakeApi
      .on(pe.state, ({ query }) => ({ subscribed: query.endpoint === ENDPOINT }))
      .on(pe.unsubscribe, () => ({ message: 'Unsubscribed' }));
    await renderApp(<PushOptIn />, { session: studentSession() });
    const turnOff = page.getByRole('button', { name: pushMessages.turnOff });
    await expect.element(turnOff).toHaveAttribute('data-push-state', 'on');
    await turnOff.click();
    await expect.element(toast(pushMessages.unsubscribed)).toBeVisible();
    await expect
      .element(page.getByRole('button', { name: pushMessages.turnOn }))
      .toHaveAttribute('data-push-state', 'off');
    expect(fakeApi.requestsTo(pe.unsubscribe).map((r) => r.query)).toEqual([{ endpoint: ENDPOINT }]);
    expect(stub.unsubscribed).toBe(1);
  });

  it('a refused permission shows the blocked state, disabled, and registers nothing', async () => {
    const stub = stubBrowser('default', 'denied', false);
    await renderApp(<PushOptIn />, { session: studentSession() });
    await page.getByRole('button', { name: pushMessages.turnOn }).click();
    await expect.element(toast(pushMessages.blocked)).toBeVisible();
    const blocked = page.getByRole('button', { name: pushMessages.blocked });
    await expect.element(blocked).toBeDisabled();
    await expect.element(blocked).toHaveAttribute('data-push-state', 'blocked');
    expect(stub.subscribedWith).toEqual([]);
    expect(fakeApi.requestsTo(pe.subscribe)).toEqual([]);
  });
});
