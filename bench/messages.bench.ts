/**
 * Messages delivery (issue 6): one message with the e-mail and App channels to 50,000 students of a test series.
 * Reports the time to resolve the recipients and queue the delivery rows (one set-based INSERT … SELECT in the
 * dispatch step), and the e-mail send rate of the send workers against a local SMTP sink.
 *
 *   npx tsx bench/messages.bench.ts      # BENCH_STUDENTS (50000), BENCH_EMAILS (3000), BENCH_WORKERS (4), BENCH_SMTP_QUERY
 */
import type { FastifyBaseLogger } from 'fastify';
import { createMailer } from '../apps/api/src/platform/mail/mailer';
import { startSmtpSink } from '../apps/api/test/smtp-sink';
import { startBenchServer } from './lib';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 50_000);
const EMAILS = Number(process.env.BENCH_EMAILS ?? 3_000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 4);
const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

async function main() {
  const sink = await startSmtpSink();
  // BENCH_SMTP_QUERY=?pool=false: one SMTP connection per mail instead of the mailer's pool.
  const server = await startBenchServer({
    name: 'assess_bench_messages',
    mailer: (dataDir) =>
      createMailer({
        smtpUrl: `${sink.url}${process.env.BENCH_SMTP_QUERY ?? ''}`,
        outboxDir: dataDir,
        from: 'bench@example.com',
        log: quiet,
      }),
  });
  const { app, deps, handle } = server;
  const sql = handle.sql;
  try {
    const one = async <T>(text: string, values: unknown[] = []) =>
      (await sql.executeSql(text, values)).rows[0] as T;
    const { provider_id: erp } = await one<{ provider_id: number }>(
      "select provider_id from users where user_name = 'erp@example.com'",
    );
    const { course_id: series } = await one<{ course_id: number }>(
      `insert into courses (provider_id, code, text, status) values ($1, 'BENCH-MSG', 'Bench series', 2) returning course_id`,
      [erp],
    );
    const { interest_id: interest } = await one<{ interest_id: number }>(
      `insert into interests (provider_id, interests) values ($1, 'Bench interest') returning interest_id`,
      [erp],
    );
    let t0 = performance.now();
    await sql.executeSql(
      `insert into users (provider_id, user_type_id, user_name, email, password_hash, full_name, is_active)
       select $1, 4, 'bench' || g || '@example.com', 'bench' || g || '@example.com', 'x', 'Bench ' || g, g <= $3
       from generate_series(1, $2::int) g`,
      [erp, Math.round(STUDENTS * 1.05), STUDENTS],
    );
    await sql.executeSql(
      `insert into course_users (course_id, user_id)
       select $1, user_id from users where user_name like 'bench%@example.com'`,
      [series],
    );
    await sql.executeSql(
      `insert into student_interests (user_id, interest_id)
       select user_id, $1 from users where user_name like 'bench%@example.com'`,
      [interest],
    );
    await sql.executeSql('analyze');
    console.log(
      `seeded ${STUDENTS} active + ${Math.round(STUDENTS * 0.05)} inactive students in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { userName: 'erp@example.com', password: 'Demo@1234' },
    });
    const cookie = `sid=${res.cookies.find((c) => c.name === 'sid')?.value}`;
    const created = await app.inject({
      method: 'POST',
      url: '/api/notifications',
      headers: { cookie },
      payload: {
        title: 'Bench notice',
        body: 'Hello from the benchmark.',
        email: true,
        app: true,
        testSeriesIds: [series],
        interestIds: [interest],
        sendDateTime: new Date(Date.now() - 1000).toISOString(),
      },
    });
    const id = created.json().notificationId as number;

    const messages = deps.modules.messages;
    t0 = performance.now();
    const dispatched = await messages.delivery.dispatch(id);
    const resolveMs = performance.now() - t0;
    const rows = await one<{ n: number }>(
      'select count(*)::int as n from notification_deliveries where notification_id = $1',
      [id],
    );
    console.log(
      `resolve + queue: ${JSON.stringify(dispatched)}, ${rows.n} delivery rows in ${resolveMs.toFixed(0)} ms`,
    );

    // Send BENCH_EMAILS of the e-mails (the rest are set aside) with WORKERS concurrent send loops.
    await sql.executeSql(
      `update notification_deliveries set status = 'failed', error = 'bench: not sent'
       where notification_id = $1 and channel = 'email' and delivery_id not in (
         select delivery_id from notification_deliveries where notification_id = $1 and channel = 'email'
         order by delivery_id limit $2)`,
      [id, EMAILS],
    );
    t0 = performance.now();
    const handled = await Promise.all(
      Array.from({ length: WORKERS }, () => messages.delivery.sendChannel(id, 'email')),
    );
    const sendMs = performance.now() - t0;
    await sink.waitFor(EMAILS, 30_000);
    const sent = await one<{ n: number }>(
      "select count(*)::int as n from notification_deliveries where notification_id = $1 and channel = 'email' and status = 'sent'",
      [id],
    );
    console.log(
      `e-mail: ${sent.n} sent by ${WORKERS} workers (${handled.join('/')}) in ${(sendMs / 1000).toFixed(1)} s = ${(
        (sent.n / sendMs) * 1000
      ).toFixed(0)} mails/s; sink received ${sink.messages.length}`,
    );
  } finally {
    await server.close();
    await sink.close();
  }
}

await main();
