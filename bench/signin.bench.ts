import { defaultSignInLimits } from '../apps/api/src/modules/auth/auth.service';
import { hashPassword } from '../apps/api/src/platform/auth/passwords';
import { startBenchServer } from './lib';

/**
 * Exam-day sign-in (issue 10, deviation D6): BENCH_STUDENTS (2,000) students of the demo ERP provider,
 * all behind one school address, sign in over HTTP with the production password hash (argon2id 19 MiB,
 * t=2) and the default sign-in limits, BENCH_CONNECTIONS (10) at a time, one in ten after a typo. Then a
 * guessing run (one wrong password per user name, sequential) from the school's address and one from a
 * fresh address, each until it is refused. The client address is given in X-Forwarded-For (the server
 * runs with TRUST_PROXY, as behind a proxy). Reports wall time, sign-ins/s, p50/p95 and every refusal.
 */
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PASSWORD = 'Exam@2026';
const SCHOOL = '203.0.113.7';

process.env.TRUST_PROXY = 'true';
const server = await startBenchServer();
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const student = (i: number) => `exam${i}@school.example`;

async function signIn(userName: string, password: string, address = SCHOOL) {
  const started = performance.now();
  const res = await fetch(`${server.base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ userName, password }),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

try {
  const hash = await hashPassword(PASSWORD);
  await server.deps.handle.sql.executeSql(
    `insert into users (provider_id, user_type_id, user_name, email, password_hash, full_name)
     select s.provider_id, s.user_type_id, 'exam' || g || '@school.example', 'exam' || g || '@school.example',
            $1, 'Exam Student ' || g
     from users s, generate_series(1, $2::int) g where s.user_name = 'student@example.com'`,
    [hash, STUDENTS],
  );
  console.log(
    `limits: ${defaultSignInLimits.failuresPerAddress} failures per address, ${defaultSignInLimits.failuresPerUserAndAddress} per user name and address, ${defaultSignInLimits.failuresPerUser} per user name, per ${defaultSignInLimits.windowSeconds / 60} minutes; successes unlimited`,
  );

  // 1. The exam batch.
  const times: number[] = [];
  const refused: string[] = [];
  let next = 1;
  let typos = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (let i = next++; i <= STUDENTS; i = next++) {
        if (i % 10 === 0) {
          typos++;
          const typo = await signIn(student(i), 'exam@2026');
          if (typo.status !== 401) refused.push(`${student(i)} typo ${typo.status}`);
        }
        const r = await signIn(student(i), PASSWORD);
        times.push(r.ms);
        if (r.status !== 200) refused.push(`${student(i)} ${r.status}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  console.log(
    `exam batch: ${STUDENTS} students + ${typos} typos from one address, ${CONNECTIONS} connections: ${seconds.toFixed(1)} s, ${(STUDENTS / seconds).toFixed(1)} sign-ins/s, p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms; refused: ${refused.length}${refused.length ? ` (${refused.slice(0, 5).join(', ')})` : ''}`,
  );

  // 2. Guessing runs: from the school's address (its typos already count) and from a fresh address.
  async function guessingRun(address: string) {
    const t0 = performance.now();
    let attempts = 0;
    let status = 0;
    while (attempts < 10_000 && status !== 429) {
      attempts++;
      status = (await signIn(student(1 + (attempts % STUDENTS)), `Guess@${attempts}`, address)).status;
    }
    return { attempts, status, seconds: (performance.now() - t0) / 1000 };
  }
  const school = await guessingRun(SCHOOL);
  console.log(
    `guessing run from the school's address: refused (${school.status}) at attempt ${school.attempts}, after ${school.attempts - 1} wrong passwords (+ the batch's ${typos} typos) in ${school.seconds.toFixed(1)} s`,
  );
  const fresh = await guessingRun('198.51.100.66');
  console.log(
    `guessing run from a fresh address: refused (${fresh.status}) at attempt ${fresh.attempts}, after ${fresh.attempts - 1} wrong passwords in ${fresh.seconds.toFixed(1)} s (${((fresh.attempts - 1) / fresh.seconds).toFixed(1)} guesses/s until stopped)`,
  );
} finally {
  await server.close();
}
