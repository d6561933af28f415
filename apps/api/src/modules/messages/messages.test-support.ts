import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, testClock } from '../../../test/harness';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { createMailer } from '../../platform/mail/mailer';
import { messageFixtures, multipart } from './test/fixtures';

export const HOUR = 3_600_000;
export const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;
export const clock = testClock(new Date());
export let t: TestApp;
export let sink: SmtpSink;
export let fx: ReturnType<typeof messageFixtures>;
export const cookies: Record<string, string> = {};
export let erpId: number;
export let predictorId: number;
export let partnerId: number;
export let studentId: number;

export const q = async <T>(text: string, values: unknown[] = []) =>
  (await t.deps.handle.sql.executeSql(text, values)).rows as T[];
export const countOf = async (text: string, values: unknown[] = []) =>
  (await q<{ n: number }>(`select count(*)::int as n from (${text}) x`, values))[0].n;
export const storedFiles = () => {
  const root = path.join(t.config.dataDir, 'files');
  return fs.existsSync(root)
    ? (fs.readdirSync(root, { recursive: true }) as string[]).filter(
        (f) => !f.startsWith('.tmp') && fs.statSync(path.join(root, f)).isFile(),
      )
    : [];
};
export const later = (ms = HOUR) => new Date(clock().getTime() + ms).toISOString();
export const form = (over: Record<string, unknown> = {}) => ({
  title: 'Exam schedule',
  body: 'The mock exam starts on Monday.',
  app: true,
  sendDateTime: later(),
  ...over,
});

export async function call(
  who: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  files?: { name: string; content: Buffer }[],
) {
  const mp = body !== undefined && files ? await multipart(body, files) : undefined;
  // With files: the multipart variant of the create and edit endpoints.
  const target = mp ? `${url}/with-attachments` : url;
  const send = () =>
    t.app.inject({
      method,
      url: target,
      headers: { cookie: cookies[who], ...(mp?.headers ?? {}) },
      ...(mp ? { payload: mp.payload } : body !== undefined ? { payload: body as object } : {}),
    });
  const res = await send();
  if (res.statusCode !== 401) return res;
  // The test clock moved past the session's idle time: sign in again.
  cookies[who] = await t.signIn(`${who}@example.com`);
  return send();
}

export const msgs = () => t.deps.modules.messages;

/** Registers the app of this area's API tests (built before the file's tests, closed after). */
export function useMessagesApp() {
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({
      clock,
      mailer: createMailer({
        smtpUrl: sink.url,
        outboxDir: '/nonexistent',
        from: 'Console <no-reply@example.com>',
        log: quiet,
      }),
    });
    fx = messageFixtures(t.deps.db);
    for (const u of ['owner', 'erp', 'predictor', 'readonly', 'student', 'partner'])
      cookies[u] = await t.signIn(`${u}@example.com`);
    erpId = await fx.providerIdOf('erp@example.com');
    predictorId = await fx.providerIdOf('predictor@example.com');
    partnerId = await fx.providerIdOf('partner@example.com');
    studentId = await fx.userIdOf('student@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });
}
