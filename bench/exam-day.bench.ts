import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  fmt,
  percentiles,
  readAttempt,
  saveAnswers,
  seedExam,
  serverProcess,
  signIn,
  startAttempt,
} from '../apps/api/test/exam-sim';

/**
 * Exam day (issue 15): BENCH_STUDENTS (2,000) students of one provider, all behind ONE school address
 * (X-Forwarded-For with TRUST_PROXY, as behind the school's NAT and our proxy), arrive at random moments within
 * BENCH_RAMP_SECONDS (60), sign in, start the same 50-question test (BENCH_QUESTIONS) and read the attempt (the
 * player's first load); then each saves one answer every 30 s (BENCH_SAVE_EVERY_SECONDS) for BENCH_MINUTES (10)
 * after its start. One sign-in in 50 is preceded by a typo (BENCH_TYPO_EVERY), so the school's address collects
 * failures as on a real morning: the default limits count failures only (300 per address per 15 minutes), so
 * 2,000 students from one address still get in. The server is the real one (apps/api/src/main.ts) in a child
 * process on PostgreSQL 127.0.0.1:5432 (a fresh database, dropped at the end; BENCH_DATABASE_URL to reuse one);
 * the students are this process (fetch). Reports p50/p95/p99 for sign-in, start, attempt read and save, every
 * error, and the load average. Goal (the issue's): p99 < 300 ms for start and save (here with the attempt read),
 * 0 errors. Sign-in is bounded by argon2 (~30 ms of a core each, PASSWORD_HASH_CONCURRENCY at a time), so in a
 * wave it queues: its percentiles show that queue.
 *
 *   npx tsx bench/exam-day.bench.ts                        # 2,000 students, 10 minutes
 *   npx tsx bench/exam-day.bench.ts --students=500 --minutes=2
 */
const arg = (name: string, env: string, dflt: number) => {
  const flag = process.argv.find((a) => a.startsWith(`--${name}=`));
  return Number(flag ? flag.split('=')[1] : (process.env[env] ?? dflt));
};
const STUDENTS = arg('students', 'BENCH_STUDENTS', 2000);
const MINUTES = arg('minutes', 'BENCH_MINUTES', 10);
const RAMP_S = arg('ramp', 'BENCH_RAMP_SECONDS', 60);
const QUESTIONS = arg('questions', 'BENCH_QUESTIONS', 50);
const SAVE_EVERY_S = arg('save-every', 'BENCH_SAVE_EVERY_SECONDS', 30);
const TYPO_EVERY = arg('typo-every', 'BENCH_TYPO_EVERY', 50);
const SCHOOL = '203.0.113.7';

