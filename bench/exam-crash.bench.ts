import path from 'node:path';
import pg from 'pg';
import { seedDatabase } from '../apps/api/src/db/seed';
import { openDatabase } from '../apps/api/src/platform/db/client';
import { crashExam, fmt, type SqlExec, seedExam } from '../apps/api/test/exam-sim';
import { benchDatabase } from './database';
import { examCluster, loadAverage } from './exam-cluster';

/**
 * Crash during an exam (issues 15 and 22): BENCH_STUDENTS (500) students sign in and start one 50-question test;
 * then for BENCH_SECONDS (120) each saves an answer about every BENCH_SAVE_EVERY_MS (2,000 ms) while a server
 * process is killed with SIGKILL every BENCH_KILL_EVERY_SECONDS (10) and started again at once. The servers are the
 * compiled server (apps/api/build.mjs, plain node), BENCH_SERVERS (2) processes on one PostgreSQL database on
 * 127.0.0.1:5432 behind HAProxy on 127.0.0.1 (deploy/haproxy.cfg with the bench's ports; BENCH_PROXY=0 lets the
 * students call the first process directly, which only makes sense with one): the kills take the processes in
 * turn, so with two one keeps serving while the other is down. A student whose save fails keeps the answer and
 * sends it again (same seq), and "reloads" (start gives the same attempt; the attempt read back holds every
 * answer acknowledged so far). At the end every student resumes once more. Goal: 0 acknowledged answers lost,
 * every student resumes. The automated test at a smaller size is apps/api/src/platform/exam-crash.int.test.ts.
 * BENCH_PGLITE=1 runs one server on the embedded database instead (PGlite in a data directory, `npm start`'s
 * default; one process, no proxy), seeded in this process before the server first starts and counted after it
 * last stops.
 *
 *   npx tsx bench/exam-crash.bench.ts                                   # 500 students, 2 processes, 120 s
 *   BENCH_STUDENTS=50 BENCH_SECONDS=40 npx tsx bench/exam-crash.bench.ts
 *   BENCH_SERVERS=1 BENCH_STUDENTS=50 BENCH_SECONDS=60 npx tsx bench/exam-crash.bench.ts   # one process, restarted in place
 *   BENCH_PGLITE=1 BENCH_STUDENTS=50 npx tsx bench/exam-crash.bench.ts
 */
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const KILL_EVERY_S = Number(process.env.BENCH_KILL_EVERY_SECONDS ?? 10);
const SAVE_EVERY_MS = Number(process.env.BENCH_SAVE_EVERY_MS ?? 2000);
const PGLITE = process.env.BENCH_PGLITE === '1';
const SERVERS = PGLITE ? 1 : Math.max(1, Number(process.env.BENCH_SERVERS ?? 2));
const PROXY = !PGLITE && (process.env.BENCH_PROXY ?? (SERVERS > 1 ? '1' : '0')) === '1';

const db = benchDatabase('assess_crash', PGLITE ? { url: false } : {});
const { url, dataDir } = db;
const cluster = await examCluster({ servers: SERVERS, proxy: PROXY, databaseUrl: url, dataDir });
// created once the server has compiled (a failing build leaves no database behind)
db.create();
const pool = PGLITE ? null : new pg.Pool({ connectionString: url, max: 2 });
const pgliteDir = path.join(dataDir, 'pgdata');
/** PGlite: one process at a time, so this process opens the data directory only while the server is down. */
async function withDatabase<T>(work: (sql: SqlExec) => Promise<T>): Promise<T> {
  if (pool)
    return work({ executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }) });
  const handle = await openDatabase({ dataDir: pgliteDir });
  try {
    return await work(handle.sql);
  } finally {
    await handle.close();
  }
}
const fmtStarts = (ms: number[]) => ms.map((x) => `${(x / 1000).toFixed(1)} s`).join(', ');
const load = loadAverage;

try {
  console.log(
    `load average at start: ${load()}; database: ${PGLITE ? `PGlite in ${pgliteDir}` : 'PostgreSQL'}`,
  );
  const exam = { prefix: `crash${Date.now() % 100000}`, students: STUDENTS, questions: 50 };
  let seed: Awaited<ReturnType<typeof seedExam>>;
  if (PGLITE) {
    const handle = await openDatabase({ dataDir: pgliteDir });
    await handle.migrate();
    await seedDatabase(handle.db, new Date(), { demo: true });
    seed = await seedExam(handle.sql, exam);
    await handle.close();
    console.log(`server started in ${fmtStarts(await cluster.start())}`);
  } else {
    console.log(`servers started (migrations + demo seed) in ${fmtStarts(await cluster.start())}`);
    seed = await withDatabase((sql) => seedExam(sql, exam));
  }
  console.log(cluster.describe());
  const server = cluster.crashTarget();
  const t0 = performance.now();
  const r = await crashExam({
    server,
    seed,
    durationMs: SECONDS * 1000,
    killEveryMs: KILL_EVERY_S * 1000,
    saveEveryMs: SAVE_EVERY_MS,
    log: (line) => console.log(`  ${line} (load ${load()})`),
  });
  if (PGLITE) await cluster.stop();
  const rows = (
    await withDatabase((sql) =>
      sql.executeSql(
        `select count(*)::int as attempts, count(distinct user_id)::int as students,
         (select count(*)::int from attempt_answers a join attempts t using (attempt_id) where t.test_id = $1) as answers
       from attempts where test_id = $1`,
        [seed.testId],
      ),
    )
  ).rows as { attempts: number; students: number; answers: number }[];
  console.log(
    `\ncrash exam: ${r.students} students, ${SERVERS} process${SERVERS > 1 ? 'es' : ''}${PROXY ? ' behind HAProxy' : ''}, ${SECONDS} s, kill -9 of one every ${KILL_EVERY_S} s: ${r.kills} kills; ${((performance.now() - t0) / 1000).toFixed(0)} s in all`,
  );
  console.log(`  restart to healthy: ${fmt(r.restartMs)}`);
  console.log(
    `  saves acknowledged ${r.savesAcked}, failed (server down, sent again) ${r.savesFailed}; acknowledged save latency ${fmt(r.saveMs)}`,
  );
  console.log(
    `  stored: ${rows[0].attempts} attempts of ${rows[0].students} students (one each expected), ${rows[0].answers} answer rows`,
  );
  console.log(
    `  checked at the end: ${r.answersChecked} last-acknowledged answers; lost ${r.lost.length}; students not resumed ${r.notResumed.length}; unexpected ${r.unexpected.length}`,
  );
  for (const line of [...r.lost, ...r.notResumed, ...r.unexpected].slice(0, 15)) console.log(`    ${line}`);
  const ok = r.lost.length === 0 && r.notResumed.length === 0 && rows[0]?.attempts === rows[0]?.students;
  console.log(
    `  goal 0 lost, every student resumes: ${ok ? 'met' : 'NOT met'}; load average at the end: ${load()}`,
  );
} finally {
  await cluster.stop();
  await pool?.end();
  db.cleanUp();
}
