import { testListQuerySchema } from '@assess/contracts/tests';
import { sql } from 'drizzle-orm';
import { reportSequential, secondsSince, startBenchServer } from './lib';

/**
 * Tests list (issue 13) on PostgreSQL, through the real routes on the loopback:
 *  - GET /api/tests filtered (status, difficulty, flags, objective, code, type; All / Owned / Subscribed; page
 *    sizes 10–100, pages 1–3), with totalCount (target p95 < 100 ms);
 *  - POST /api/tests/:id/copy of a 10-section, 500-question test (target < 500 ms).
 * Data: BENCH_TESTS (50,000) tests in 200 providers (250 each, the demo ERP provider among them), 10 sections
 * each (500,000 sections), one topic per section; the demo ERP provider subscribes to 5 bench providers.
 * Seeding is set-based (generate_series).
 *
 *   npx tsx bench/tests-list.bench.ts
 *   BENCH_REQUESTS=300 BENCH_DATABASE_URL=postgres://... npx tsx bench/tests-list.bench.ts
 */
const TOTAL = Number(process.env.BENCH_TESTS ?? 50_000);
const PROVIDERS = 200;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const COPIES = Number(process.env.BENCH_COPIES ?? 20);

const server = await startBenchServer();
const db = server.deps.db;
const { rows } = server;

