import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { waitFor } from '../../../test/wait';
import { type DatabaseHandle, openDatabase } from '../../platform/db/client';
import { createJobRunner, type JobRunner } from '../../platform/jobs';
import { createMailer, type Mailer } from '../../platform/mail/mailer';
import { createWhatsAppSender } from '../../platform/whatsapp';
import { pushSenderOf } from '../push';
import { messagesRepositories } from '.';
import { createDeliveryService, DISPATCH_QUEUE, SEND_QUEUE } from './delivery.service';
import { messageFixtures, multipart, pdf } from './test/fixtures';

const onPostgres = Boolean(process.env.DATABASE_URL);
const MESSAGES = 6;
const STUDENTS = 30;
const quiet = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  child: () => quiet,
} as unknown as FastifyBaseLogger;
let t: TestApp | undefined;
let sink: SmtpSink | undefined;
let second: { handle: DatabaseHandle; runner: JobRunner; mailer: Mailer } | undefined;

/** A mailer that counts what this process sent. */
function counting(mailer: Mailer, sent: { n: number }): Mailer {
  return {
    async send(m) {
      sent.n++;
      return mailer.send(m);
    },
    close: () => mailer.close(),
  };
}

beforeAll(async () => {
  if (!onPostgres) return;
  sink = await startSmtpSink();
  t = await createTestApp({
    mailer: createMailer({
      smtpUrl: sink.url,
      outboxDir: '/nonexistent',
      from: 'Console <x@example.com>',
      log: quiet,
    }),
  });
});
afterAll(async () => {
  await second?.runner.stop();
  await second?.handle.close();
  await second?.mailer.close();
  await t?.close();
  await sink?.close();
});

describe('delivery with two server processes on one PostgreSQL database', () => {
  it.skipIf(!onPostgres)(
    'sends every e-mail exactly once and records one delivery row per recipient and channel',
    async () => {
      if (!t || !sink) throw new Error('no app');
      const fx = messageFixtures(t.deps.db);
      const erpId = await fx.providerIdOf('erp@example.com');
      const series = await fx.testSeries(erpId);
      const students: number[] = [];
      for (let i = 0; i < STUDENTS; i++) students.push(await fx.student(erpId));
      await fx.enrol(series, students);

      // Process 2: its own pool, pg-boss instance, repositories and delivery service (the same handlers).
      const handle = await openDatabase({ url: t.deps.handle.url, poolSize: 4 });
      const runner = createJobRunner({ handle, log: quiet, clock: () => new Date(), runJobs: false });
      const sentBySecond = { n: 0 };
      const mailer2 = createMailer({
        smtpUrl: sink.url,
        outboxDir: '/nonexistent',
        from: 'x@example.com',
        log: quiet,
      });
      second = { handle, runner, mailer: mailer2 };
      const files2 = { store: t.deps.files.store };
      const repos = messagesRepositories(handle.db);
      createDeliveryService({
        clock: () => new Date(),
        log: quiet,
        jobs: runner,
        deliveries: repos.deliveries,
        withTransaction: repos.withTransaction,
        notifications: repos.notifications,
        files: files2,
        mailer: counting(mailer2, sentBySecond),
        push: pushSenderOf({ db: handle.db, log: quiet, config: t.config }),
        whatsapp: createWhatsAppSender({ config: t.config, log: quiet }),
      }).defineJobs();
      await runner.start();

      const cookie = await t.signIn('erp@example.com');
      const ids: number[] = [];
      for (let i = 0; i < MESSAGES; i++) {
        const body = await multipart(
          {
            title: `Notice ${i}`,
            body: 'Hello',
            email: true,
            app: true,
            testSeriesIds: [series],
            sendDateTime: new Date(Date.now() - 1000).toISOString(),
          },
          [{ name: `notice-${i}.pdf`, content: pdf(String(i)) }],
        );
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/notifications/with-attachments',
          headers: { cookie, ...body.headers },
          payload: body.payload,
        });
        expect(res.statusCode).toBe(200);
        ids.push(res.json().notificationId);
      }

      await Promise.all([
        t.deps.jobs.startWorkers({ pollingIntervalSeconds: 0.5 }),
        runner.startWorkers({ pollingIntervalSeconds: 0.5 }),
      ]);
      const total = MESSAGES * STUDENTS;
      const sql = t.deps.handle.sql;
      await waitFor(async () => {
        const { rows } = await sql.executeSql(
          `select count(*)::int as n from notification_deliveries
         where notification_id = any($1::int[]) and channel = 'email' and status = 'sent'`,
          [ids],
        );
        return (rows[0] as { n: number }).n === total;
      }, 60_000);
      // Every dispatch and send job of both processes has ended: a duplicate send would have happened by now.
      await waitFor(async () => {
        const { rows: open } = await sql.executeSql(
          `select count(*)::int as n from pgboss.job
           where name = any($1::text[]) and state in ('created', 'retry', 'active')`,
          [[DISPATCH_QUEUE, SEND_QUEUE]],
        );
        return (open[0] as { n: number }).n === 0;
      }, 60_000);

      const mails = sink.messages.filter((m) => m.subject.startsWith('Notice '));
      expect(mails).toHaveLength(total);
      const pairs = new Set(mails.map((m) => `${m.subject}|${m.to.join(',')}`));
      expect(pairs.size).toBe(total);
      expect(mails.every((m) => m.attachments.length === 1)).toBe(true);
      const { rows } = await sql.executeSql(
        `select channel, status, count(*)::int as n from notification_deliveries
       where notification_id = any($1::int[]) group by channel, status order by channel`,
        [ids],
      );
      expect(rows).toEqual([
        { channel: 'app', status: 'sent', n: total },
        { channel: 'email', status: 'sent', n: total },
      ]);
      const { rows: dispatches } = await sql.executeSql(
        'select count(*)::int as n from notification_dispatches where notification_id = any($1::int[])',
        [ids],
      );
      expect(dispatches).toEqual([{ n: MESSAGES }]);
      // Both processes took part (the second sent some of the mails).
      expect(sentBySecond.n).toBeGreaterThan(0);
      expect(sentBySecond.n).toBeLessThan(total);
    },
  );
});
