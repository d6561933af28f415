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
  } as unknown as PushRepository;
  const push = createPushService({
    repo,
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
