import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pushMessages } from '@assess/contracts/push';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type HttpRecorder, startHttpRecorder } from '../../../test/http-recorder';
import { createPushClient, verifyVapidAuthorization } from '../../../test/push-client';
import { pushSubscriptions, settings, users } from '../../db/schema';
import { loadConfig } from '../../platform/config';
import { pushSenderOf } from '.';
import { VAPID_SETTING_KEY } from './push.repository';
import { PUSH_TTL_SECONDS } from './sender';

let t: TestApp;
let sink: HttpRecorder;
let student: string;
let studentId: number;
let other: string;
let otherId: number;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assess-push-'));

beforeAll(async () => {
  // As a test server runs: http://127.0.0.1 endpoints allowed only with NODE_ENV=test + PUSH_ALLOW_LOOPBACK_HTTP=1.
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      PUSH_ALLOW_LOOPBACK_HTTP: '1',
      VAPID_SUBJECT: 'mailto:push@example.com',
    }),
    dataDir,
    logLevel: 'warn',
    runJobs: false,
  };
  t = await createTestApp({ config });
  sink = await startHttpRecorder();
  const [s] = await t.deps.db.select().from(users).where(eq(users.userName, 'student@example.com'));
  studentId = s.userId;
  // A second student of the same provider (the demo data has one).
  const [o] = await t.deps.db
    .insert(users)
    .values({
      providerId: s.providerId,
      userTypeId: 4,
      userName: 'second.student@example.com',
      email: 'second.student@example.com',
      passwordHash: s.passwordHash,
      fullName: 'Second Student',
    })
    .returning();
  otherId = o.userId;
  student = await t.signIn('student@example.com');
  other = await t.signIn('second.student@example.com');
});
afterAll(async () => {
  await sink?.close();
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  sink.requests.length = 0;
  sink.answer({ status: 201 });
});

