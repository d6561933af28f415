import { describe, expect, it } from 'vitest';
import { isAllowedPushEndpoint, pushMessages, pushSubscriptionBodySchema } from '.';

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
