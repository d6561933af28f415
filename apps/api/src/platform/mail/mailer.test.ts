import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseMessage, type SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { waitFor } from '../../../test/wait';
import { createMailer, type MailerOptions } from './mailer';

const FROM = 'Assessment Console <no-reply@example.test>';
let dir: string;
let logged: { obj: Record<string, unknown>; msg: string }[];
const log = {
  info: (obj: Record<string, unknown>, msg: string) => logged.push({ obj, msg }),
  warn: () => {},
  error: () => {},
  debug: () => {},
} as unknown as FastifyBaseLogger;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'assess-mail-'));
  logged = [];
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('mailer without SMTP_URL', () => {
  it('writes each message as an .eml file in the outbox and logs its subject and recipient', async () => {
    const outbox = path.join(dir, 'outbox');
    const mailer = createMailer({ outboxDir: outbox, from: FROM, log });
    const { messageId } = await mailer.send({
      to: 'learner@example.com',
      subject: 'Your result — Test 1',
      text: 'You scored 42.\nWell done.',
      attachments: [{ filename: 'result.csv', content: Buffer.from('score\n42\n'), contentType: 'text/csv' }],
    });
    await mailer.close();
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = fs.readFileSync(path.join(outbox, files[0]), 'utf8');
    const parsed = parseMessage(raw);
    expect(parsed.subject).toBe('Your result — Test 1');
    expect(parsed.headers.to).toBe('learner@example.com');
    expect(parsed.headers.from).toContain('no-reply@example.test');
    expect(parsed.headers['message-id']).toBe(messageId);
    expect(parsed.text.trim()).toBe('You scored 42.\nWell done.');
    expect(parsed.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([
      ['result.csv', 'score\n42\n'],
    ]);
    expect(logged).toEqual([
      {
        msg: 'mail written to outbox',
        obj: {
          to: 'learner@example.com',
          subject: 'Your result — Test 1',
          file: path.join(outbox, files[0]),
        },
      },
    ]);
  });
});

describe('mailer with SMTP_URL', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it('delivers to the SMTP server: recipients, subject, text, html and attachments arrive; nothing goes to the outbox', async () => {
    const outbox = path.join(dir, 'outbox');
    const mailer = createMailer({ smtpUrl: sink.url, outboxDir: outbox, from: FROM, log });
    await mailer.send({
      to: ['a@example.com', 'b@example.com'],
      subject: 'Password reset — Ünïcödé',
      text: 'Use this link: https://example.test/reset?t=abc\n',
      html: '<p>Use <a href="https://example.test/reset?t=abc">this link</a></p>',
      attachments: [{ filename: 'guide.txt', content: Readable.from([Buffer.from('step 1\n')]) }],
    });
    await mailer.close();
    const [mail] = await sink.waitFor(1);
    expect(mail.to).toEqual(['a@example.com', 'b@example.com']);
    expect(mail.from).toBe('no-reply@example.test');
    expect(mail.subject).toBe('Password reset — Ünïcödé');
    expect(mail.text).toContain('https://example.test/reset?t=abc');
    expect(mail.html).toContain('<a href="https://example.test/reset?t=abc">');
    expect(mail.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([
      ['guide.txt', 'step 1\n'],
    ]);
    expect(fs.existsSync(outbox)).toBe(false);
    expect(logged[0]).toMatchObject({ msg: 'mail sent', obj: { to: 'a@example.com, b@example.com' } });
  });

  it('rejects when the server cannot be reached', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', outboxDir: dir, from: FROM, log });
    await expect(mailer.send({ to: 'x@example.com', subject: 's', text: 't' })).rejects.toThrow();
    await mailer.close();
  });
});

describe('mailer connection pool', () => {
  /** An SMTP server that counts the connections opened and closed. */
  async function countingServer() {
    const counts = { opened: 0, closed: 0, mails: 0 };
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onConnect: (_session, callback) => {
        counts.opened++;
        callback();
      },
      onClose: () => {
        counts.closed++;
      },
      onData: (stream, _session, callback) => {
        stream.on('end', () => {
          counts.mails++;
          callback();
        });
        stream.resume();
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    return {
      counts,
      url: `smtp://127.0.0.1:${port}`,
      close: () => new Promise<void>((r) => server.close(() => r())),
    };
  }
  /** Sends 20 mails at once through a mailer with this pool setting, then closes it. */
  async function send20(url: string, pool: MailerOptions['pool']) {
    const mailer = createMailer({ smtpUrl: url, outboxDir: dir, from: FROM, log, pool });
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        mailer.send({ to: `s${i}@example.com`, subject: `M${i}`, text: 'x' }),
      ),
    );
    return mailer;
  }

  it('sends many mails over a few kept-open connections and closes them on close()', async () => {
    const server = await countingServer();
    const mailer = await send20(server.url, { maxConnections: 2, maxMessages: 100 });
    expect(server.counts.mails).toBe(20);
    expect(server.counts.opened).toBeLessThanOrEqual(2);
    await mailer.close();
    await waitFor(async () => server.counts.closed === server.counts.opened);
    await server.close();
  });

  it('renews a connection after maxMessages; without the pool each mail has its own connection', async () => {
    const server = await countingServer();
    await (await send20(server.url, { maxConnections: 1, maxMessages: 5 })).close();
    expect(server.counts.opened).toBe(4);
    await (await send20(server.url, false)).close();
    expect(server.counts.opened).toBe(24);
    // SMTP_URL's query parameters win over the mailer's pool options.
    await (await send20(`${server.url}?pool=false`, { maxConnections: 1, maxMessages: 100 })).close();
    expect(server.counts.opened).toBe(44);
    expect(server.counts.mails).toBe(60);
    await server.close();
  });
});
