import { sql } from 'drizzle-orm';
import { createScheduleClockRepository } from '../apps/api/src/modules/scheduling/schedule-clock.repository';
import { startBenchServer } from './lib';

/**
 * The status clock (issue 14) on PostgreSQL: BENCH_SCHEDULED (100,000) scheduled tests of the demo ERP provider,
 * a tenth of them reaching their start per step. Measures one run of the set-based UPDATE (the pg-boss cron's
 * handler) when 10,000 rows move, and an idle run (nothing due), which every minute pays, with every schedule
 * live and with every schedule completed (the partial index of migration 0007 leaves those out).
 *
 *   npx tsx bench/schedule-clock.bench.ts
 */
const TOTAL = Number(process.env.BENCH_SCHEDULED ?? 100_000);
const server = await startBenchServer();
const db = server.deps.db;
const H = 3_600_000;

try {
  const erp = await server.demoErp();
  const base = new Date('2030-01-01T00:00:00Z');
  const t0 = performance.now();
  await db.execute(sql`
    insert into tests (provider_id, code, name, status, is_active, assign_date, schedule_date, schedule_end_date)
    select ${erp}, 'SC' || g, 'Clock bench ' || g, 3, true,
      ${base.toISOString()}::timestamptz,
      ${base.toISOString()}::timestamptz + ((g % 10) + 1) * interval '1 hour',
      ${base.toISOString()}::timestamptz + ((g % 10) + 1) * interval '1 hour' + interval '30 minutes'
    from generate_series(1, ${TOTAL}) g`);
  await db.execute(sql`analyze tests`);
  console.log(`seeded ${TOTAL} scheduled tests in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const clock = createScheduleClockRepository(db);
  const run = async (label: string, at: Date) => {
    const s = performance.now();
    const moved = await clock.advance(at);
    console.log(`${label}: ${moved.tests.length} tests moved in ${(performance.now() - s).toFixed(1)} ms`);
  };
  await run('assignment (all become Scheduled)', new Date(base.getTime() + 1));
  await run('idle run (nothing due)', new Date(base.getTime() + 2));
  await run('a tenth start (In Progress)', new Date(base.getTime() + H));
  await run('idle run (nothing due)', new Date(base.getTime() + H + 1));
  await run('a tenth end, a tenth start', new Date(base.getTime() + 2 * H - 1 + 30 * 60_000));
  await run('all complete', new Date(base.getTime() + 12 * H));
  await db.execute(sql`analyze tests`);
  await run('idle run, every schedule completed (partial index)', new Date(base.getTime() + 12 * H + 1));
} finally {
  await server.close();
}
