// A simulated exam (issue 15): shared by the exam-day benchmarks (bench/exam-*.bench.ts) and the crash test
// (src/platform/exam-crash.int.test.ts). It seeds one test of the demo ERP institute with one section of
// fixed SCQ questions and assigns it to N new students, runs the real server as a CHILD PROCESS (so it can be
// killed with SIGKILL and started again), and drives students over HTTP the way the player does: sign in,
// start (or find the open attempt), read the attempt state, save answers with a sequence number per answer.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type SqlExec = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const mainTs = path.join(repoRoot, 'apps/api/src/main.ts');

/** The demo students' password: every simulated student gets student@example.com's hash (no hashing here). */
export const EXAM_PASSWORD = 'Demo@1234';

export type ExamSeed = { testId: number; providerId: number; questionIds: number[]; userNames: string[] };

/**
 * Seeds, set-based: `questions` Published SCQ questions (4 choices, the first is right, 1 point), one test
 * ("<prefix> exam", open now for `windowMinutes`, `durationMinutes` long, 1 attempt, one section of the questions
 * as fixed picks) and `students` active students (user names `<prefix>-<i>@exam.example`, i from 1) assigned to it.
 */
export async function seedExam(
  sql: SqlExec,
  o: {
    prefix: string;
    students: number;
    questions: number;
    durationMinutes?: number;
    windowMinutes?: number;
  },
): Promise<ExamSeed> {
  const one = async <T>(text: string, values?: unknown[]) =>
    (await sql.executeSql(text, values)).rows[0] as T;
  const p = o.prefix.toLowerCase();
  const { providerId, pkg } = await one<{ providerId: number; pkg: number }>(
    `select provider_id as "providerId", package_id as pkg from providers where provider_key = 'demo-erp'`,
  );
  // the package must allow the students and the questions (the licence checks still run on the API's paths)
  await sql.executeSql(
    `update licence_packages set limits = limits || '{"Students": 10000000, "ApplicationUsers": 10000000}'::jsonb
     where package_id = $1`,
    [pkg],
  );
  const now = Date.now();
  const windowMinutes = o.windowMinutes ?? 24 * 60;
  const { testId } = await one<{ testId: number }>(
    `insert into tests (provider_id, code, name, status, is_active, duration, attempts_allowed, questions_per_page,
       show_result, show_timer, schedule_status, schedule_date, schedule_end_date, assign_date, welcome_message,
       conclude_message)
     values ($1, $2, $3, 4, true, $4, 1, 5, true, true, 5, $5, $6, $5, 'Welcome', 'Thanks')
     returning test_id as "testId"`,
    [
      providerId,
      `${o.prefix.toUpperCase()}-EXAM`,
      `${o.prefix} exam`,
      o.durationMinutes ?? 120,
      new Date(now - 60_000),
      new Date(now + windowMinutes * 60_000),
    ],
  );
  const questionIds = (
    await sql.executeSql(
      `insert into questions (provider_id, code, question_type, content_type, points, negative_points, status,
         is_active, text, choices, correct_choices)
       select $1, $2 || '-Q' || g, 2, 1, 1, 0, 3, true, 'Exam question ' || g || ': which choice is right?',
         '[{"text":"Right","image":null},{"text":"Wrong 1","image":null},{"text":"Wrong 2","image":null},{"text":"Wrong 3","image":null}]'::jsonb,
         '{1}'::smallint[]
       from generate_series(1, $3::int) g
       returning question_id as "questionId"`,
      [providerId, o.prefix.toUpperCase(), o.questions],
    )
  ).rows.map((r) => (r as { questionId: number }).questionId);
  const { poolId } = await one<{ poolId: number }>(
    `insert into pools (test_id, provider_id, code, name, sequence_id, question_count, points_per_question)
     values ($1, $2, 'S1', 'Section 1', 1, $3, 1) returning pool_id as "poolId"`,
    [testId, providerId, o.questions],
  );
  await sql.executeSql(
    `insert into pool_questions (pool_id, question_id, sequence)
     select $1, q, row_number() over (order by q) from unnest($2::int[]) q`,
    [poolId, `{${questionIds.join(',')}}`],
  );
  await sql.executeSql(
    `insert into users (provider_id, user_type_id, user_name, email, password_hash, full_name, is_active)
     select s.provider_id, 4, $2 || '-' || g || '@exam.example', $2 || '-' || g || '@exam.example', s.password_hash,
       'Exam Student ' || g, true
     from users s, generate_series(1, $1::int) g where s.user_name = 'student@example.com'`,
    [o.students, p],
  );
  await sql.executeSql(
    `insert into test_users (test_id, user_id)
     select $1, user_id from users where user_name like $2 || '-%@exam.example'`,
    [testId, p],
  );
  const userNames = Array.from({ length: o.students }, (_, i) => `${p}-${i + 1}@exam.example`);
  return { testId, providerId, questionIds, userNames };
}

