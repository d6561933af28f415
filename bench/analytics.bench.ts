/**
 * Test analytics (issue 24) on PostgreSQL: one test of Demo ERP Institute with BENCH_ATTEMPTS (20,000) closed
 * attempts × BENCH_QUESTIONS (100) questions, i.e. 2,000,000 attempt_marks rows and their answers. Measures,
 * client-observed on the loopback, sequential requests: the chart, the top five, every tree view (3 contents × 4
 * executions), item statistics (p50/p95 of BENCH_REPS requests each) and the xlsx export (time, size, peak RSS
 * of the process: server and discarding client share it). Targets: chart, top five and tree p95 < 300 ms; item
 * statistics p95 < 500 ms; export < 15 s with flat memory.
 * The rollup (FEATURES 3.7.16): the seeded closes are on the backlog (migration 0023). Measured: (a) the background
 * rollup catching up (its throughput, attempts/s) and then the first reads; (b) the rollup reset (as if no
 * background ran) and the first reads doing it themselves (a read rolls up at most READ_BUDGET attempts and says
 * how many are still being counted); then the background catches up again and the usual reads are measured.
 * Run: nice -n 10 npx tsx bench/analytics.bench.ts (BENCH_ATTEMPTS, BENCH_QUESTIONS, BENCH_REPS override).
 */
import { download, startBenchServer } from './lib';

const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 20_000);
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 100);
const REPS = Number(process.env.BENCH_REPS ?? 10);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

