/**
 * The mailer against a local SMTP sink (apps/api/test/smtp-sink.ts, on 127.0.0.1): BENCH_MAILS mails sent
 * with BENCH_CONCURRENCY in flight (a send job's 8 by default), once with one SMTP connection per mail
 * (pool off, the mailer before issue 10) and once over the connection pool (the default: 5 connections,
 * 100 mails each). Each mail is a short text with a 20 KB PDF attachment, as the messages delivery sends
 * them. Reports mails/s; no database needed.
 *
 *   npx tsx bench/mailer.bench.ts      # BENCH_MAILS (2000), BENCH_CONCURRENCY (8), BENCH_ROUNDS (3)
 */
import type { FastifyBaseLogger } from 'fastify';
import { createMailer, DEFAULT_SMTP_POOL, type MailerOptions } from '../apps/api/src/platform/mail/mailer';
import { startSmtpSink } from '../apps/api/test/smtp-sink';

const MAILS = Number(process.env.BENCH_MAILS ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;
const attachment = Buffer.concat([
  Buffer.from('%PDF-1.7\n'),
  Buffer.alloc(20_000, 0x20),
  Buffer.from('\n%%EOF\n'),
]);

async function run(name: string, pool: MailerOptions['pool']) {
  const sink = await startSmtpSink();
  const mailer = createMailer({
    smtpUrl: sink.url,
    outboxDir: '/nonexistent',
    from: 'bench@example.com',
    log: quiet,
    pool,
  });
  try {
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < MAILS) {
          const i = next++;
          await mailer.send({
            to: `student${i}@example.com`,
            subject: `Mock test moved (${i})`,
            text: 'The JEE mock test moves to Saturday 10 AM.\n'.repeat(5),
            attachments: [{ filename: 'timetable.pdf', content: attachment, contentType: 'application/pdf' }],
          });
        }
      }),
    );
    const ms = performance.now() - t0;
    await sink.waitFor(MAILS, 30_000);
    const rate = (MAILS / ms) * 1000;
    console.log(`${name}: ${MAILS} mails in ${(ms / 1000).toFixed(2)} s = ${rate.toFixed(0)} mails/s`);
    return rate;
  } finally {
    await mailer.close();
    await sink.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const single: number[] = [];
const pooled: number[] = [];
// Alternating rounds, so a busy moment of the machine hits both.
for (let round = 1; round <= ROUNDS; round++) {
  single.push(await run(`round ${round}, one connection per mail`, false));
  pooled.push(await run(`round ${round}, pool of ${DEFAULT_SMTP_POOL.maxConnections}`, DEFAULT_SMTP_POOL));
}
console.log(
  `median: one connection per mail ${median(single).toFixed(0)} mails/s, pooled ${median(pooled).toFixed(0)} mails/s (×${(median(pooled) / median(single)).toFixed(1)})`,
);
