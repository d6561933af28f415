import fs from 'node:fs';
import pg from 'pg';
import { hashToken, newToken } from '../apps/api/src/platform/auth/tokens';
import { cpuMs, fmt, readAttempt, seedExam, startAttempt } from '../apps/api/test/exam-sim';
import { benchDatabase } from './database';
import { examCluster, loadAverage } from './exam-cluster';

/**
 * The start path's capacity (issue 22): how many students per second one compiled server can START an attempt of a
 * BENCH_QUESTIONS (50) question test and LOAD it (the player's first load), measured closed-loop at BENCH_CONCURRENCY
 * (32) students at a time over BENCH_STUDENTS (2,000) students. Sessions are written straight into the database, so
 * argon2 sign-ins (exam-day.bench.ts measures those) do not take the cores. Reports starts+loads per second, the
 * latencies, the server's CPU per start and load, and the statements per start (pg_stat_database's xact and tuple
 * counters of the bench database) and the CPU of the database's backends per start. The exam-day goal needs ≥ 84 starts/s (5,000 students within 60 s) with room
 * for the saves beside them.
 *
 *   npx tsx bench/attempt-start.bench.ts
 *   BENCH_SERVERS=2 npx tsx bench/attempt-start.bench.ts                # two processes behind HAProxy
 *   BENCH_STUDENTS=500 BENCH_CONCURRENCY=8 npx tsx bench/attempt-start.bench.ts
 */
/** CPU time (ms) of the PostgreSQL backends serving the bench's database (their process titles name it). */
function databaseCpuMs(db: string) {
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${db} `)) continue;
      total += cpuMs(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}
const num = (env: string, dflt: number) => Number(process.env[env] ?? dflt);
const STUDENTS = num('BENCH_STUDENTS', 2000);
const CONCURRENCY = num('BENCH_CONCURRENCY', 32);
const QUESTIONS = num('BENCH_QUESTIONS', 50);
const SERVERS = Math.max(1, num('BENCH_SERVERS', 1));

// always a fresh database on the local server: its backends' CPU is read by its name
const db = benchDatabase('assess_start', { local: true });
const { url, dataDir } = db;
const dbName = db.dbName ?? '';
const cluster = await examCluster({ servers: SERVERS, proxy: SERVERS > 1, databaseUrl: url, dataDir });
db.create();
const pool = new pg.Pool({ connectionString: url, max: 2 });
try {
  await cluster.start();
  console.log(`${cluster.describe()}; load average ${loadAverage()}`);
  const seed = await seedExam(
    { executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }) },
    { prefix: `st${Date.now() % 100000}`, students: STUDENTS, questions: QUESTIONS },
  );
  // one session per student, as a sign-in writes it
  const tokens = seed.userNames.map(() => newToken());
  await pool.query(
    `insert into sessions (session_id, user_id, created_at, last_seen_at, expires_at, ip)
     select h, u.user_id, now(), now(), now() + interval '1 day', '203.0.113.7'
     from unnest($1::text[], $2::text[]) x(h, n) join users u on u.user_name = x.n`,
    [tokens.map(hashToken), seed.userNames],
  );
  for (const t of ['users', 'test_users', 'questions', 'pool_questions', 'sessions'])
    await pool.query(`vacuum analyze ${t}`);
  const counters = async () =>
    (
      await pool.query(
        `select xact_commit::bigint + xact_rollback::bigint as xacts, tup_returned + tup_fetched as reads
         from pg_stat_database where datname = $1`,
        [dbName],
      )
    ).rows[0] as { xacts: string; reads: string };

  const start: number[] = [];
  const load: number[] = [];
  const errors: string[] = [];
  const pids = cluster.servers.map((s) => s.pid());
  const cpu0 = pids.map(cpuMs);
  const c0 = await counters();
  const dbCpu0 = databaseCpuMs(dbName);
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (;;) {
        const i = next++;
        if (i >= STUDENTS) return;
        const cookie = `sid=${tokens[i]}`;
        const st = await startAttempt(cluster.base, cookie, seed.testId);
        start.push(st.ms);
        if (st.status !== 200 || !st.body) {
          errors.push(`start ${st.status} ${st.error ?? ''}`.slice(0, 160));
          continue;
        }
        const a = await readAttempt(cluster.base, cookie, st.body.attemptId);
        load.push(a.ms);
        if (a.status !== 200) errors.push(`load ${a.status} ${a.error ?? ''}`.slice(0, 160));
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const c1 = await counters();
  const dbCpu = databaseCpuMs(dbName) - dbCpu0;
  const cpu = pids.map((p, i) => cpuMs(p) - (cpu0[i] ?? 0)).reduce((a, b) => a + b, 0);
  console.log(
    `${STUDENTS} students, ${CONCURRENCY} at a time, ${QUESTIONS} questions: ${(STUDENTS / seconds).toFixed(1)} starts+loads/s (${seconds.toFixed(1)} s)`,
  );
  console.log(`  start:      ${fmt(start)}`);
  console.log(`  first load: ${fmt(load)}`);
  console.log(
    `  CPU per start+load: server ${(cpu / STUDENTS).toFixed(2)} ms, database ${(dbCpu / STUDENTS).toFixed(2)} ms; database transactions per start+load: ${((Number(c1.xacts) - Number(c0.xacts)) / STUDENTS).toFixed(1)}`,
  );
  console.log(
    `  errors: ${errors.length}${errors.length ? `\n    ${[...new Set(errors)].slice(0, 5).join('\n    ')}` : ''}`,
  );
  console.log(`  load average at the end: ${loadAverage()}`);
} finally {
  await pool.end();
  await cluster.stop();
  // BENCH_KEEP_DB=1 keeps the database for a look at the plans (its name is printed)
  db.cleanUp();
}