/* ------------------------------------------------ the server ------------------------------------------------ */

export type ServerProcess = {
  base: string;
  /** Starts (or starts again) and waits until /api/health answers; resolves with the time it took. */
  start(): Promise<number>;
  /** kill -9, no goodbye. */
  kill9(): Promise<void>;
  /** SIGTERM and wait for the exit (a clean stop). */
  stop(): Promise<void>;
  running(): boolean;
  /** The process id while running. */
  pid(): number | undefined;
  /** The last lines the process wrote (for a failure message). */
  log(): string;
};

/**
 * Compiles the server once with apps/api/build.mjs (esbuild, about a second) into apps/api/.build/`name` (inside
 * the repository, so the bundle finds node_modules) and returns its main.js for `serverProcess({ entry })`: the
 * shipped artefact that `npm run serve` runs with plain node. `remove()` deletes the folder.
 */
export function buildServer(name: string): { entry: string; remove(): void } {
  const dir = path.join(repoRoot, 'apps/api/.build', name);
  try {
    execFileSync(process.execPath, [path.join(repoRoot, 'apps/api/build.mjs'), dir], { stdio: 'pipe' });
  } catch (err) {
    throw new Error(`apps/api/build.mjs failed:\n${(err as { stderr?: Buffer }).stderr?.toString() ?? err}`);
  }
  return { entry: path.join(dir, 'main.js'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The real server as a child process on 127.0.0.1:`port`, on PostgreSQL (`databaseUrl`) or on PGlite in
 * `dataDir`/pgdata: the compiled build's main.js with plain node when `entry` is given (buildServer), else
 * apps/api/src/main.ts through tsx. Background jobs off unless `runJobs`; `env` adds or overrides settings.
 */
export function serverProcess(o: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  runJobs?: boolean;
  env?: Record<string, string>;
  /** The compiled server's main.js (buildServer); without it the sources run through tsx. */
  entry?: string;
}): ServerProcess {
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let lines: string[] = [];
  const base = `http://127.0.0.1:${o.port}`;
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 40) lines = lines.slice(-40);
  };
  return {
    base,
    running: () => child !== null,
    pid: () => child?.pid,
    log: () => lines.join('\n'),
    async start() {
      const t0 = performance.now();
      // BENCH_SERVER_NODE_ARGS: extra node flags for the server (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof)
      const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
      const args = o.entry ? [...extra, o.entry] : [...extra, '--import', 'tsx', mainTs];
      const proc = spawn(process.execPath, args, {
        cwd: repoRoot,
        env: {
          ...process.env,
          PORT: String(o.port),
          HOST: '127.0.0.1',
          DATA_DIR: o.dataDir,
          DATABASE_URL: o.databaseUrl ?? '',
          RUN_JOBS: o.runJobs ? 'true' : 'false',
          LOG_LEVEL: 'warn',
          NODE_ENV: 'production',
          SHUTDOWN_DELAY_MS: '0',
          ...o.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      proc.stdout?.on('data', keep);
      proc.stderr?.on('data', keep);
      exited = new Promise((resolve) =>
        proc.once('exit', () => {
          if (child === proc) child = null;
          resolve();
        }),
      );
      for (;;) {
        if (child !== proc) throw new Error(`the server exited while starting:\n${lines.join('\n')}`);
        try {
          const res = await fetch(`${base}/api/health`);
          await res.arrayBuffer();
          if (res.ok) return performance.now() - t0;
        } catch {
          // not listening yet
        }
        if (performance.now() - t0 > 300_000)
          throw new Error(`the server did not start:\n${lines.join('\n')}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async kill9() {
      const proc = child;
      if (!proc) return;
      proc.kill('SIGKILL');
      await exited;
    },
    async stop() {
      const proc = child;
      if (!proc) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; 100 ticks a second). */
export function cpuMs(pid: number | undefined): number {
  if (!pid) return NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/* ------------------------------------------------ students ------------------------------------------------ */

export type Timed<T> = { status: number; ms: number; body: T | null; error?: string; cookie?: string };

/** One HTTP call, timed; a network error is status 0 (the server is down or the connection was cut). */
export async function call<T = unknown>(
  base: string,
  method: string,
  url: string,
  o: { cookie?: string; body?: unknown; address?: string; timeoutMs?: number } = {},
): Promise<Timed<T>> {
  const t0 = performance.now();
  const headers: Record<string, string> = {};
  if (o.cookie) headers.cookie = o.cookie;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.address) headers['x-forwarded-for'] = o.address;
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
      signal: AbortSignal.timeout(o.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    let body: T | null = null;
    try {
      body = text ? (JSON.parse(text) as T) : null;
    } catch {
      body = null;
    }
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('sid='))
      ?.split(';')[0];
    return {
      status: res.status,
      ms: performance.now() - t0,
      body,
      cookie,
      error: res.ok ? undefined : text.slice(0, 200),
    };
  } catch (err) {
    return { status: 0, ms: performance.now() - t0, body: null, error: (err as Error).message };
  }
}

export type AttemptState = {
  attemptId: number;
  status: number;
  deadline: string;
  sections: { questions: { questionId: number; choices: { choiceId: number }[] }[] }[];
  answers: { questionId: number; choiceIds: number[]; seq: number }[];
};

export const signIn = (base: string, userName: string, address?: string, password = EXAM_PASSWORD) =>
  call(base, 'POST', '/api/auth/sign-in', { body: { userName, password }, address });
export const startAttempt = (base: string, cookie: string, testId: number) =>
  call<{ attemptId: number; created: boolean }>(base, 'POST', `/api/learner/tests/${testId}/attempts`, {
    cookie,
  });
export const readAttempt = (base: string, cookie: string, attemptId: number) =>
  call<AttemptState>(base, 'GET', `/api/learner/attempts/${attemptId}`, { cookie });
export const saveAnswers = (
  base: string,
  cookie: string,
  attemptId: number,
  answers: { questionId: number; seq: number; choiceIds: number[] }[],
) =>
  call<{ acks: { questionId: number; seq: number }[] }>(
    base,
    'POST',
    `/api/learner/attempts/${attemptId}/answers`,
    {
      cookie,
      body: { answers },
    },
  );

/* ------------------------------------------------ figures ------------------------------------------------ */

export function percentiles(xs: readonly number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) =>
    s.length ? (s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number) : NaN;
  return {
    n: s.length,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: s.length ? (s[s.length - 1] as number) : NaN,
  };
}

export const fmt = (xs: readonly number[]) => {
  const p = percentiles(xs);
  return `n ${p.n}, p50 ${p.p50.toFixed(1)} ms, p95 ${p.p95.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms, max ${p.max.toFixed(1)} ms`;
};

/* ------------------------------------------------ crash run ------------------------------------------------ */

type Acked = { seq: number; choice: number };

export type CrashReport = {
  students: number;
  kills: number;
  /** Time from spawn to the first healthy answer, per restart. */
  restartMs: number[];
  savesAcked: number;
  savesFailed: number;
  /** 4xx answers and other surprises (a second attempt, a changed deadline), with what happened. */
  unexpected: string[];
  /** (student, question) pairs whose last acknowledged answer the server holds (checked at the end). */
  answersChecked: number;
  /** Acknowledged answers the server did not hold, at a resume during the run or at the end. */
  lost: string[];
  /** Students who could not read their attempt back at the end (open, same deadline). */
  notResumed: string[];
  saveMs: number[];
};

/**
 * A simulated exam during which the server is killed with SIGKILL every `killEveryMs` and started again. Each
 * student (signed in, attempt started before the first kill) saves one answer every ~`saveEveryMs` (a new
 * question or a changed choice, seq + 1 each time) and keeps an answer that was not acknowledged to send again,
 * as the player keeps it in IndexedDB. After a failed save the student "reloads": POST start (must give the same
 * attempt) and GET the attempt, whose saved answers must include every acknowledged one (seq at least the
 * acknowledged seq, and the same choice at that seq). At the end the server runs undisturbed and every student
 * resumes once more and is checked the same way.
 */
export async function crashExam(o: {
  server: ServerProcess;
  seed: ExamSeed;
  /** How long the students save; with `kills`, until that many kills happened and one more period passed. */
  durationMs: number;
  killEveryMs: number;
  /** Exactly this many kills (the students keep saving until the last restart + killEveryMs). */
  kills?: number;
  saveEveryMs: number;
  log?: (line: string) => void;
}): Promise<CrashReport> {
  const { server, seed } = o;
  const report: CrashReport = {
    students: seed.userNames.length,
    kills: 0,
    restartMs: [],
    savesAcked: 0,
    savesFailed: 0,
    unexpected: [],
    answersChecked: 0,
    lost: [],
    notResumed: [],
    saveMs: [],
  };
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  type Student = {
    userName: string;
    cookie: string;
    attemptId: number;
    deadline: string;
    questions: number[];
    acked: Map<number, Acked>;
    seq: number;
  };

  // 1. sign in, start, first read: before any kill, 8 at a time, with retries
  const students: Student[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = next++; i < seed.userNames.length; i = next++) {
        const userName = seed.userNames[i] as string;
        const s = await signIn(server.base, userName);
        if (!s.cookie) throw new Error(`sign-in of ${userName}: ${s.status} ${s.error}`);
        const st = await startAttempt(server.base, s.cookie, seed.testId);
        if (!st.body) throw new Error(`start of ${userName}: ${st.status} ${st.error}`);
        const a = await readAttempt(server.base, s.cookie, st.body.attemptId);
        if (!a.body) throw new Error(`attempt of ${userName}: ${a.status} ${a.error}`);
        students.push({
          userName,
          cookie: s.cookie,
          attemptId: st.body.attemptId,
          deadline: a.body.deadline,
          questions: a.body.sections.flatMap((x) => x.questions.map((q) => q.questionId)),
          acked: new Map(),
          seq: 0,
        });
      }
    }),
  );

  /** Reload: the same attempt, open, same deadline, every acknowledged answer there. */
  async function resume(st: Student, when: string): Promise<boolean> {
    const again = await startAttempt(server.base, st.cookie, seed.testId);
    if (again.status === 0 || again.status >= 500) return false;
    if (again.status !== 200 || again.body?.attemptId !== st.attemptId) {
      report.unexpected.push(
        `${st.userName}: start gave ${again.status} ${JSON.stringify(again.body)} (${when})`,
      );
      return true;
    }
    const a = await readAttempt(server.base, st.cookie, st.attemptId);
    if (a.status === 0 || a.status >= 500) return false;
    if (a.status !== 200 || !a.body) {
      report.unexpected.push(`${st.userName}: attempt read ${a.status} ${a.error} (${when})`);
      return true;
    }
    if (a.body.status !== 1 || a.body.deadline !== st.deadline)
      report.unexpected.push(
        `${st.userName}: status ${a.body.status}, deadline ${a.body.deadline} (${when})`,
      );
    const held = new Map(a.body.answers.map((x) => [x.questionId, x]));
    for (const [questionId, ack] of st.acked) {
      const h = held.get(questionId);
      if (!h || h.seq < ack.seq || (h.seq === ack.seq && h.choiceIds[0] !== ack.choice))
        report.lost.push(
          `${st.userName} q${questionId}: acknowledged seq ${ack.seq} choice ${ack.choice}, held ${h ? `seq ${h.seq} ${JSON.stringify(h.choiceIds)}` : 'nothing'} (${when})`,
        );
    }
    if (when === 'end') report.answersChecked += st.acked.size;
    return true;
  }

  // 2. the exam, with a killer beside it
  let stopAt = performance.now() + (o.kills === undefined ? o.durationMs : Number.POSITIVE_INFINITY);
  let stopping = false;
  const killer = (async () => {
    while (!stopping) {
      await sleep(Math.min(o.killEveryMs, Math.max(0, stopAt - performance.now())));
      if (stopping || performance.now() >= stopAt) break;
      await server.kill9();
      report.kills++;
      const ms = await server.start();
      report.restartMs.push(ms);
      o.log?.(`kill ${report.kills}: back after ${(ms / 1000).toFixed(1)} s`);
      if (report.kills === o.kills) {
        stopAt = performance.now() + o.killEveryMs;
        break;
      }
    }
  })();
  await Promise.all(
    students.map(async (st) => {
      let pending: { questionId: number; seq: number; choice: number } | null = null;
      let reload = false;
      await sleep(Math.random() * o.saveEveryMs);
      while (performance.now() < stopAt) {
        if (reload) {
          if (!(await resume(st, 'during the run'))) {
            await sleep(250 + Math.random() * 250);
            continue;
          }
          reload = false;
        }
        if (!pending) {
          st.seq++;
          pending = {
            questionId: st.questions[Math.floor(Math.random() * st.questions.length)] as number,
            seq: st.seq,
            choice: 1 + Math.floor(Math.random() * 4),
          };
        }
        const r = await saveAnswers(server.base, st.cookie, st.attemptId, [
          { questionId: pending.questionId, seq: pending.seq, choiceIds: [pending.choice] },
        ]);
        if (r.status === 200 && r.body) {
          report.saveMs.push(r.ms);
          report.savesAcked++;
          const ack = r.body.acks.find((x) => x.questionId === pending?.questionId);
          if (!ack || ack.seq < pending.seq)
            report.unexpected.push(
              `${st.userName}: ack ${JSON.stringify(r.body.acks)} for seq ${pending.seq}`,
            );
          else if (ack.seq === pending.seq)
            st.acked.set(pending.questionId, { seq: pending.seq, choice: pending.choice });
          pending = null;
        } else if (r.status === 0 || r.status >= 500) {
          report.savesFailed++;
          reload = true;
          await sleep(250 + Math.random() * 250);
          continue;
        } else {
          report.unexpected.push(`${st.userName}: save ${r.status} ${r.error}`);
          pending = null;
        }
        await sleep(o.saveEveryMs * (0.5 + Math.random()));
      }
    }),
  );
  stopping = true;
  await killer;

  // 3. the end: the server undisturbed, every student resumes
  if (!server.running()) report.restartMs.push(await server.start());
  for (const st of students) {
    let ok = false;
    for (let tries = 0; tries < 20 && !ok; tries++) {
      ok = await resume(st, 'end');
      if (!ok) await sleep(500);
    }
    if (!ok) report.notResumed.push(st.userName);
  }
  return report;
}
