/**
 * Student export (issue 5): StudentList.xlsx of 200,000 active students of one provider, streamed over
 * HTTP; reports time, size and the process's peak RSS (server and the discarding client share the process)
 * against the RSS before the request. Run: npx tsx bench/student-export.bench.ts (BENCH_EXPORT_ROWS overrides).
 */
import { download, startBenchServer } from './lib';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 200_000);

const server = await startBenchServer();
try {
  const sql = server.deps.handle.sql;
  const [{ provider_id: providerId }] = (
    await sql.executeSql("select provider_id from users where user_name = 'erp@example.com'")
  ).rows as { provider_id: number }[];
  const t0 = performance.now();
  await sql.executeSql(
    `insert into users (provider_id, user_type_id, user_name, email, mobile, full_name, password_hash, is_active)
     select $1, 4, 'export' || g || '@bench.test', 'export' || g || '@bench.test', (6200000000 + g)::text,
            'Export Student ' || g, 'x', true
     from generate_series(1, $2) g`,
    [providerId, ROWS],
  );
  await sql.executeSql(
    `with ids as (select user_id from users where user_name like 'export%@bench.test'),
          v as (select (array_agg(id) filter (where key = 'State'))[1] as st, (array_agg(id) filter (where key = 'City'))[1] as ct,
                       (array_agg(id) filter (where key = 'Class'))[1] as cls, (array_agg(id) filter (where key = 'EducationBoard'))[1] as brd
                from configuration_values where provider_id = $1)
     , p as (insert into student_profiles (user_id, provider_id, gender, state, city, father_mobile, father_email)
             select ids.user_id, $1, 1, v.st, v.ct, '9000000000', 'parent@bench.test' from ids, v returning user_id)
     insert into student_education (user_id, class, board) select ids.user_id, v.cls, v.brd from ids, v`,
    [providerId],
  );
  await sql.executeSql('analyze');
  console.log(`seeded ${ROWS} students in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const cookie = await server.signIn('erp@example.com');
  await download(`${server.base}/api/students/export?status=1`, cookie, {
    what: `${ROWS} rows`,
    extra: (seconds) => `${Math.round(ROWS / seconds)} rows/s`,
  });
} finally {
  await server.close();
}
