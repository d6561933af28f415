import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type MailAttachment = {
  filename: string;
  content: Buffer | Readable;
  contentType?: string;
};
export type MailMessage = {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};
export type Mailer = { send(message: MailMessage): Promise<{ messageId: string }>; close(): Promise<void> };

export type MailerOptions = {
  /**
   * smtp://user:pass@host:port (or smtps://); without it, mail goes to the outbox directory. Query
   * parameters set nodemailer options and win over the pool's defaults (`?maxConnections=2&maxMessages=50`,
   * `?pool=false` for one connection per mail).
   */
  smtpUrl?: string;
  outboxDir: string;
  from: string;
  log: FastifyBaseLogger;
  /** SMTP connection pool: connections kept open at once and mails sent on one before it is renewed; false = one connection per mail. */
  pool?: { maxConnections: number; maxMessages: number } | false;
};

/** Up to 5 open SMTP connections, each renewed after 100 mails (nodemailer's own defaults, stated here). */
export const DEFAULT_SMTP_POOL = { maxConnections: 5, maxMessages: 100 } as const;

const recipients = (to: string | string[]) => (Array.isArray(to) ? to.join(', ') : to);

/**
 * Mail through nodemailer: to the SMTP server of SMTP_URL over a pool of kept-open connections (a
 * connection per mail costs a TCP and TLS handshake and the SMTP greeting each time), or, without one
 * (development, tests), each message as an .eml file in the outbox directory with its subject and
 * recipient logged. close() ends the pool: idle connections at once, busy ones after their mail.
 */
export function createMailer(opts: MailerOptions): Mailer {
  const { log, from } = opts;
  if (opts.smtpUrl) {
    const pool = opts.pool ?? DEFAULT_SMTP_POOL;
    const transport = nodemailer.createTransport(
      pool ? { url: opts.smtpUrl, pool: true, ...pool } : { url: opts.smtpUrl },
    );
    return {
      async send(message) {
        const info = await transport.sendMail({ from, ...message });
        log.info(
          { to: recipients(message.to), subject: message.subject, messageId: info.messageId },
          'mail sent',
        );
        return { messageId: info.messageId };
      },
      async close() {
        transport.close();
      },
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await fs.promises.mkdir(opts.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(opts.outboxDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      await fs.promises.writeFile(file, info.message as Buffer);
      log.info({ to: recipients(message.to), subject: message.subject, file }, 'mail written to outbox');
      return { messageId: info.messageId };
    },
    async close() {
      transport.close();
    },
  };
}
