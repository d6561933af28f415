import { sql } from 'drizzle-orm';
import { reportSequential, startBenchServer } from './lib';

/**
 * Sections (issue 13) on PostgreSQL, through the real routes on the loopback:
 *  - GET /api/sections/:poolId/picker: the question picker over a topic of BENCH_TOPIC (100,000) questions, with
 *    the list's filters (status, type, difficulty, code), page sizes 10–100, the first pages and deeper ones, each
 *    row marked when already in the section (500 fixed questions): target p95 < 100 ms;
 *  - GET /api/tests/:testId/sections: the sections list whose random section draws from that topic (what it can
 *    supply is counted over the 100,000 questions);
 *  - POST /api/sections/:poolId/questions: adding 500 picked questions in one request.
 * Data: BENCH_TOPIC questions in one topic of the demo ERP provider and BENCH_OTHER more in another topic, seeded
 * set-based (generate_series).
 *
 *   npx tsx bench/section-picker.bench.ts
 *   BENCH_REQUESTS=300 BENCH_DATABASE_URL=postgres://... npx tsx bench/section-picker.bench.ts
 */
const IN_TOPIC = Number(process.env.BENCH_TOPIC ?? 100_000);
const OTHER = Number(process.env.BENCH_OTHER ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);

const server = await startBenchServer();
const db = server.deps.db;
const { rows } = server;
const cookie = await server.signIn('erp@example.com');

const call = server.caller(cookie);

