import pg from 'pg';
import {
  cpuMs,
  fmt,
  percentiles,
  readAttempt,
  saveAnswers,
  seedExam,
  signIn,
  startAttempt,
} from '../apps/api/test/exam-sim';
import { benchDatabase } from './database';
import { examCluster, loadAverage } from './exam-cluster';

/**
 * Exam day (issues 15 and 22): BENCH_STUDENTS (5,000) students of one provider, all from ONE public address, sign in
 * at random moments over the BENCH_SIGNIN_SECONDS (600) before the exam starts (one in BENCH_TYPO_EVERY (50) after
 * a typo, so the address collects failures as on a real morning); then every student starts the same test of
 * BENCH_QUESTIONS (50) questions at a random moment of the first BENCH_START_SECONDS (60) and reads the attempt
 * (the player's first load), and saves one answer every BENCH_SAVE_EVERY_SECONDS (30) for BENCH_MINUTES (10) after
 * its start. The server is the compiled one (apps/api/build.mjs, plain node), BENCH_SERVERS (1) processes on one
 * fresh PostgreSQL database on 127.0.0.1:5432 (dropped at the end; BENCH_DATABASE_URL to reuse one). With
 * BENCH_PROXY=1 (the default with two or more servers) every request goes through HAProxy on 127.0.0.1 configured
 * from deploy/haproxy.cfg, which sets X-Forwarded-For (the students' one address is the bench's, 127.0.0.1);
 * without it the students call the one server and send X-Forwarded-For 203.0.113.7 themselves (TRUST_PROXY=true).
 * Reports p50/p95/p99 of sign-in, start, first load and save, every error, whether every acknowledged answer is
 * stored (the last acknowledged seq and choice of every question, read back from the database), and the load
 * average. Goal (the issue's): start p99 < 300 ms, first load p99 < 300 ms, save p99 < 100 ms, 0 errors, every
 * acknowledged answer stored. Sign-in is bounded by argon2 (~30 ms of a core each, PASSWORD_HASH_CONCURRENCY at a
 * time per process), reported on its own.
 *
 *   npx tsx bench/exam-day.bench.ts                               # 5,000 students: 10 + 1 + 10 minutes
 *   BENCH_SERVERS=2 npx tsx bench/exam-day.bench.ts               # two processes behind HAProxy
 *   npx tsx bench/exam-day.bench.ts --students=100 --signin=30 --minutes=1   # a smoke run
 * (every --flag has its BENCH_ variable: --students, --signin, --start-window, --minutes, --questions, --save-every,
 * --typo-every, --servers, --proxy)
 */
const arg = (name: string, env: string, dflt: number) => {
  const flag = process.argv.find((a) => a.startsWith(`--${name}=`));
  return Number(flag ? flag.split('=')[1] : (process.env[env] ?? dflt));
};
const STUDENTS = arg('students', 'BENCH_STUDENTS', 5000);
const SIGNIN_S = arg('signin', 'BENCH_SIGNIN_SECONDS', 600);
const START_S = arg('start-window', 'BENCH_START_SECONDS', 60);
const MINUTES = arg('minutes', 'BENCH_MINUTES', 10);
const QUESTIONS = arg('questions', 'BENCH_QUESTIONS', 50);
const SAVE_EVERY_S = arg('save-every', 'BENCH_SAVE_EVERY_SECONDS', 30);
const TYPO_EVERY = arg('typo-every', 'BENCH_TYPO_EVERY', 50);
const SERVERS = Math.max(1, arg('servers', 'BENCH_SERVERS', 1));
const PROXY = arg('proxy', 'BENCH_PROXY', SERVERS > 1 ? 1 : 0) === 1;
const SCHOOL = '203.0.113.7';

const db = benchDatabase('assess_exam');
const { url, dataDir } = db;
const cluster = await examCluster({ servers: SERVERS, proxy: PROXY, databaseUrl: url, dataDir });
// created once the server has compiled (a failing build leaves no database behind)
db.create();
const pool = new pg.Pool({ connectionString: url, max: 2 });
const load = loadAverage;