const server = await startBenchServer();
try {
  const sql = server.deps.handle.sql;
  const one = async <T>(text: string, values: unknown[] = []) =>
    (await sql.executeSql(text, values)).rows as T[];
  const [{ provider_id: providerId }] = await one<{ provider_id: number }>(
    "select provider_id from users where user_name = 'erp@example.com'",
  );
  const t0 = performance.now();
  // questions spread over the institute's topics, three difficulties, SCQ with four choices, first one right
  await one(
    `insert into questions (provider_id, code, question_type, content_type, difficulty_level, points, status, is_active,
       text, choices, correct_choices)
     select $1, 'BENCH-Q' || g, case when g % 10 = 0 then 3 else 2 end, 1, 1 + g % 3, 1, 2, true, 'Bench question ' || g,
       '[{"text":"a","image":null},{"text":"b","image":null},{"text":"c","image":null},{"text":"d","image":null}]'::jsonb,
       '{1}'
     from generate_series(1, $2) g`,
    [providerId, QUESTIONS],
  );
  await one(
    `insert into question_versions (question_id, version, snapshot)
     select q.question_id, 1, to_jsonb(q) from questions q where q.code like 'BENCH-Q%'`,
  );
  await one(
    `with t as (select array_agg(topic_id order by topic_id) a from topics where provider_id = $1),
          q as (select question_id, row_number() over (order by question_id) n from questions where code like 'BENCH-Q%')
     insert into topic_question_mappings (topic_id, question_id)
     select t.a[1 + q.n % cardinality(t.a)], q.question_id from q, t`,
    [providerId],
  );
  const [{ test_id: testId }] = await one<{ test_id: number }>(
    `insert into tests (provider_id, code, name, status, is_active, duration, points_per_question, total_score,
       schedule_status, schedule_date, schedule_end_date)
     values ($1, 'BENCH-ANALYTICS', 'Bench Analytics', 5, true, 120, 1, $2, 5, now() - interval '2 days',
       now() + interval '30 days') returning test_id`,
    [providerId, QUESTIONS],
  );
  await one(
    `insert into users (provider_id, user_type_id, user_name, full_name, password_hash, is_active)
     select $1, 4, 'an' || g || '@bench.test', 'Analytics Student ' || g, 'x', true from generate_series(1, $2) g`,
    [providerId, ATTEMPTS],
  );
  await one(
    `insert into attempts (test_id, user_id, provider_id, attempt_number, status, started_at, deadline, submitted_at,
       seed, sections, total_score)
     select $1, u.user_id, $2, 1, 2, now() - interval '1 day', now() - interval '1 day' + interval '2 hours',
       now() - interval '1 day' + (30 + (u.user_id % 80)) * interval '1 minute', 1, '[]'::jsonb, $3
     from users u where u.user_name like 'an%@bench.test'`,
    [testId, providerId, QUESTIONS],
  );
  // each attempt: an ability; each question: a difficulty; right with a logistic chance, 15 % left blank
  await one(
    `with a as (select attempt_id, (hashtext(attempt_id::text) % 1000) / 400.0 as ability from attempts where test_id = $1),
          q as (select q.question_id, v.version_id, ((q.question_id % 7) - 3) / 2.0 as difficulty
                from questions q join question_versions v on v.question_id = q.question_id where q.code like 'BENCH-Q%'),
          r as (select a.attempt_id, q.question_id, q.version_id, random() as blank, random() as luck,
                  1 / (1 + exp(-1.7 * (a.ability - q.difficulty))) as chance from a cross join q)
     insert into attempt_marks (attempt_id, question_id, pool_id, version_id, marks, points, outcome)
     select attempt_id, question_id, 0, version_id, case when blank >= 0.15 and luck < chance then 1 else 0 end, 1,
       case when blank < 0.15 then 3 when luck < chance then 1 else 2 end from r`,
    [testId],
  );
  await one(
    `insert into attempt_answers (attempt_id, question_id, choice_ids, seq, saved_at)
     select m.attempt_id, m.question_id, case when m.outcome = 1 then '{1}'::smallint[] else '{2}'::smallint[] end, 1,
       a.started_at + (row_number() over (partition by m.attempt_id order by m.question_id)) * interval '20 seconds'
     from attempt_marks m join attempts a on a.attempt_id = m.attempt_id
     where a.test_id = $1 and m.outcome in (1, 2)`,
    [testId],
  );
  await one(
    `update attempts a set actual_score = s.score, result = 1
     from (select attempt_id, sum(marks) score from attempt_marks group by attempt_id) s
     where s.attempt_id = a.attempt_id and a.test_id = $1`,
    [testId],
  );
  await one('analyze');
  console.log(
    `seeded ${ATTEMPTS} attempts × ${QUESTIONS} questions (${ATTEMPTS * QUESTIONS} marks) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const cookie = await server.signIn('erp@example.com');
  const base = `${server.base}/api/analytics/tests/${testId}`;
  async function timed(name: string, path: string, reps = REPS) {
    const times: number[] = [];
    for (let i = 0; i < reps; i++) {
      const t = performance.now();
      const res = await fetch(`${base}${path}`, { headers: { cookie } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status}`);
      times.push(performance.now() - t);
    }
    console.log(
      `${name}: p50 ${pct(times, 50).toFixed(0)} ms, p95 ${pct(times, 95).toFixed(0)} ms (${reps} requests)`,
    );
    return times;
  }
  const { rollup } = server.deps.modules.analytics;
  async function catchUp(label: string) {
    const [{ n: backlog }] = await one<{ n: number }>(
      'select count(*)::int as n from analytics_pending where test_id = $1',
      [testId],
    );
    const t = performance.now();
    const done = await rollup.catchUp();
    const s = (performance.now() - t) / 1000;
    console.log(
      `${label}: ${done.attempts} attempts (backlog ${backlog}) in ${s.toFixed(1)} s = ${(done.attempts / s).toFixed(0)} attempts/s`,
    );
  }
  async function firstRead(label: string, path: string) {
    const t = performance.now();
    const res = await fetch(`${base}${path}`, { headers: { cookie } });
    const body = (await res.json()) as { countingAttempts?: number };
    if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status}`);
    console.log(
      `${label}: ${(performance.now() - t).toFixed(0)} ms (attempts still being counted: ${body.countingAttempts ?? '?'})`,
    );
  }
  // (a) the background rollup has caught up when staff open analytics
  await catchUp('(a) background rollup of the closes');
  await firstRead('(a) first tree read after it', '/tree/1/1');
  await firstRead('(a) first item statistics read after it', '/item-statistics');
  // (b) no background: the reads find every close on the backlog
  await one(`truncate analytics_attempt_nodes, analytics_attempts, analytics_test_nodes, analytics_item_cells,
    analytics_item_choices, analytics_tests, analytics_pending`);
  await one(
    `insert into analytics_pending (attempt_id, test_id)
     select attempt_id, test_id from attempts where test_id = $1 and status in (2, 3)`,
    [testId],
  );
  await one('vacuum analyze analytics_attempt_nodes');
  await firstRead('(b) first tree read, the read path rolling up', '/tree/1/1');
  await firstRead('(b) then item statistics', '/item-statistics');
  await firstRead('(b) then the tree again', '/tree/2/1');
  await catchUp('background rollup of the rest');
  await timed('chart', '/chart');
  await timed('top five', '/top-five');
  const trees: number[] = [];
  for (const content of [1, 2, 3])
    for (const execution of [1, 2, 3, 4])
      trees.push(
        ...(await timed(
          `tree ${content}/${execution}`,
          `/tree/${content}/${execution}`,
          Math.max(2, REPS / 2),
        )),
      );
  console.log(`every tree view: p50 ${pct(trees, 50).toFixed(0)} ms, p95 ${pct(trees, 95).toFixed(0)} ms`);
  await timed('item statistics', '/item-statistics', 2);

  await download(`${base}/export`, cookie);
} finally {
  await server.close();
}
