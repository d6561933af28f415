import type { LookupAddress } from 'node:dns';
import { DEFAULT_PUSH_ALLOWED_HOSTS, pushMessages } from '@assess/contracts/push';
import { describe, expect, it } from 'vitest';
import { connectionFor, endpointRefusal, guardedLookup, isPublicAddress } from './endpoint-guard';

const rules = { allowedHosts: DEFAULT_PUSH_ALLOWED_HOSTS, allowLoopbackHttp: false };
const testRules = { ...rules, allowLoopbackHttp: true };

describe('isPublicAddress', () => {
  it('refuses private, loopback, link-local, shared, multicast and reserved addresses of both families', () => {
    for (const a of [
      '0.0.0.0',
      '10.1.2.3',
      '100.64.0.1',
      '127.0.0.1',
      '127.9.9.9',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      'not an address',
      'fcm.googleapis.com',
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });

  it('accepts public unicast addresses', () => {
    for (const a of ['142.250.74.10', '172.32.0.1', '8.8.8.8', '2a00:1450:4007:80e::200a', '::ffff:8.8.8.8'])
      expect(isPublicAddress(a), a).toBe(true);
  });
});

describe('endpointRefusal', () => {
  it('https on an allowed host only; http and loopback only on a test server', () => {
    expect(endpointRefusal('https://fcm.googleapis.com/fcm/send/x', rules)).toBeUndefined();
    expect(endpointRefusal('https://push.example.com/x', rules)).toBe(pushMessages.endpointNotAllowed);
    expect(endpointRefusal('http://fcm.googleapis.com/x', rules)).toBe(pushMessages.endpointNotHttps);
    expect(endpointRefusal('http://127.0.0.1:9/x', rules)).toBe(pushMessages.endpointNotHttps);
    expect(endpointRefusal('http://127.0.0.1:9/x', testRules)).toBeUndefined();
    expect(endpointRefusal('http://10.0.0.1/x', testRules)).toBe(pushMessages.endpointNotHttps);
  });
});

describe('connectionFor', () => {
  const resolve = async () => [{ address: '8.8.8.8', family: 4 }];
  it('a host name goes through the guarded lookup; the loopback test host connects directly', () => {
    const c = connectionFor('https://fcm.googleapis.com/fcm/send/x', rules, resolve);
    expect('url' in c && c.lookup).toBeTypeOf('function');
    const local = connectionFor('http://127.0.0.1:9/x', testRules, resolve);
    expect('url' in local && local.lookup).toBeUndefined();
  });

  it('an IP literal allowed by the setting must still be a public address', () => {
    const r = { allowedHosts: ['10.0.0.1', '8.8.4.4'], allowLoopbackHttp: false };
    expect(connectionFor('https://10.0.0.1/x', r, resolve)).toEqual({
      refused: 'Push endpoint refused: 10.0.0.1 is a private address',
    });
    expect('url' in connectionFor('https://8.8.4.4/x', r, resolve)).toBe(true);
  });

  it('a stored endpoint of a host no longer allowed is refused', () => {
    expect(connectionFor('https://push.example.com/x', rules, resolve)).toEqual({
      refused: `Push endpoint refused: ${pushMessages.endpointNotAllowed}`,
    });
  });
});

describe('guardedLookup', () => {
  const lookup = (addresses: LookupAddress[], all = true) =>
    new Promise<{ err: Error | null; address: unknown; family?: number }>((resolve) =>
      guardedLookup(async () => addresses)('push.test', { all }, (err, address, family) =>
        resolve({ err, address, family }),
      ),
    );

  it('answers the resolved public addresses', async () => {
    expect(await lookup([{ address: '8.8.8.8', family: 4 }])).toMatchObject({
      err: null,
      address: [{ address: '8.8.8.8', family: 4 }],
    });
    expect(await lookup([{ address: '8.8.8.8', family: 4 }], false)).toMatchObject({
      err: null,
      address: '8.8.8.8',
      family: 4,
    });
  });

  it('refuses the host when any address is not public (no connection is made)', async () => {
    const { err } = await lookup([
      { address: '8.8.8.8', family: 4 },
      { address: '192.168.0.10', family: 4 },
    ]);
    expect(err?.message).toBe('push.test resolves to a private address (192.168.0.10)');
    expect((await lookup([])).err?.message).toBe('push.test has no address');
  });
});
