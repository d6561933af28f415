import { createTestApp, testClock } from '../../../test/harness';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink';
import { createMailer } from '../../platform/mail/mailer';

const silent = { info() {}, warn() {}, error() {}, debug() {} } as never;

/** The app with a settable clock, mailing to an in-process SMTP server. */
export async function createMailingTestApp() {
  const sink = await startSmtpSink();
  const clock = testClock();
  const mailer = createMailer({
    smtpUrl: sink.url,
    outboxDir: '/nonexistent',
    from: 'Assessment Console <no-reply@example.test>',
    log: silent,
  });
  const t = await createTestApp({ clock, mailer });
  return {
    t,
    sink,
    clock,
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