try {
  const erp = await server.demoErp();
  // With BENCH_DATABASE_URL a second run reuses the data seeded by the first.
  const existing = await rows<{ id: number }>(
    sql`select topic_id as id from topics where provider_id = ${erp} and name = 'Big topic' limit 1`,
  );
  const big = existing[0]?.id ?? (await seed(erp));
  if (existing.length) console.log('reusing the seeded questions');

  // a test with a fixed section (500 questions of the big topic, added in one request) and a random one
  const tag = Date.now().toString(36).toUpperCase();
  const test = await call<{ testId: number }>('POST', '/api/tests', {
    code: `BS-${tag}`,
    name: `Bench sections ${tag}`,
  });
  const testId = test.json.testId;
  const fixed = await call<{ section: { poolId: number } }>('POST', `/api/tests/${testId}/sections`, {
    code: 'FIXED',
    name: 'Fixed questions',
    questionCount: 500,
  });
  const poolId = fixed.json.section.poolId;
  const random = await call<{ section: { poolId: number } }>('POST', `/api/tests/${testId}/sections`, {
    code: 'RANDOM',
    name: 'Random by topic',
    questionCount: 50,
  });
  await call('PUT', `/api/sections/${random.json.section.poolId}/topics`, {
    topicIds: [big],
    randomizeType: 1,
  });
  const picked = (
    await rows<{ id: number }>(sql`
      select m.question_id as id from topic_question_mappings m where m.topic_id = ${big}
      order by m.question_id desc limit 500`)
  ).map((r) => r.id);
  const add = await call<{ added: number }>('POST', `/api/sections/${poolId}/questions`, {
    questionIds: picked,
  });
  console.log(
    `POST /api/sections/:poolId/questions, 500 picked: ${add.ms.toFixed(0)} ms (added ${add.json.added})`,
  );

  const sample = await call<{ totalCount: number; items: { inSection: boolean }[] }>(
    'GET',
    `/api/sections/${poolId}/picker?topicId=${big}&pageSize=100`,
  );
  console.log(
    `picker sample: totalCount ${sample.json.totalCount}, first page ${sample.json.items.filter((r) => r.inSection).length} of ${sample.json.items.length} marked in the section`,
  );

  const sizes = [10, 30, 50, 70, 100];
  const filters = [
    '',
    '&status=2',
    '&questionType=2',
    '&status=3&difficultyLevel=2',
    '&code=SP12',
    '&contentType=3',
  ];
  for (let i = 0; i < 20; i++)
    await call('GET', `/api/sections/${poolId}/picker?topicId=${big}${filters[i % 6]}`);
  const picker: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const page = i % 4 === 3 ? 1 + ((i * 13) % 50) : 1 + (i % 3);
    const q = `topicId=${big}${filters[i % filters.length]}&pageSize=${sizes[i % 5]}&pageNumber=${page}&contentFilter=${i % 2}`;
    picker.push((await call('GET', `/api/sections/${poolId}/picker?${q}`)).ms);
  }
  reportSequential(
    'GET /api/sections/:poolId/picker over a 100,000-question topic (filters, pages 1-50)',
    picker,
  );
  // the same requests in-process (app.inject: the route, session and SQL without the socket): server time
  const inProcess: number[] = [];
  const byFilter = filters.map(() => [] as number[]);
  for (let i = 0; i < REQUESTS; i++) {
    const page = i % 4 === 3 ? 1 + ((i * 13) % 50) : 1 + (i % 3);
    const q = `topicId=${big}${filters[i % filters.length]}&pageSize=${sizes[i % 5]}&pageNumber=${page}&contentFilter=${i % 2}`;
    const start = performance.now();
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/sections/${poolId}/picker?${q}`,
      headers: { cookie },
    });
    if (res.statusCode !== 200) throw new Error(`picker ${res.statusCode} ${res.body.slice(0, 200)}`);
    inProcess.push(performance.now() - start);
    byFilter[i % filters.length]!.push(performance.now() - start);
  }
  reportSequential('the same picker requests in-process (server time)', inProcess);
  for (const [i, f] of filters.entries())
    reportSequential(`  in-process, filter '${f || 'none'}'`, byFilter[i]!);

  const list: number[] = [];
  for (let i = 0; i < 50; i++) list.push((await call('GET', `/api/tests/${testId}/sections`)).ms);
  reportSequential(
    'GET /api/tests/:testId/sections (a random section over the 100,000-question topic, supply counted)',
    list,
  );
} finally {
  await server.close();
}

/** The topics through the API (paths as the app makes them), the questions set-based; answers the big topic. */
async function seed(erp: number) {
  const cat = await call<{ node: { id: number } }>('POST', '/api/question-bank/categories', {
    name: `Bench Sections ${Date.now()}`,
  });
  const topic = await call<{ node: { id: number } }>('POST', '/api/question-bank/topics', {
    name: 'Big topic',
    categoryId: cat.json.node.id,
  });
  const other = await call<{ node: { id: number } }>('POST', '/api/question-bank/topics', {
    name: 'Other topic',
    categoryId: cat.json.node.id,
  });
  const big = topic.json.node.id;
  const t0 = performance.now();
  await db.execute(sql`
    insert into questions (provider_id, code, question_type, content_type, difficulty_level, points, status, is_active,
      text, choices, correct_choices)
    select ${erp}, 'SP' || g, 1 + g % 4, (array[1,3,4])[1 + g % 3], 1 + (g / 3) % 3, g % 5, 1 + (g / 7) % 3, true,
      'Picker question number ' || g || ': which choice is right?',
      '[{"text":"A","image":null},{"text":"B","image":null},{"text":"C","image":null},{"text":"D","image":null}]'::jsonb,
      '{2}'::smallint[]
    from generate_series(1, ${IN_TOPIC + OTHER}) g`);
  await db.execute(sql`
    insert into topic_question_mappings (topic_id, question_id)
    select case when substr(code, 3)::int <= ${IN_TOPIC}::int then ${big}::int else ${other.json.node.id}::int end, question_id
    from questions where provider_id = ${erp} and code like 'SP%'`);
  for (const table of ['questions', 'topic_question_mappings', 'topics'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  console.log(
    `seeded ${IN_TOPIC} questions in one topic and ${OTHER} in another in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  return big;
}