const put = (cookie: string | undefined, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/push/subscription', headers: cookie ? { cookie } : {}, payload });
const del = (cookie: string, endpoint: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/push/subscription?endpoint=${encodeURIComponent(endpoint)}`,
    headers: { cookie },
  });
const rowsOf = (userId: number) =>
  t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
const subscription = (endpoint: string, client = createPushClient()) => ({
  endpoint,
  expirationTime: null,
  keys: client.keys,
});
let n = 0;
const endpointOnSink = () => `${sink.url}/push/send/${++n}`;

describe('VAPID keys', () => {
  it('are generated on first start and kept in the settings table; students read the public key', async () => {
    const [row] = await t.deps.db.select().from(settings).where(eq(settings.key, VAPID_SETTING_KEY));
    const stored = row.value as { publicKey: string; privateKey: string };
    expect(stored.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(stored.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/push/vapid-public-key',
      headers: { cookie: student },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey: stored.publicKey });
    expect(res.body).not.toContain(stored.privateKey);
  });

  it('a second process on the same database keeps the same pair', async () => {
    const [before] = await t.deps.db.select().from(settings).where(eq(settings.key, VAPID_SETTING_KEY));
    const { createVapidKeyStore } = await import('./vapid');
    const { createPushRepository } = await import('./push.repository');
    const keys = await createVapidKeyStore(createPushRepository(t.deps.db)).keys();
    expect(keys).toEqual(before.value);
  });
});

describe('subscription routes (students only)', () => {
  it('refuse anonymous callers and staff, and write nothing', async () => {
    const body = subscription('https://fcm.googleapis.com/fcm/send/staff');
    expect((await put(undefined, body)).statusCode).toBe(401);
    const erp = await t.signIn('erp@example.com');
    const res = await put(erp, body);
    expect(res.statusCode).toBe(403);
    const key = await t.app.inject({
      method: 'GET',
      url: '/api/push/vapid-public-key',
      headers: { cookie: erp },
    });
    expect(key.statusCode).toBe(403);
    const rows = await t.deps.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, body.endpoint));
    expect(rows).toEqual([]);
  });

  it('validate the subscription: https endpoint (http only on 127.0.0.1 in tests), well-formed keys', async () => {
    const bad = [
      [{ ...subscription('http://push.example.com/x') }, pushMessages.endpointNotHttps],
      [{ ...subscription('ftp://push.example.com/x') }, pushMessages.endpointNotHttps],
      [{ ...subscription('not a url') }, pushMessages.endpointNotHttps],
      [{ ...subscription('https://user:pw@push.example.com/x') }, pushMessages.endpointNotHttps],
      [
        { ...subscription('https://push.example.com/x'), keys: { p256dh: 'short', auth: 'x' } },
        pushMessages.keysInvalid,
      ],
      [
        {
          ...subscription('https://push.example.com/x'),
          keys: { p256dh: `${'A'.repeat(86)}!`, auth: 'A'.repeat(22) },
        },
        pushMessages.keysInvalid,
      ],
    ] as const;
    for (const [body, message] of bad) {
      const res = await put(student, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const missing = await put(student, { endpoint: 'https://push.example.com/x' });
    expect(missing.statusCode).toBe(400);
    expect(await rowsOf(studentId)).toEqual([]);
  });

  it('refuse an endpoint that is not on an allowed push service with a clear message, writing nothing', async () => {
    for (const endpoint of [
      'https://push.example.com/send/1',
      'https://fcm.googleapis.com.evil.example/fcm/send/1',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.5/send/1',
    ]) {
      const res = await put(student, subscription(endpoint));
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json()).toEqual({
        message: pushMessages.endpointNotAllowed,
        fields: { endpoint: [pushMessages.endpointNotAllowed] },
      });
    }
    expect(await rowsOf(studentId)).toEqual([]);
  });

  it('subscribe stores endpoint and keys (idempotent), report state, unsubscribe removes it', async () => {
    const client = createPushClient();
    const body = subscription('https://fcm.googleapis.com/fcm/send/abc', client);
    for (let i = 0; i < 2; i++) {
      const res = await put(student, body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: pushMessages.subscribed });
    }
    const rows = await rowsOf(studentId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      endpoint: body.endpoint,
      p256dh: client.keys.p256dh,
      auth: client.keys.auth,
    });
    const state = (cookie: string) =>
      t.app
        .inject({
          method: 'GET',
          url: `/api/push/subscription?endpoint=${encodeURIComponent(body.endpoint)}`,
          headers: { cookie },
        })
        .then((r) => r.json());
    expect(await state(student)).toEqual({ subscribed: true });
    expect(await state(other)).toEqual({ subscribed: false });

    const res = await del(student, body.endpoint);
    expect(res.json()).toEqual({ message: pushMessages.unsubscribed });
    expect(await rowsOf(studentId)).toEqual([]);
    expect(await state(student)).toEqual({ subscribed: false });
  });

  it("another user's subscription is untouched by a student's unsubscribe and subscribe", async () => {
    const mine = subscription('https://fcm.googleapis.com/fcm/send/other-1');
    expect((await put(other, mine)).statusCode).toBe(200);
    // The student names the other's endpoint: nothing is removed.
    const res = await del(student, mine.endpoint);
    expect(res.statusCode).toBe(200);
    expect((await rowsOf(otherId)).map((r) => r.endpoint)).toEqual([mine.endpoint]);
    // The student's own subscriptions leave the other's alone.
    expect(
      (await put(student, subscription('https://fcm.googleapis.com/fcm/send/student-1'))).statusCode,
    ).toBe(200);
    expect((await rowsOf(otherId)).map((r) => r.endpoint)).toEqual([mine.endpoint]);
    await del(student, 'https://fcm.googleapis.com/fcm/send/student-1');
    await del(other, mine.endpoint);
  });

  it('the same browser subscribing for another student moves the endpoint to that student', async () => {
    const shared = subscription('https://fcm.googleapis.com/fcm/send/shared-browser');
    await put(other, shared);
    await put(student, shared);
    expect((await rowsOf(otherId)).map((r) => r.endpoint)).not.toContain(shared.endpoint);
    expect((await rowsOf(studentId)).map((r) => r.endpoint)).toEqual([shared.endpoint]);
    await del(student, shared.endpoint);
  });

  it('keeps at most 10 subscriptions per student (the oldest go)', async () => {
    for (let i = 0; i < 12; i++)
      await put(other, subscription(`https://fcm.googleapis.com/fcm/send/many-${i}`));
    const rows = await rowsOf(otherId);
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.endpoint)).not.toContain('https://fcm.googleapis.com/fcm/send/many-0');
    await t.deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, otherId));
  });
});

