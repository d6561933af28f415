import { sql } from 'drizzle-orm';
import { reportSequential, secondsSince, startBenchServer } from './lib';

/**
 * Question bank (issue 11) on PostgreSQL, through the real routes on the loopback:
 *  - GET /api/questions filtered by a topic subtree + status + difficulty, with totalCount (target p95 < 100 ms);
 *  - GET /api/question-bank/tree with counts for a provider with ~2,000 topics (target p95 < 100 ms);
 *  - POST /api/questions/bulk-update of 5,000 selected questions (target < 2 s), and the topic re-mapping.
 * Data: BENCH_QUESTIONS (1,000,000) questions across 50 providers (the demo ERP provider holds BENCH_OWN,
 * 200,000 of them, and 2,070 topics; the 49 others share the rest and ~3,400 topics), topics 5 levels deep.
 * Seeding is set-based (generate_series): a few minutes on a 2-core machine.
 *
 *   npx tsx bench/question-bank.bench.ts
 *   BENCH_REQUESTS=300 BENCH_DATABASE_URL=postgres://... npx tsx bench/question-bank.bench.ts
 */
const TOTAL = Number(process.env.BENCH_QUESTIONS ?? 1_000_000);
const OWN = Number(process.env.BENCH_OWN ?? 200_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);

const server = await startBenchServer();
const db = server.deps.db;
const { rows } = server;

/** One level of topics under every node of `parents` (a SELECT of parent nodes), `k` children each. */
async function topicLevel(parents: ReturnType<typeof sql>, k: number, depth: number) {
  await db.execute(sql`
    insert into topics (topic_id, provider_id, category_id, parent_topic_id, name, path, depth)
    select s.id, s.provider_id, s.category_id, s.parent_topic_id, 'Topic ' || s.id, s.path || 't' || s.id || '/', ${depth}
    from (select nextval(pg_get_serial_sequence('topics', 'topic_id'))::int as id, p.*
          from (${parents}) p cross join generate_series(1, ${k})) s`);
}