let url = process.env.BENCH_DATABASE_URL;
let dropDb: string | undefined;
if (!url) {
  dropDb = `assess_exam_${Date.now()}`;
  execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-qc', `create database ${dropDb}`]);
  url = `postgres://postgres@127.0.0.1:5432/${dropDb}`;
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assess-exam-'));
const server = serverProcess({
  port: 3400 + Math.floor(Math.random() * 500),
  dataDir,
  databaseUrl: url,
  env: { TRUST_PROXY: 'true' },
});
const pool = new pg.Pool({ connectionString: url, max: 2 });
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

try {
  console.log(`load average at start: ${load()}`);
  console.log(`server started (migrations + demo seed) in ${((await server.start()) / 1000).toFixed(1)} s`);
  const seed = await seedExam(
    { executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }) },
    {
      prefix: `day${Date.now() % 100000}`,
      students: STUDENTS,
      questions: QUESTIONS,
      durationMinutes: Math.ceil(MINUTES) + 30,
    },
  );
  for (const t of ['users', 'test_users', 'questions', 'pool_questions'])
    await pool.query(`vacuum analyze ${t}`);
  console.log(
    `seeded ${STUDENTS} students, one test of ${QUESTIONS} questions; ramp ${RAMP_S} s, then one save every ${SAVE_EVERY_S} s for ${MINUTES} min each`,
  );

  const times = {
    signIn: [] as number[],
    start: [] as number[],
    attempt: [] as number[],
    save: [] as number[],
  };
  /** Saves sent after every student has loaded the attempt (the steady exam, without the arrival spike). */
  const steadySaves: number[] = [];
  let loaded = 0;
  const errors: string[] = [];
  let typos = 0;
  let saves = 0;
  /** (The third argument only counts a student whose arrival ended here.) */
  const error = (what: string, r: { status: number; error?: string }, _arrived?: number) =>
    errors.push(`${what}: ${r.status} ${r.error ?? ''}`.slice(0, 200));
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
  const t0 = performance.now();
  const loadSamples: string[] = [];
  const sampler = setInterval(() => loadSamples.push(load()), 30_000);

  await Promise.all(
    seed.userNames.map(async (userName, i) => {
      await sleep(Math.random() * RAMP_S * 1000);
      if (TYPO_EVERY > 0 && i % TYPO_EVERY === 0) {
        typos++;
        const typo = await signIn(server.base, userName, SCHOOL, 'demo@1234');
        if (typo.status !== 401) error('typo sign-in (expected 401)', typo);
      }
      const s = await signIn(server.base, userName, SCHOOL);
      times.signIn.push(s.ms);
      if (s.status !== 200 || !s.cookie) return error('sign-in', s, ++loaded);
      const cookie = s.cookie;
      const st = await startAttempt(server.base, cookie, seed.testId);
      times.start.push(st.ms);
      if (st.status !== 200 || !st.body) return error('start', st, ++loaded);
      const attemptId = st.body.attemptId;
      const a = await readAttempt(server.base, cookie, attemptId);
      times.attempt.push(a.ms);
      loaded++;
      if (a.status !== 200 || !a.body) return error('attempt', a);
      const questions = a.body.sections.flatMap((x) => x.questions);
      const startedAt = performance.now();
      let seq = 0;
      // the first save at a random moment of the first period, then every period
      await sleep(Math.random() * SAVE_EVERY_S * 1000);
      while (performance.now() - startedAt < MINUTES * 60_000) {
        const due = performance.now() + SAVE_EVERY_S * 1000;
        const q = questions[seq % questions.length];
        if (!q) break;
        seq++;
        const sentAfterArrivals = loaded === STUDENTS;
        const r = await saveAnswers(server.base, cookie, attemptId, [
          { questionId: q.questionId, seq, choiceIds: [1 + (seq % 4)] },
        ]);
        times.save.push(r.ms);
        if (sentAfterArrivals) steadySaves.push(r.ms);
        saves++;
        if (r.status !== 200) error('save', r);
        await sleep(due - performance.now());
      }
    }),
  );
  clearInterval(sampler);
  const seconds = (performance.now() - t0) / 1000;
  const { rows } = await pool.query(
    `select count(*)::int as answers, (select count(*)::int from attempts where test_id = $1) as attempts
     from attempt_answers a join attempts t using (attempt_id) where t.test_id = $1`,
    [seed.testId],
  );
  console.log(
    `\nexam day: ${STUDENTS} students (+${typos} typos from the same address), ${seconds.toFixed(0)} s`,
  );
  console.log(`  sign-in: ${fmt(times.signIn)}`);
  console.log(`  start:   ${fmt(times.start)}`);
  console.log(`  attempt: ${fmt(times.attempt)} (the player's first load: questions + saved answers)`);
  console.log(
    `  save:    ${fmt(times.save)} (${saves} saves, ${(saves / Math.max(1, seconds - RAMP_S)).toFixed(1)}/s)`,
  );
  console.log(`  save after every student loaded the attempt: ${fmt(steadySaves)}`);
  console.log(`  stored: ${rows[0].attempts} attempts, ${rows[0].answers} answer rows`);
  const kinds = new Map<string, number>();
  for (const e of errors) kinds.set(e, (kinds.get(e) ?? 0) + 1);
  console.log(`  errors: ${errors.length}`);
  for (const [kind, count] of [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 10))
    console.log(`    ${count} × ${kind}`);
  // the goal is on start and save (the first load of the attempt counted with them); sign-in is the
  // argon2 queue's (PASSWORD_HASH_CONCURRENCY), reported above on its own
  const worst = Math.max(...[times.start, times.attempt, times.save].map((x) => percentiles(x).p99));
  console.log(
    `  goal p99 < 300 ms (start, attempt read, save) and 0 errors: ${worst < 300 && errors.length === 0 ? 'met' : 'NOT met'}`,
  );
  console.log(`  load average every 30 s: ${loadSamples.join(' | ')}; at the end: ${load()}`);
} finally {
  await server.stop();
  await pool.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (dropDb)
    execFileSync('psql', [
      '-h',
      '127.0.0.1',
      '-U',
      'postgres',
      '-qc',
      `drop database ${dropDb} with (force)`,
    ]);
}
