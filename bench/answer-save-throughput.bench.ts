import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuMs, seedExam, signIn, startAttempt } from '../apps/api/test/exam-sim';
import { benchDatabase } from './database';
import { examCluster, loadAverage } from './exam-cluster';
import { runWrk, WRK } from './wrk';

/**
 * Answer-save throughput at saturation (issues 15 and 22), side by side with `pgbench -N` on the same PostgreSQL in
 * the same script, against the compiled server (apps/api/build.mjs, plain node; BENCH_SERVERS (1) processes on the
 * one database, the connections shared out among them, or all through HAProxy on 127.0.0.1 with BENCH_PROXY=1). BENCH_STUDENTS (200) students sign in and start one 50-question test; then BENCH_CONNECTIONS (32)
 * connections POST /api/learner/attempts/:id/answers (one answer a request, the player's usual batch) as fast as
 * the server answers for BENCH_SECONDS (20) (autocannon); every request has a new, higher seq, so every save
 * writes. Then `pgbench -N` (TPC-B-like without the teller/branch updates: one UPDATE, one SELECT, one INSERT a
 * transaction) with the same number of clients for the same time on a scale-10 database of the same server.
 * Reports saves/s, pgbench tps, the ratio (goal ≥ 75%), the save latency, and the database work per save
 * (transactions and rows written, from pg_stat_database) to show a save is one small write.
 *
 *   npx tsx bench/answer-save-throughput.bench.ts
 *   BENCH_CONNECTIONS=16 BENCH_SECONDS=10 npx tsx bench/answer-save-throughput.bench.ts
 */
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const QUESTIONS = 50;
// BENCH_LOADGEN: autocannon (JavaScript, in this process; the default) or wrk (C, as pgbench's clients are)
const LOADGEN = process.env.BENCH_LOADGEN === 'wrk' ? 'wrk' : 'autocannon';
if (LOADGEN === 'wrk' && !WRK) throw new Error('BENCH_LOADGEN=wrk: wrk not found (apt-get install wrk)');
const PGBENCH = ['/usr/bin/pgbench', ...fs.globSync('/usr/lib/postgresql/*/bin/pgbench')].find((p) =>
  fs.existsSync(p),
);
if (!PGBENCH)
  throw new Error('pgbench not found (it comes with PostgreSQL: /usr/lib/postgresql/*/bin/pgbench)');

const stamp = Date.now();
// the app's database and pgbench's, both fresh on the local server
const app = benchDatabase('assess_save', { local: true });
const pgbench = benchDatabase('assess_pgbench', { local: true });
const { url, dataDir } = app;
const benchDb = pgbench.dbName ?? '';
// BENCH_SERVERS (1): server processes on the same database, each on its own port; the connections are shared out
// among them, or all go through HAProxy (BENCH_PROXY=1)
const SERVERS = Math.max(1, Number(process.env.BENCH_SERVERS ?? 1));
const PROXY = process.env.BENCH_PROXY === '1';
const cluster = await examCluster({ servers: SERVERS, proxy: PROXY, databaseUrl: url, dataDir });
// created once the server has compiled (a failing build leaves no database behind)
app.create();
pgbench.create();
const servers = cluster.servers;
const server = { base: cluster.base };
const pool = new pg.Pool({ connectionString: url, max: 2 });
const load = loadAverage;
const dbStats = async () =>
  (
    await pool.query(
      `select xact_commit::bigint as commits, (tup_inserted + tup_updated)::bigint as written
       from pg_stat_database where datname = current_database()`,
    )
  ).rows[0] as { commits: string; written: string };

