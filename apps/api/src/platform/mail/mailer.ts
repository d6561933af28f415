// STUB: the platform helper replaces this with nodemailer (SMTP_URL) / .eml outbox delivery.
import type { FastifyBaseLogger } from 'fastify';

export type MailAttachment = {
  filename: string;
  content: Buffer | NodeJS.ReadableStream;
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

export function createMailer(_opts: {
  smtpUrl?: string;
  outboxDir: string;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  return { send: async () => ({ messageId: 'stub' }), close: async () => {} };
}
