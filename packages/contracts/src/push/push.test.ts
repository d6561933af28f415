import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PUSH_ALLOWED_HOSTS,
  isAllowedPushEndpoint,
  isAllowedPushHost,
  parsePushAllowedHosts,
  pushMessages,
  pushSubscriptionBodySchema,
} from '.';

describe('push endpoint rule', () => {
  it('https always; http only on the loopback host and only when allowed (tests)', () => {
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(isAllowedPushEndpoint('http://127.0.0.1:4000/push')).toBe(false);
    expect(isAllowedPushEndpoint('http://127.0.0.1:4000/push', true)).toBe(true);
    expect(isAllowedPushEndpoint('http://localhost:4000/push', true)).toBe(true);
    expect(isAllowedPushEndpoint('http://10.0.0.1/push', true)).toBe(false);
    expect(isAllowedPushEndpoint('http://127.0.0.1.evil.example/push', true)).toBe(false);
    expect(isAllowedPushEndpoint('https://u:p@push.example.com/x')).toBe(false);
    expect(isAllowedPushEndpoint('javascript:alert(1)', true)).toBe(false);
    expect(isAllowedPushEndpoint('')).toBe(false);
  });

  it('the body schema carries the messages', () => {
    const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
    expect(pushSubscriptionBodySchema.safeParse({ endpoint: 'https://p.example/x', keys }).success).toBe(
      true,
    );
    const r = pushSubscriptionBodySchema.safeParse({ endpoint: 'http://p.example/x', keys });
    expect(r.error?.issues[0].message).toBe(pushMessages.endpointNotHttps);
    const k = pushSubscriptionBodySchema.safeParse({
      endpoint: 'https://p.example/x',
      keys: { ...keys, auth: 'a b' },
    });
    expect(k.error?.issues[0].message).toBe(pushMessages.keysInvalid);
  });
});

describe('push service allow-list', () => {
  it('defaults to the major browsers’ push services; a setting replaces it (host suffixes, `*.` and case ignored)', () => {
    expect(parsePushAllowedHosts(undefined)).toBe(DEFAULT_PUSH_ALLOWED_HOSTS);
    expect(parsePushAllowedHosts(' , ')).toBe(DEFAULT_PUSH_ALLOWED_HOSTS);
    expect(parsePushAllowedHosts('*.Notify.Windows.com, push.example.com.')).toEqual([
      'notify.windows.com',
      'push.example.com',
    ]);
  });

  it('matches a host or a host below it, never a look-alike', () => {
    const hosts = DEFAULT_PUSH_ALLOWED_HOSTS;
    for (const h of [
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      'push.services.mozilla.com',
      'wns2-par02p.notify.windows.com',
      'web.push.apple.com',
      'FCM.googleapis.com.',
    ])
      expect(isAllowedPushHost(h, hosts), h).toBe(true);
    for (const h of [
      'googleapis.com',
      'evilfcm.googleapis.com',
      'fcm.googleapis.com.evil.example',
      'notify.windows.com.evil.example',
      'apple.com',
      '',
    ])
      expect(isAllowedPushHost(h, hosts), h).toBe(false);
  });
});