try {
  console.log(
    `exam day: ${STUDENTS} students, sign-ins over ${SIGNIN_S} s, starts within ${START_S} s, ${QUESTIONS} questions, a save every ${SAVE_EVERY_S} s for ${MINUTES} min, a typo every ${TYPO_EVERY}`,
  );
  console.log(`load average at start: ${load()}; ${new Date().toISOString()}`);
  const started = await cluster.start();
  console.log(`${cluster.describe()}`);
  console.log(
    `servers started (migrations + demo seed) in ${started.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}`,
  );
  const seed = await seedExam(
    { executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }) },
    {
      prefix: `day${Date.now() % 100000}`,
      students: STUDENTS,
      questions: QUESTIONS,
      durationMinutes: Math.ceil(MINUTES + START_S / 60) + 30,
    },
  );
  for (const t of ['users', 'test_users', 'questions', 'pool_questions'])
    await pool.query(`vacuum analyze ${t}`);

  const base = cluster.base;
  /** Behind the proxy the proxy says where the students come from; without it they say so themselves. */
  const address = cluster.proxied ? undefined : SCHOOL;
  const times = {
    signIn: [] as number[],
    start: [] as number[],
    attempt: [] as number[],
    save: [] as number[],
  };
  /** Saves sent after every student has loaded the attempt (the steady exam, without the start spike). */
  const steadySaves: number[] = [];
  let loaded = 0;
  const errors: string[] = [];
  let typos = 0;
  let saves = 0;
  /** Per attempt, per question: the last acknowledged seq and choice (checked against the database at the end). */
  const acked = new Map<number, Map<number, { seq: number; choice: number }>>();
  const error = (what: string, r: { status: number; error?: string }) =>
    errors.push(`${what}: ${r.status} ${r.error ?? ''}`.slice(0, 200));
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
  const t0 = performance.now();
  const startAt = t0 + SIGNIN_S * 1000;
  const loadSamples: string[] = [];
  const sampler = setInterval(() => loadSamples.push(load()), 30_000);
  let signedIn = 0;
  let signInsDoneAt = 0;

  await Promise.all(
    seed.userNames.map(async (userName, i) => {
      await sleep(Math.random() * SIGNIN_S * 1000);
      if (TYPO_EVERY > 0 && i % TYPO_EVERY === 0) {
        typos++;
        const typo = await signIn(base, userName, address, 'demo@1234');
        if (typo.status !== 401) error('typo sign-in (expected 401)', typo);
      }
      const s = await signIn(base, userName, address);
      times.signIn.push(s.ms);
      if (++signedIn === STUDENTS) signInsDoneAt = performance.now();
      if (s.status !== 200 || !s.cookie) {
        loaded++;
        return error('sign-in', s);
      }
      const cookie = s.cookie;
      await sleep(startAt + Math.random() * START_S * 1000 - performance.now());
      const st = await startAttempt(base, cookie, seed.testId);
      times.start.push(st.ms);
      if (st.status !== 200 || !st.body) {
        loaded++;
        return error('start', st);
      }
      const attemptId = st.body.attemptId;
      const a = await readAttempt(base, cookie, attemptId);
      times.attempt.push(a.ms);
      loaded++;
      if (a.status !== 200 || !a.body) return error('attempt', a);
      const questions = a.body.sections.flatMap((x) => x.questions);
      const mine = new Map<number, { seq: number; choice: number }>();
      acked.set(attemptId, mine);
      const startedAt = performance.now();
      let seq = 0;
      // the first save at a random moment of the first period, then every period
      await sleep(Math.random() * SAVE_EVERY_S * 1000);
      while (performance.now() - startedAt < MINUTES * 60_000) {
        const due = performance.now() + SAVE_EVERY_S * 1000;
        const q = questions[seq % questions.length];
        if (!q) break;
        seq++;
        const choice = 1 + (seq % 4);
        const sentAfterArrivals = loaded === STUDENTS;
        const r = await saveAnswers(base, cookie, attemptId, [
          { questionId: q.questionId, seq, choiceIds: [choice] },
        ]);
        times.save.push(r.ms);
        if (sentAfterArrivals) steadySaves.push(r.ms);
        saves++;
        const ack = r.body?.acks.find((x) => x.questionId === q.questionId);
        if (r.status !== 200) error('save', r);
        else if (ack?.seq !== seq)
          error('save acknowledged another seq', { status: 200, error: JSON.stringify(r.body) });
        else mine.set(q.questionId, { seq, choice });
        await sleep(due - performance.now());
      }
    }),
  );
  clearInterval(sampler);
  const seconds = (performance.now() - t0) / 1000;
  const stored = await pool.query<{
    attempt_id: number;
    question_id: number;
    seq: number;
    choice_ids: number[];
  }>(
    `select a.attempt_id, a.question_id, a.seq, a.choice_ids
     from attempt_answers a join attempts t using (attempt_id) where t.test_id = $1`,
    [seed.testId],
  );
  const { rows: attemptRows } = await pool.query(
    `select count(*)::int as attempts, count(distinct user_id)::int as students from attempts where test_id = $1`,
    [seed.testId],
  );
  const { rows: addresses } = await pool.query(
    `select s.ip, count(*)::int as n from sessions s join test_users tu using (user_id) where tu.test_id = $1
     group by s.ip order by n desc`,
    [seed.testId],
  );
  const { rows: failures } = await pool.query(
    `select substr(key, 16) as ip, count from rate_limits where key like 'signin:fail:ip:%'`,
  );
  const cpu = cluster.servers.map((x) => `${(cpuMs(x.pid()) / 1000).toFixed(0)} s`).join(', ');
  const held = new Map(stored.rows.map((r) => [`${r.attempt_id}:${r.question_id}`, r]));
  let ackedAnswers = 0;
  const lost: string[] = [];
  for (const [attemptId, answers] of acked)
    for (const [questionId, a] of answers) {
      ackedAnswers++;
      const h = held.get(`${attemptId}:${questionId}`);
      if (!h || h.seq < a.seq || (h.seq === a.seq && h.choice_ids[0] !== a.choice))
        lost.push(
          `attempt ${attemptId} q${questionId}: acknowledged seq ${a.seq} choice ${a.choice}, stored ${h ? `seq ${h.seq} ${JSON.stringify(h.choice_ids)}` : 'nothing'}`,
        );
    }

  console.log(
    `\nexam day: ${STUDENTS} students (+${typos} typos from the same address), ${seconds.toFixed(0)} s in all`,
  );
  console.log(
    `  sign-in: ${fmt(times.signIn)} (all signed in ${((signInsDoneAt - t0) / 1000).toFixed(0)} s after the first, the start at ${SIGNIN_S} s)`,
  );
  console.log(`  start:   ${fmt(times.start)}`);
  console.log(`  first load: ${fmt(times.attempt)} (GET the attempt: questions + saved answers)`);
  console.log(
    `  save:    ${fmt(times.save)} (${saves} saves, ${(saves / Math.max(1, seconds - SIGNIN_S - START_S / 2)).toFixed(1)}/s)`,
  );
  console.log(`  save after every student loaded the attempt: ${fmt(steadySaves)}`);
  console.log(
    `  stored: ${attemptRows[0].attempts} attempts of ${attemptRows[0].students} students, ${stored.rows.length} answer rows; ${ackedAnswers} acknowledged answers checked, ${lost.length} not stored`,
  );
  for (const line of lost.slice(0, 10)) console.log(`    ${line}`);
  console.log(
    `  the students' client address as the server saw it (sessions): ${addresses.map((r) => `${r.ip} × ${r.n}`).join(', ')}; failed sign-ins counted per address: ${failures.map((r) => `${r.ip} × ${r.count}`).join(', ') || 'none'}`,
  );
  console.log(`  server process CPU time: ${cpu}`);
  const kinds = new Map<string, number>();
  for (const e of errors) kinds.set(e, (kinds.get(e) ?? 0) + 1);
  console.log(`  errors: ${errors.length}`);
  for (const [kind, count] of [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 10))
    console.log(`    ${count} × ${kind}`);
  const p99 = (xs: number[]) => percentiles(xs).p99;
  const met =
    p99(times.start) < 300 &&
    p99(times.attempt) < 300 &&
    p99(times.save) < 100 &&
    errors.length === 0 &&
    lost.length === 0 &&
    attemptRows[0].attempts === STUDENTS;
  console.log(
    `  goal start p99 < 300 ms, first load p99 < 300 ms, save p99 < 100 ms, 0 errors, every acknowledged answer stored: ${met ? 'met' : 'NOT met'}`,
  );
  console.log(`  load average every 30 s: ${loadSamples.join(' | ')}; at the end: ${load()}`);
} finally {
  await cluster.stop();
  await pool.end();
  db.cleanUp();
}
