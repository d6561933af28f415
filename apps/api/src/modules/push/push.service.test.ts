import { pushMessages } from '@assess/contracts/push';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config';
import type { PushRepository } from './push.repository';
import { createPushService } from './push.service';
import type { VapidKeyStore } from './vapid';

const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };

function serviceWith(env: Record<string, string>) {
  const upserts: unknown[] = [];
  const repo = {
    upsertSubscription: async (...a: unknown[]) => void upserts.push(a),
    keepNewest: async () => {},
  } as unknown as PushRepository;
  const push = createPushService({
    repo,
    withTransaction: (work) => work({ push: repo }),
    vapid: {} as VapidKeyStore,
    config: loadConfig(env),
    clock: () => new Date(),
  });
  return { push, upserts };
}

describe('push subscribe: http loopback endpoints only on a test server', () => {
  it('refuses http://127.0.0.1 unless NODE_ENV=test and PUSH_ALLOW_LOOPBACK_HTTP=1, writing nothing', async () => {
    const envs: Record<string, string>[] = [{}, { PUSH_ALLOW_LOOPBACK_HTTP: '1' }, { NODE_ENV: 'test' }];
    for (const env of envs) {
      const { push, upserts } = serviceWith(env);
      await expect(
        push.subscribe(7, { endpoint: 'http://127.0.0.1:9/p', keys }, undefined),
      ).rejects.toMatchObject({
        statusCode: 400,
        message: pushMessages.endpointNotHttps,
      });
      expect(upserts).toEqual([]);
    }
    const { push, upserts } = serviceWith({ NODE_ENV: 'test', PUSH_ALLOW_LOOPBACK_HTTP: '1' });
    expect(await push.subscribe(7, { endpoint: 'http://127.0.0.1:9/p', keys }, 'UA')).toEqual({
      message: pushMessages.subscribed,
    });
    expect(upserts).toHaveLength(1);
  });
});

describe('push subscribe: only the allowed push services', () => {
  it("accepts the major browsers' push services by default and refuses any other host, writing nothing", async () => {
    const { push, upserts } = serviceWith({});
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/abc',
    ])
      expect(await push.subscribe(7, { endpoint, keys }, undefined)).toEqual({
        message: pushMessages.subscribed,
      });
    expect(upserts).toHaveLength(4);
    for (const endpoint of [
      'https://push.example.com/send/abc',
      'https://fcm.googleapis.com.evil.example/fcm/send/abc',
      'https://evilfcm.googleapis.com/x',
      'https://10.0.0.1/x',
      'https://127.0.0.1/x',
    ])
      await expect(push.subscribe(7, { endpoint, keys }, undefined)).rejects.toMatchObject({
        statusCode: 400,
        message: pushMessages.endpointNotAllowed,
        fields: { endpoint: [pushMessages.endpointNotAllowed] },
      });
    expect(upserts).toHaveLength(4);
  });

  it('PUSH_ALLOWED_HOSTS replaces the list (host suffixes, `*.` allowed)', async () => {
    const { push } = serviceWith({ PUSH_ALLOWED_HOSTS: ' push.example.com, *.Push.Test ' });
    for (const endpoint of ['https://push.example.com/a', 'https://eu.push.test/a'])
      expect((await push.subscribe(7, { endpoint, keys }, undefined)).message).toBe(pushMessages.subscribed);
    await expect(
      push.subscribe(7, { endpoint: 'https://fcm.googleapis.com/fcm/send/a', keys }, undefined),
    ).rejects.toMatchObject({ message: pushMessages.endpointNotAllowed });
  });
});