/** The machine's busy CPU time (ms, all cores, /proc/stat): on an idle machine, the server, PostgreSQL and the client. */
const machineBusyMs = () => {
  const f = (fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const idle = (f[3] ?? 0) + (f[4] ?? 0);
  return ((f.reduce((t, x) => t + x, 0) - idle) * 1000) / 100;
};
const cores = (msUsed: number, seconds: number) => (msUsed / 1000 / seconds).toFixed(2);

try {
  console.log(`load average at start: ${load()}`);
  const started = await cluster.start();
  console.log(`servers started in ${started.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}`);
  console.log(cluster.describe());
  const seed = await seedExam(
    { executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }) },
    { prefix: `tp${stamp % 100000}`, students: STUDENTS, questions: QUESTIONS },
  );
  // sign in and start, 8 at a time
  const students: { cookie: string; attemptId: number }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = next++; i < seed.userNames.length; i = next++) {
        const s = await signIn(server.base, seed.userNames[i] as string);
        if (!s.cookie) throw new Error(`sign-in ${s.status} ${s.error}`);
        const st = await startAttempt(server.base, s.cookie, seed.testId);
        if (!st.body) throw new Error(`start ${st.status} ${st.error}`);
        students.push({ cookie: s.cookie, attemptId: st.body.attemptId });
      }
    }),
  );
  for (const t of ['attempts', 'attempt_answers']) await pool.query(`vacuum analyze ${t}`);
  console.log(`${students.length} students signed in with an open attempt`);

  // 1. answer saves at saturation
  let n = 0;
  const runOne = (base: string, connections: number, seconds: number) =>
    autocannon({
      url: base,
      connections,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          setupRequest: (req: Record<string, unknown>) => {
            n++;
            const s = students[n % students.length] as (typeof students)[number];
            const questionId = seed.questionIds[Math.floor(n / students.length) % QUESTIONS] as number;
            return {
              ...req,
              path: `/api/learner/attempts/${s.attemptId}/answers`,
              headers: { cookie: s.cookie, 'content-type': 'application/json' },
              body: JSON.stringify({ answers: [{ questionId, seq: n, choiceIds: [1 + (n % 4)] }] }),
            };
          },
        },
      ],
    });
  const run = async (seconds: number) => {
    const targets = PROXY ? [cluster.base] : servers.map((x) => x.base);
    const per = Math.ceil(CONNECTIONS / targets.length);
    const cpu0 = process.cpuUsage();
    if (LOADGEN === 'wrk') {
      const parts = targets.map((base) =>
        runWrk(base, { connections: per, seconds, students, questionIds: seed.questionIds }),
      );
      const first = parts[0] as (typeof parts)[number];
      return {
        requests: { total: parts.reduce((t, p) => t + p.requests, 0) },
        non2xx: parts.reduce((t, p) => t + p.non2xx, 0),
        errors: parts.reduce((t, p) => t + p.errors, 0),
        latency: { p50: first.latency.p50, p97_5: Number.NaN, p99: first.latency.p99 },
        loadgenMs: parts.reduce((t, p) => t + p.cpuMs, 0),
      };
    }
    const parts = await Promise.all(targets.map((base) => runOne(base, per, seconds)));
    const first = parts[0] as (typeof parts)[number];
    const used = process.cpuUsage(cpu0);
    return {
      requests: { total: parts.reduce((t, p) => t + p.requests.total, 0) },
      non2xx: parts.reduce((t, p) => t + p.non2xx, 0),
      errors: parts.reduce((t, p) => t + p.errors, 0),
      latency: first.latency,
      loadgenMs: (used.user + used.system) / 1000,
    };
  };
  await run(3); // warm-up
  const before = await dbStats();
  const loadBefore = load();
  const cpu = () => servers.reduce((t, x) => t + cpuMs(x.pid()), 0);
  const cpuBefore = cpu();
  const busyBefore = machineBusyMs();
  const saves = await run(SECONDS);
  const cpuAfter = cpu();
  const busyAfter = machineBusyMs();
  const after = await dbStats();
  const ok = saves.requests.total - saves.non2xx - saves.errors;
  const savesPerS = ok / SECONDS;
  const commits = Number(after.commits) - Number(before.commits);
  const written = Number(after.written) - Number(before.written);
  console.log(
    `\nanswer saves (${LOADGEN}), ${CONNECTIONS} connections, ${SECONDS} s (load ${loadBefore} → ${load()}): ${savesPerS.toFixed(0)} saves/s; latency p50 ${saves.latency.p50} ms, p97.5 ${saves.latency.p97_5} ms, p99 ${saves.latency.p99} ms; non-2xx ${saves.non2xx}, errors ${saves.errors}`,
  );
  console.log(
    `  database work: ${(commits / Math.max(1, ok)).toFixed(2)} transactions and ${(written / Math.max(1, ok)).toFixed(2)} rows written per save (pg_stat_database, all connections); server process CPU ${((cpuAfter - cpuBefore) / Math.max(1, ok)).toFixed(2)} ms per save (${((cpuAfter - cpuBefore) / 1000 / SECONDS).toFixed(2)} cores busy)`,
  );
  console.log(
    `  cores busy: the machine ${cores(busyAfter - busyBefore, SECONDS)} of ${os.availableParallelism()}: server ${cores(cpuAfter - cpuBefore, SECONDS)}, load generator (${LOADGEN}) ${cores(saves.loadgenMs, SECONDS)}, the rest (PostgreSQL, anything else) ${cores(busyAfter - busyBefore - (cpuAfter - cpuBefore) - saves.loadgenMs, SECONDS)}`,
  );

  // 2. pgbench -N on the same server, same clients, same time
  execFileSync(PGBENCH, ['-h', '127.0.0.1', '-U', 'postgres', '-i', '-s', '10', '-q', benchDb], {
    stdio: 'ignore',
  });
  const loadBeforePg = load();
  const pgBenchBefore = machineBusyMs();
  // bash's `times` (last line) gives pgbench's own CPU time
  const out = execFileSync(
    'bash',
    [
      '-c',
      '"$0" "$@"; times',
      PGBENCH,
      '-h',
      '127.0.0.1',
      '-U',
      'postgres',
      '-N',
      '-c',
      String(CONNECTIONS),
      '-j',
      '2',
      '-T',
      String(SECONDS),
      benchDb,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const pgBenchAfter = machineBusyMs();
  const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
  const clientMs = [...(out.trim().split('\n').at(-1) ?? '').matchAll(/(\d+)m([\d.]+)s/g)].reduce(
    (t, m) => t + (Number(m[1]) * 60 + Number(m[2])) * 1000,
    0,
  );
  const latency = /latency average = ([\d.]+ ms)/.exec(out)?.[1];
  console.log(
    `pgbench -N, ${CONNECTIONS} clients, ${SECONDS} s, scale 10 (load ${loadBeforePg} → ${load()}): ${tps.toFixed(0)} tps, latency average ${latency}`,
  );
  console.log(
    `  cores busy: the machine ${cores(pgBenchAfter - pgBenchBefore, SECONDS)}: pgbench's clients ${cores(clientMs, SECONDS)}, the rest (PostgreSQL, anything else) ${cores(pgBenchAfter - pgBenchBefore - clientMs, SECONDS)}`,
  );
  const ratio = savesPerS / tps;
  console.log(
    `ratio saves/s ÷ pgbench tps: ${(ratio * 100).toFixed(0)}% — goal ≥ 75%: ${ratio >= 0.75 ? 'met' : 'NOT met'}`,
  );
} finally {
  await cluster.stop();
  await pool.end();
  app.cleanUp();
  pgbench.cleanUp();
}