async function seed(erp: number) {
  const t0 = performance.now();
  // 50 providers: the demo ones (the platform owner aside) and bench ERP providers.
  const providers = await server.providers(50, 'Bench Provider', 'bench-');
  const others = providers.filter((p) => p !== erp);
  // Categories: 10 for the ERP provider, 1 for each other; topics 5 levels: 9 (ERP) or 3 per category, then ×2, ×2, ×2, ×1.
  await db.execute(sql`
    insert into categories (category_id, provider_id, name, path)
    select s.id, s.p, 'Bench Category ' || s.id, 'c' || s.id || '/'
    from (select nextval(pg_get_serial_sequence('categories', 'category_id'))::int as id, p
          from unnest(${sql.raw(`array[${providers.join(',')}]`)}::int[]) p
          cross join generate_series(1, 10) g where g = 1 or p = ${erp}) s`);
  const benchCats = sql`select c.provider_id, c.category_id, null::int as parent_topic_id, c.path from categories c where c.name like 'Bench Category %'`;
  await topicLevel(sql`select * from (${benchCats}) b where b.provider_id = ${erp}`, 9, 1);
  await topicLevel(sql`select * from (${benchCats}) b where b.provider_id <> ${erp}`, 3, 1);
  for (const [depth, k] of [
    [2, 2],
    [3, 2],
    [4, 2],
    [5, 1],
  ])
    await topicLevel(
      sql`select t.provider_id, t.category_id, t.topic_id as parent_topic_id, t.path from topics t where t.depth = ${depth - 1} and t.name like 'Topic %'`,
      k,
      depth,
    );
  const topicCounts = await rows<{ erp: number; all: number }>(
    sql`select count(*) filter (where provider_id = ${erp})::int as erp, count(*)::int as all from topics where name like 'Topic %'`,
  );
  console.log(
    `providers ${providers.length}, bench topics ${topicCounts[0].all} (ERP ${topicCounts[0].erp}), ${secondsSince(t0)} s`,
  );

  // Questions: the first OWN belong to the ERP provider, the rest round-robin over the others. Status, difficulty,
  // type and content type cycle; every question is mapped to one topic of its provider.
  const t1 = performance.now();
  await db.execute(sql`
    insert into questions (provider_id, code, question_type, content_type, difficulty_level, points, status, is_active,
      text, choices, correct_choices, objective_ids, target_audience_ids)
    select case when g <= ${OWN} then ${erp} else (${sql.raw(`array[${others.join(',')}]`)}::int[])[1 + g % ${others.length}] end,
      'B' || g, 2, (array[1,3,4])[1 + g % 3], 1 + (g / 3) % 3, g % 5, 1 + (g / 7) % 3, (g / 7) % 3 > 0,
      'Bench question number ' || g || ': which choice is right?',
      '[{"text":"A","image":null},{"text":"B","image":null},{"text":"C","image":null},{"text":"D","image":null}]'::jsonb,
      '{2}'::smallint[], null, null
    from generate_series(1, ${TOTAL}) g`);
  await db.execute(sql`
    with t as (select provider_id, array_agg(topic_id order by topic_id) ids from topics where name like 'Topic %' group by provider_id)
    insert into topic_question_mappings (topic_id, question_id)
    select t.ids[1 + ((q.question_id::bigint * 7919) % cardinality(t.ids))::int], q.question_id
    from questions q join t on t.provider_id = q.provider_id where q.code like 'B%'`);
  for (const table of ['questions', 'topic_question_mappings', 'topics', 'categories'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  console.log(
    `seeded ${TOTAL} questions (${OWN} of the ERP provider) and their topic mappings in ${secondsSince(t1)} s`,
  );
}

async function measureAll(erp: number) {
  const cookie = await server.signIn('erp@example.com');
  const call = server.caller(cookie);

  // 1. Grid pages: a subtree of the ERP provider (levels 1-3 and whole categories), status and difficulty.
  const nodes = await rows<{ topic_id: number; depth: number }>(sql`
    select topic_id, depth from topics where provider_id = ${erp} and name like 'Topic %' and depth <= 3 order by topic_id`);
  const cats = await rows<{ category_id: number }>(
    sql`select category_id from categories where provider_id = ${erp} and name like 'Bench%'`,
  );
  const sample = await call(
    'GET',
    `/api/questions?topicId=${nodes[0].topic_id}&status=2&difficultyLevel=1&pageSize=10`,
  );
  const catSample = await call(
    'GET',
    `/api/questions?categoryId=${cats[0].category_id}&status=2&difficultyLevel=1&pageSize=10`,
  );
  console.log(
    `sample: level-1 subtree totalCount ${sample.json.totalCount}, category subtree totalCount ${catSample.json.totalCount}`,
  );
  const sizes = [10, 30, 50, 70, 100];
  for (let i = 0; i < 20; i++)
    await call('GET', `/api/questions?topicId=${nodes[i].topic_id}&status=2&difficultyLevel=1`);
  const grid: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const filter =
      i % 5 === 4
        ? `categoryId=${cats[i % cats.length].category_id}`
        : `topicId=${nodes[(i * 37) % nodes.length].topic_id}`;
    const q = `${filter}&status=${1 + (i % 3)}&difficultyLevel=${1 + (i % 2)}&pageSize=${sizes[i % 5]}&pageNumber=${1 + (i % 3)}&contentFilter=${i % 2}`;
    grid.push((await call('GET', `/api/questions?${q}`)).ms);
  }
  reportSequential('GET /api/questions by topic subtree + status + difficulty, with totalCount', grid);

  // 2. The tree with counts (2,070 + 22 own topics; contentFilter 1 = own only, 0 with the content partner's).
  const tree = await call('GET', '/api/question-bank/tree?contentFilter=1');
  console.log(`tree: ${(tree.json.nodes as unknown[]).length} nodes`);
  const treeTimes: number[] = [];
  for (let i = 0; i < 100; i++)
    treeTimes.push((await call('GET', `/api/question-bank/tree?contentFilter=${i % 2}`)).ms);
  reportSequential('GET /api/question-bank/tree with counts', treeTimes);

  // 3. Bulk update of 5,000 selected (unpublished) questions, one field, then a status change, then a re-mapping.
  const pick = async (offset: number, status: number[]) =>
    (
      await rows<{ id: number }>(sql`
        select question_id as id from questions where provider_id = ${erp} and code like 'B%'
          and status = any(${`{${status.join(',')}}`}::int[]) order by question_id offset ${offset} limit 5000`)
    ).map((r) => r.id);
  for (const [name, ids, field, value] of [
    ['difficultyLevel', await pick(0, [1, 2]), 'difficultyLevel', 3],
    ['points', await pick(10_000, [1, 2]), 'points', 7],
    ['status → Ready (criteria checked)', await pick(20_000, [1]), 'status', 2],
    ['status → Published', await pick(30_000, [2]), 'status', 3],
  ] as const) {
    const r = await call('POST', '/api/questions/bulk-update', { questionIds: ids, field, value });
    console.log(
      `POST /api/questions/bulk-update ${name}, ${ids.length} selected: ${r.ms.toFixed(0)} ms (updated ${r.json.updatedCount})`,
    );
  }
  const target = nodes[nodes.length - 1].topic_id;
  const remap = await call('POST', '/api/questions/bulk-topic-mapping', {
    topicId: target,
    questionIds: await pick(40_000, [1, 2, 3]),
  });
  console.log(`POST /api/questions/bulk-topic-mapping, 5000 selected: ${remap.ms.toFixed(0)} ms`);
}

// With BENCH_DATABASE_URL a second run reuses the data seeded by the first.
await server.seedThenMeasure(
  sql`select count(*)::int as n from providers where provider_key like 'bench-%'`,
  'questions',
  seed,
  measureAll,
);
