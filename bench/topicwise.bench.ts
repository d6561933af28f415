import { sql } from 'drizzle-orm';
import { createBody } from '../apps/api/src/modules/topicwise/topicwise.test-support';
import { secondsSince, startBenchServer } from './lib';

/**
 * Topic-wise creation (issue 16) on PostgreSQL: 200 tests (50 leaf topics × 4 sets, 25 questions each: 20 SCQ
 * + 5 NUMERICAL, sets never sharing a question) from a 100,000-question bank of the demo ERP provider.
 * Target: < 10 s. Measured twice:
 *  - the request through the real route (> 50 tests: queued as the task 'tests.topicwise') until the task is
 *    Success, polling the tasks table as the task manager does;
 *  - the creation itself (the task's run: checks, 200 tests, 200 sections, 5,000 fixed questions in one
 *    transaction), called directly.
 * Data: BENCH_QUESTIONS (100,000) questions in 50 leaf topics (2,000 each; 40% SCQ, 20% NUMERICAL, the rest
 * other types or Draft), seeded set-based.
 *
 *   npx tsx bench/topicwise.bench.ts
 */
const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 100_000);
const TOPICS = 50;

const server = await startBenchServer();
const db = server.deps.db;
const { rows } = server;
const seconds = (t0: number) => secondsSince(t0, 2);

try {
  const erp = await server.demoErp();
  // a generous Tests limit for the runs (the package's is checked, not measured)
  await db.execute(sql`update licence_packages set limits = limits || '{"Tests": 100000}'::jsonb`);
  const leaves = await seed(erp);
  await server.deps.jobs.startWorkers({ pollingIntervalSeconds: 0.5 });
  const cookie = await server.signIn('erp@example.com');

  // 1. through the route and the background task
  const t0 = performance.now();
  const res = await fetch(`${server.base}/api/topicwise-tests`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(createBody(leaves, 'BTWA', { scq: 20, numerical: 5, setCount: 4 })),
  });
  const body = (await res.json()) as { taskId: number | null; message: string | null };
  const accepted = seconds(t0);
  if (!res.ok || !body.taskId) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  for (;;) {
    const [task] = await rows<{ s: number; d: string | null }>(
      sql`select task_status as s, task_details as d from tasks where task_id = ${body.taskId}`,
    );
    if (task.s === 2) break;
    if (task.s === 3) throw new Error(`task failed: ${task.d}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  console.log(
    `route + task: answered in ${accepted} s ("${body.message}"), task Success after ${seconds(t0)} s`,
  );
  await report('BTWA');

  // 2. the creation itself (what the task runs), called directly
  const [user] = await rows<{ id: number }>(
    sql`select user_id as id from users where user_name = 'erp@example.com'`,
  );
  const service = server.deps.modules.topicwise.topicwise;
  const t1 = performance.now();
  const out = await service.createNow(
    { providerId: erp, userId: user.id, licence: { Tests: 100_000 } as never },
    createBody(leaves, 'BTWB', { scq: 20, numerical: 5, setCount: 4 }) as never,
    false,
  );
  console.log(`creation (one transaction): ${out.created.length} tests in ${seconds(t1)} s`);
  await report('BTWB');
} finally {
  await server.close();
}

async function report(prefix: string) {
  const [r] = await rows<{ tests: number; pools: number; questions: number; distinct_q: number }>(sql`
    select count(distinct t.test_id)::int as tests, count(distinct p.pool_id)::int as pools,
      count(pq.question_id)::int as questions, count(distinct pq.question_id)::int as distinct_q
    from tests t join pools p on p.test_id = t.test_id join pool_questions pq on pq.pool_id = p.pool_id
    where t.code like ${`${prefix}-%`}`);
  console.log(
    `  ${r.tests} tests, ${r.pools} sections, ${r.questions} fixed questions (${r.distinct_q} distinct)`,
  );
}

async function seed(erp: number) {
  const t0 = performance.now();
  const [cat] = await rows<{ id: number }>(sql`
    insert into categories (provider_id, name, path) values (${erp}, 'Bench Topicwise', 'c0/') returning category_id as id`);
  await db.execute(sql`update categories set path = 'c' || category_id || '/' where category_id = ${cat.id}`);
  const leaves = (
    await rows<{ id: number }>(sql`
      insert into topics (provider_id, category_id, name, path, depth)
      select ${erp}, ${cat.id}, 'Bench topic ' || g, 'c' || ${cat.id} || '/t' || g || '/', 1
      from generate_series(1, ${TOPICS}) g returning topic_id as id`)
  ).map((r) => r.id);
  // g % 10: 0-3 SCQ Ready/Published, 4-5 NUMERICAL Ready, 6 MCQ, 7 True/False, 8-9 SCQ Draft
  await db.execute(sql`
    insert into questions (provider_id, code, question_type, content_type, status, is_active, text, choices,
      correct_choices, numeric_answer)
    select ${erp}, 'BTWQ' || g,
      case when g % 10 in (4, 5) then 4 when g % 10 = 6 then 1 when g % 10 = 7 then 3 else 2 end, 1,
      case when g % 10 in (8, 9) then 1 when g % 10 = 3 then 3 else 2 end, g % 10 < 8,
      'Bench topic-wise question ' || g,
      '[{"text":"A","image":null},{"text":"B","image":null}]'::jsonb, '{2}'::smallint[],
      case when g % 10 in (4, 5) then 42 else null end
    from generate_series(1, ${QUESTIONS}) g`);
  await db.execute(sql`
    insert into topic_question_mappings (topic_id, question_id)
    select (${sql.raw(`array[${leaves.join(',')}]`)}::int[])[1 + ((q.question_id / 10) % ${TOPICS})], q.question_id
    from questions q where q.provider_id = ${erp} and q.code like 'BTWQ%'`);
  for (const table of ['questions', 'topic_question_mappings', 'topics', 'tests', 'pools', 'pool_questions'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  console.log(`seeded ${QUESTIONS} questions in ${TOPICS} topics in ${seconds(t0)} s`);
  return leaves;
}
