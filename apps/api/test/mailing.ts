// The app with a settable clock, mailing to an in-process SMTP server (accounts: registration, passwords).

import { createMailer, type Mailer, type MailMessage } from '../src/platform/mail/mailer';
import { createTestApp, testClock } from './harness';
import { type SmtpSink, startSmtpSink } from './smtp-sink';

const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;

/** The app with a settable clock, mailing to an in-process SMTP server. */
export async function createMailingTestApp() {
  const sink = await startSmtpSink();
  const clock = testClock();
  const smtp = createMailer({
    smtpUrl: sink.url,
    outboxDir: '/nonexistent',
    from: 'Assessment Console <no-reply@example.test>',
    log: silent,
  });
  // Every mail the app hands to the mailer, recorded as it is handed over: the services do that before
  // they answer, so a test can tell right after an answer that no mail was (or will be) sent.
  const handed: MailMessage[] = [];
  const mailer: Mailer = {
    send: (m) => {
      handed.push(m);
      return smtp.send(m);
    },
    close: () => smtp.close(),
  };
  const t = await createTestApp({ clock, mailer });
  return {
    t,
    sink,
    clock,
    /** Mails handed to the mailer for `to` so far (delivered or not yet). */
    handedTo: (to: string) =>
      handed.filter((m) => [m.to].flat().some((a) => a.toLowerCase() === to.toLowerCase())),
    /** Mails received for `to` so far. */
    mailsTo: (to: string) => sink.messages.filter((m) => m.to.includes(to.toLowerCase())),
    /** Waits until `to` has received `count` mails and returns the last one. */
    async waitForMailTo(to: string, count = 1, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const list = sink.messages.filter((m) => m.to.includes(to.toLowerCase()));
        if (list.length >= count) return list[count - 1];
        if (Date.now() > until) throw new Error(`${list.length} of ${count} mails to ${to}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async close() {
      await t.close();
      await sink.close();
    },
  };
}
export type MailingTestApp = Awaited<ReturnType<typeof createMailingTestApp>>;
export type { SmtpSink };