async function seed(erp: number) {
  const t0 = performance.now();
  const providers = await server.providers(PROVIDERS, 'Bench Test Provider', 'bench-tests-');
  const bench = (
    await rows<{ id: number }>(
      sql`select provider_id as id from providers where provider_key like 'bench-tests-%' order by provider_id limit 5`,
    )
  ).map((r) => r.id);
  // the ERP institute subscribes to 5 bench providers (its Subscribed filter has their published tests)
  await db.execute(sql`
    insert into provider_content_curators (provider_id, content_provider_id)
    select ${erp}, p from unnest(${sql.raw(`array[${bench.join(',')}]`)}::int[]) p on conflict do nothing`);
  const objectives = (
    await rows<{ id: number }>(
      sql`select id from configuration_values where provider_id = ${erp} and key = 'Objective' order by id limit 3`,
    )
  ).map((r) => r.id);
  const arr = sql.raw(`array[${providers.join(',')}]`);
  const obj = sql.raw(objectives.length ? `array[${objectives.join(',')}]` : 'null::int[]');
  await db.execute(sql`
    insert into tests (provider_id, code, name, test_type, status, is_active, difficulty_level, show_hint,
      show_bookmark, navigation_allowed, objective_ids, duration, passing_score, total_score, attempts_allowed)
    select (${arr}::int[])[1 + g % ${providers.length}], 'BT' || g, 'Bench test ' || g, (g / 11) % 2,
      1 + (g / 3) % 6, (g / 3) % 6 > 0, 1 + (g / 5) % 3, g % 2 = 0, g % 3 = 0, g % 4 <> 0,
      case when g % 4 = 0 then ${obj}::int[] else null end, 60, 4, 10, 1
    from generate_series(1, ${TOTAL}) g`);
  console.log(`providers ${providers.length}, ${TOTAL} tests in ${secondsSince(t0)} s`);
  const t1 = performance.now();
  await db.execute(sql`
    insert into pools (test_id, provider_id, code, name, sequence_id, question_count, points_per_question)
    select t.test_id, t.provider_id, 'S' || s, 'Section ' || s, s, 5, 1
    from tests t cross join generate_series(1, 10) s where t.code like 'BT%'`);
  const [topic] = await rows<{ id: number }>(
    sql`select topic_id as id from topics where provider_id = ${erp} order by topic_id limit 1`,
  );
  if (topic)
    await db.execute(sql`
      insert into pool_topics (pool_id, topic_id)
      select p.pool_id, ${topic.id} from pools p where p.provider_id = ${erp}`);
  for (const table of ['tests', 'pools', 'pool_topics', 'provider_content_curators'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  console.log(`${TOTAL * 10} sections in ${secondsSince(t1)} s`);
}

/** The copy source: an ERP test with 10 sections of 50 fixed questions each (500 bench questions). */
async function copySource(erp: number) {
  await db.execute(sql`
    insert into questions (provider_id, code, question_type, content_type, difficulty_level, points, status,
      is_active, text, choices, correct_choices)
    select ${erp}, 'BTQ' || g, 2, 1, 2, 1, 2, true, 'Bench test question ' || g,
      '[{"text":"A","image":null},{"text":"B","image":null}]'::jsonb, '{2}'::smallint[]
    from generate_series(1, 500) g on conflict do nothing`);
  const [src] = await rows<{ id: number }>(sql`
    select test_id as id from tests where provider_id = ${erp} and code like 'BT%' order by test_id limit 1`);
  await db.execute(
    sql`delete from pool_questions where pool_id in (select pool_id from pools where test_id = ${src.id})`,
  );
  await db.execute(sql`
    insert into pool_questions (pool_id, question_id, sequence)
    select p.pool_id, q.question_id, row_number() over (partition by p.pool_id order by q.question_id)
    from pools p
    join (select question_id, row_number() over (order by question_id) - 1 as n
          from questions where provider_id = ${erp} and code like 'BTQ%') q on q.n / 50 = p.sequence_id - 1
    where p.test_id = ${src.id}`);
  await db.execute(sql`update tests set is_locked = false, locked_by = null where test_id = ${src.id}`);
  const [n] = await rows<{ sections: number; questions: number }>(sql`
    select count(distinct p.pool_id)::int as sections, count(pq.question_id)::int as questions
    from pools p left join pool_questions pq on pq.pool_id = p.pool_id where p.test_id = ${src.id}`);
  console.log(`copy source: test ${src.id}, ${n.sections} sections, ${n.questions} fixed questions`);
  return src.id;
}

async function measureAll(erp: number) {
  const sourceId = await copySource(erp);
  const cookie = await server.signIn('erp@example.com');
  const call = server.caller(cookie);

  const [objective] = await rows<{ id: number }>(
    sql`select id from configuration_values where provider_id = ${erp} and key = 'Objective' order by id limit 1`,
  );
  const all = await call('GET', '/api/tests?contentFilter=0&pageSize=10');
  const sub = await call('GET', '/api/tests?contentFilter=2&pageSize=10');
  console.log(`sample: All totalCount ${all.json.totalCount}, Subscribed totalCount ${sub.json.totalCount}`);
  const sizes = [10, 30, 50, 70, 100];
  const filters = [
    (i: number) => `status=${1 + (i % 3)}`,
    (i: number) => `difficultyLevel=${1 + (i % 3)}&showHint=${1 + (i % 2)}`,
    (i: number) => `code=BT${1 + (i % 9)}`,
    (i: number) => `navigationAllowed=2&testType=${i % 2}`,
    () => (objective ? `objective=${objective.id}` : 'showBookmark=2'),
    () => '',
  ];
  for (let i = 0; i < 20; i++) await call('GET', `/api/tests?${filters[i % filters.length](i)}`);
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const q = `${filters[i % filters.length](i)}&contentFilter=${i % 3}&pageSize=${sizes[i % 5]}&pageNumber=${1 + (i % 3)}`;
    times.push((await call('GET', `/api/tests?${q}`)).ms);
  }
  reportSequential('GET /api/tests filtered, with totalCount', times);

  // The same queries in-process (the list service: its SQL and mapping, no HTTP or session): the server's time.
  const content = (
    await rows<{ id: number }>(
      sql`select content_provider_id as id from provider_content_curators where provider_id = ${erp}`,
    )
  ).map((r) => r.id);
  const caller = {
    providerId: erp,
    userId: 0,
    contentProviderIds: content,
    privileges: {},
    roles: [],
    licence: {} as never,
  };
  const service = server.deps.modules.tests.testList;
  const inProcess: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const q = new URLSearchParams(
      `${filters[i % filters.length](i)}&contentFilter=${i % 3}&pageSize=${sizes[i % 5]}&pageNumber=${1 + (i % 3)}`,
    );
    const start = performance.now();
    await service.list(caller, testListQuerySchema.parse(Object.fromEntries(q)));
    inProcess.push(performance.now() - start);
  }
  reportSequential('the list service in-process (server time), same queries', inProcess);

  const copies: number[] = [];
  for (let i = 0; i < COPIES; i++) {
    const r = await call('POST', `/api/tests/${sourceId}/copy`, {
      code: `BCOPY-${Date.now() % 1e6}-${i}`,
      name: `Bench copy ${Date.now()}-${i}`,
    });
    copies.push(r.ms);
  }
  reportSequential('POST /api/tests/:id/copy of a 10-section, 500-question test', copies);
}

await server.seedThenMeasure(
  sql`select count(*)::int as n from tests where code like 'BT%'`,
  'tests',
  seed,
  measureAll,
);