describe('push sender against a local push service', () => {
  const sender = () => t.deps.modules.push.pushSender;

  it("'not configured' for a student without a subscription; nothing is sent", async () => {
    expect(await sender().send({ userId: otherId, title: 'T', body: 'B' })).toEqual({
      status: 'not configured',
    });
    expect(sink.requests).toEqual([]);
  });

  it('POSTs an aes128gcm-encrypted payload with TTL and a VAPID Authorization the push service can verify', async () => {
    const client = createPushClient();
    const endpoint = endpointOnSink();
    expect((await put(student, subscription(endpoint, client))).statusCode).toBe(200);
    const result = await sender().send({
      userId: studentId,
      title: 'Exam on Monday',
      body: 'Bring your admit card.',
    });
    expect(result).toEqual({ status: 'sent' });
    expect(sink.requests).toHaveLength(1);
    const req = sink.requests[0];
    expect(req.method).toBe('POST');
    expect(`${sink.url}${req.url}`).toBe(endpoint);
    expect(req.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
    expect(req.headers['content-encoding']).toBe('aes128gcm');
    expect(req.headers['content-type']).toBe('application/octet-stream');
    expect(req.headers.urgency).toBe('normal');
    const vapid = verifyVapidAuthorization(req.headers.authorization);
    const [row] = await t.deps.db.select().from(settings).where(eq(settings.key, VAPID_SETTING_KEY));
    expect(vapid.publicKey).toBe((row.value as { publicKey: string }).publicKey);
    expect(vapid.valid).toBe(true);
    expect(vapid.header).toEqual({ typ: 'JWT', alg: 'ES256' });
    expect(vapid.claims.aud).toBe(sink.url);
    expect(vapid.claims.sub).toBe('mailto:push@example.com');
    expect(vapid.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(JSON.parse(client.decrypt(req.body))).toEqual({
      title: 'Exam on Monday',
      body: 'Bring your admit card.',
      url: '/inbox',
    });
    // The plaintext is not readable on the wire.
    expect(req.body.toString('latin1')).not.toContain('admit card');
    await del(student, endpoint);
  });

  it('sends to every subscription of the student; a long body is clipped to fit a push message', async () => {
    const a = createPushClient();
    const b = createPushClient();
    const [ea, eb] = [endpointOnSink(), endpointOnSink()];
    await put(student, subscription(ea, a));
    await put(student, subscription(eb, b));
    const result = await sender().send({
      userId: studentId,
      title: 'Long',
      body: 'x'.repeat(10_000),
      url: '//evil.example',
    });
    expect(result.status).toBe('sent');
    expect(sink.requests.map((r) => `${sink.url}${r.url}`).sort()).toEqual([ea, eb].sort());
    const byUrl = (e: string) => sink.requests.find((r) => `${sink.url}${r.url}` === e)!.body;
    const payload = JSON.parse(a.decrypt(byUrl(ea)));
    expect(payload.body.length).toBeLessThanOrEqual(1500);
    expect(payload.url).toBe('/inbox'); // only a path of this site
    expect(JSON.parse(b.decrypt(byUrl(eb))).title).toBe('Long');
    await del(student, ea);
    await del(student, eb);
  });

  it('a 410 or 404 answer removes the subscription and records the failure', async () => {
    for (const status of [410, 404]) {
      const endpoint = endpointOnSink();
      await put(student, subscription(endpoint));
      sink.answer({ status, body: 'gone' });
      const result = await sender().send({ userId: studentId, title: 'T', body: 'B' });
      expect(result).toEqual({
        status: 'failed',
        error: `Push service answered HTTP ${status} (subscription removed)`,
      });
      expect(await rowsOf(studentId)).toEqual([]);
    }
  });

  it('another error keeps the subscription and records the push service answer', async () => {
    const endpoint = endpointOnSink();
    await put(student, subscription(endpoint));
    sink.answer({ status: 429, body: 'slow down' });
    const result = await sender().send({ userId: studentId, title: 'T', body: 'B' });
    expect(result).toEqual({ status: 'failed', error: 'Push service answered HTTP 429: slow down' });
    expect((await rowsOf(studentId)).map((r) => r.endpoint)).toEqual([endpoint]);
    await del(student, endpoint);
  });

  it('a redirect is not followed: the answer counts as a failure and nothing else is requested', async () => {
    const endpoint = endpointOnSink();
    await put(student, subscription(endpoint));
    sink.answer({ status: 307, headers: { location: `${sink.url}/elsewhere` } });
    const result = await sender().send({ userId: studentId, title: 'T', body: 'B' });
    expect(result).toEqual({ status: 'failed', error: 'Push service answered HTTP 307' });
    expect(sink.requests.map((r) => `${sink.url}${r.url}`)).toEqual([endpoint]);
    await del(student, endpoint);
  });

  it('a push service host resolving to a private, loopback or link-local address is never reached', async () => {
    // The allow-list names push.test; "DNS" answers addresses inside the network for it.
    const endpoint = 'https://inner.push.test/send/1';
    await t.deps.db.insert(pushSubscriptions).values({
      userId: otherId,
      endpoint,
      ...createPushClient().keys,
      createdDate: new Date(),
      updatedDate: new Date(),
    });
    const resolved: string[] = [];
    for (const address of ['10.1.2.3', '127.0.0.1', '169.254.169.254', '::ffff:192.168.0.4', 'fd00::1']) {
      const sender = pushSenderOf(
        {
          db: t.deps.db,
          log: t.app.log,
          config: { ...t.config, push: { ...t.config.push, allowedHosts: ['push.test'] } },
        },
        {
          resolve: async (host) => {
            resolved.push(host);
            return [{ address, family: address.includes(':') ? 6 : 4 }];
          },
        },
      );
      const result = await sender.send({ userId: otherId, title: 'T', body: 'B' });
      expect(result).toEqual({
        status: 'failed',
        error: `Push failed: inner.push.test resolves to a private address (${address})`,
      });
    }
    expect(resolved).toHaveLength(5);
    expect(sink.requests).toEqual([]);
    // A subscription of a host that is not (or no longer) allowed is not even resolved.
    const result = await sender().send({ userId: otherId, title: 'T', body: 'B' });
    expect(result).toEqual({
      status: 'failed',
      error: `Push endpoint refused: ${pushMessages.endpointNotAllowed}`,
    });
    await t.deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, otherId));
  });

  it('a push service that does not answer fails after the timeout', async () => {
    const endpoint = endpointOnSink();
    await put(student, subscription(endpoint));
    sink.answer('hang');
    const quick = pushSenderOf({
      db: t.deps.db,
      log: t.app.log,
      config: { ...t.config, push: { ...t.config.push, timeoutMs: 300 } },
    });
    const result = await quick.send({ userId: studentId, title: 'T', body: 'B' });
    expect(result).toEqual({ status: 'failed', error: 'Push service did not answer within 300 ms' });
    expect((await rowsOf(studentId)).map((r) => r.endpoint)).toEqual([endpoint]);
    await del(student, endpoint);
  });
});
