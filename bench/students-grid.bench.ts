import { sql } from 'drizzle-orm';
import { startBenchServer } from './lib';

/**
 * Students grid (issue 5): GET /api/students pages of one provider with 200,000 students among 1,000,000
 * students in total, both filters (active / pending) and totalCount, p50/p95 over sequential requests on
 * the loopback (client-observed time: an upper bound of the server time). Target: p95 < 100 ms.
 *
 *   npx tsx bench/students-grid.bench.ts
 *   BENCH_REQUESTS=600 BENCH_DATABASE_URL=postgres://... npx tsx bench/students-grid.bench.ts
 */
const TOTAL = Number(process.env.BENCH_STUDENTS ?? 1_000_000);
const OWN = Number(process.env.BENCH_OWN_STUDENTS ?? 200_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);

const server = await startBenchServer();
const db = server.deps.db;
const rows = async <T>(q: ReturnType<typeof sql>) => (await db.execute(q)) as unknown as { rows: T[] };
try {
  const [{ erp }] = (
    await rows<{ erp: number }>(sql`select provider_id as erp from providers where provider_key = 'demo-erp'`)
  ).rows;
  const others = (
    await rows<{ id: number }>(
      sql`select provider_id as id from providers where provider_key <> 'demo-erp' and provider_id <> 0`,
    )
  ).rows.map((r) => r.id);
  const t0 = Date.now();
  // students 1..TOTAL: the first OWN belong to the ERP provider, the rest are spread over the other providers;
  // every tenth is pending. Profiles and education rows point at the ERP configuration values.
  await db.execute(sql`
    insert into users (provider_id, user_type_id, user_name, email, mobile, full_name, password_hash, is_active)
    select case when g <= ${OWN} then ${erp} else (${sql.raw(`array[${others.join(',')}]`)})[1 + g % ${others.length}] end,
           4, 'bench' || g || '@example.com', 'bench' || g || '@example.com', (6000000000 + g)::text,
           'Bench Student ' || g, 'x', g % 10 <> 0
    from generate_series(1, ${TOTAL}) g`);
  await db.execute(sql`
    with cv as (select key, array_agg(id order by id) ids from configuration_values where provider_id = ${erp} group by key)
    insert into student_profiles (user_id, provider_id, gender, state, city, father_mobile, father_email)
    select u.user_id, u.provider_id, 1 + u.user_id % 3,
           (select ids[1 + u.user_id % array_length(ids, 1)] from cv where key = 'State'),
           (select ids[1 + u.user_id % array_length(ids, 1)] from cv where key = 'City'),
           (7000000000 + u.user_id)::text, 'parent' || u.user_id || '@example.com'
    from users u where u.user_name like 'bench%'`);
  await db.execute(sql`
    with cv as (select key, array_agg(id order by id) ids from configuration_values where provider_id = ${erp} group by key)
    insert into student_education (user_id, language, board, class)
    select u.user_id,
           (select ids[1] from cv where key = 'Language'),
           (select ids[1 + u.user_id % array_length(ids, 1)] from cv where key = 'EducationBoard'),
           (select ids[1 + u.user_id % array_length(ids, 1)] from cv where key = 'Class')
    from users u where u.user_name like 'bench%'`);
  await db.execute(sql`vacuum analyze users`);
  await db.execute(sql`vacuum analyze student_profiles`);
  await db.execute(sql`vacuum analyze student_education`);
  console.log(
    `seeded ${TOTAL} students (${OWN} of the ERP provider) in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );

  const cookie = await server.signIn('erp@example.com');
  const sizes = [10, 30, 50, 70, 100];
  const get = async (q: string) => {
    const start = performance.now();
    const res = await fetch(`${server.base}/api/students?${q}`, { headers: { cookie } });
    const body = (await res.json()) as { totalCount: number; items: unknown[] };
    if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - start, body };
  };
  const first = await get('pageNumber=1&pageSize=10&status=1');
  const pending = await get('pageNumber=1&pageSize=10&status=2');
  console.log(`totalCount active ${first.body.totalCount}, pending ${pending.body.totalCount}`);
  for (let i = 0; i < 20; i++) await get(`pageNumber=${1 + i}&pageSize=10&status=${1 + (i % 2)}`); // warm-up
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const status = i % 2 === 0 ? '1' : '2';
    const pageSize = sizes[i % sizes.length];
    const total = status === '1' ? first.body.totalCount : pending.body.totalCount;
    const pages = Math.max(1, Math.ceil(total / pageSize));
    // mostly the first pages (what people browse), every tenth request a random page anywhere, incl. the last
    const page = i % 10 === 9 ? 1 + Math.floor(Math.random() * pages) : 1 + (i % 20);
    times.push((await get(`pageNumber=${page}&pageSize=${pageSize}&status=${status}`)).ms);
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) =>
    times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
  console.log(
    `GET /api/students (${REQUESTS} sequential requests, both filters, sizes 10-100, with totalCount): p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms, max ${times[times.length - 1].toFixed(1)} ms`,
  );
} finally {
  await server.close();
}
