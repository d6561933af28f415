import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClock } from '../../../test/harness';
import { waitFor } from '../../../test/wait';
import { rowsOf } from '../../platform/db/rows';
import { analyticsFixture, as } from './analytics.test-support';
import { READ_BUDGET } from './analytics-rollup.service';
import { analyticsRollupJob } from './jobs';

// Issue 24 (FEATURES 3.7.16): closed attempts are rolled up in the background (job analytics.rollup) from the
// backlog the attempts' triggers fill (migration 0023); a read rolls up at most READ_BUDGET attempts itself and
// says how many are still being counted. A rollup racing another, or run twice, never counts an attempt twice.
const NOW = new Date();
let t: TestApp;
let erp: Awaited<ReturnType<typeof as>>;

beforeAll(async () => {
  t = await createTestApp({ clock: testClock(NOW) });
  erp = await as(t, 'erp@example.com');
});
afterAll(async () => t?.close());

const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.deps.db.execute(q))[0];
const counts = (testId: number) =>
  one<{ claimed: number; pending: number; counted: number; dupes: number }>(sql`
    select (select count(*) from analytics_attempts where test_id = ${testId})::int as claimed,
      (select count(*) from analytics_pending where test_id = ${testId})::int as pending,
      coalesce((select attempts from analytics_tests where test_id = ${testId}), 0)::int as counted,
      (select count(*) from (select attempt_id, content, node from analytics_attempt_nodes
        where test_id = ${testId} group by 1, 2, 3 having count(*) > 1) d)::int as dupes`);
/** The difficulty tree's root (score): studentCount, Low, Top as the sums hold them, without a read's rollup. */
const summary = (testId: number) =>
  one<{ students: number; low: number; top: number; sum: number }>(sql`
    select count as students, low, top, sum from analytics_test_nodes
    where test_id = ${testId} and content = 2 and node = '' and measure = 1`);
const tree = async (testId: number) => {
  const res = await erp.get(`/api/analytics/tests/${testId}/tree/2/1`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { countingAttempts?: number; analyticsResult: { studentCount: number }[] };
};

describe('the background rollup (job analytics.rollup)', () => {
  it('rolls up attempts as they close, so a read finds nothing left to count', async () => {
    const f = await analyticsFixture(t, NOW, {
      questions: 2,
      attempts: [
        { name: 'Back One', marks: [1, 1] },
        { name: 'Back Two', marks: [1, 0] },
        { name: 'Back Three', marks: [0, null] },
      ],
    });
    // the closes put the attempts on the backlog; nothing is rolled up yet
    expect(await counts(f.testId)).toMatchObject({ pending: 3, claimed: 0 });
    await t.deps.jobs.startWorkers({ pollingIntervalSeconds: 0.5 });
    await t.deps.jobs.send(analyticsRollupJob.queue, {});
    await waitFor(async () => (await counts(f.testId)).counted === 3, 15_000);
    expect(await counts(f.testId)).toEqual({ claimed: 3, pending: 0, counted: 3, dupes: 0 });
    expect(await summary(f.testId)).toEqual({ students: 3, low: 0, top: 100, sum: 150 });
    const read = await tree(f.testId);
    expect(read.countingAttempts).toBe(0);
    expect(read.analyticsResult[0]).toMatchObject({ studentCount: 3, low: 0, top: 100, average: 50 });
  });

  it('racing reads and itself, or run twice, never counts an attempt twice', async () => {
    const f = await analyticsFixture(t, NOW, {
      questions: 2,
      attempts: [
        { name: 'Race One', marks: [1, 1] },
        { name: 'Race Two', marks: [0, 1] },
      ],
    });
    const { rollup } = t.deps.modules.analytics;
    await Promise.all([rollup.catchUp(), tree(f.testId), rollup.catchUp(), tree(f.testId)]);
    expect(await counts(f.testId)).toEqual({ claimed: 2, pending: 0, counted: 2, dupes: 0 });
    expect(await summary(f.testId)).toEqual({ students: 2, low: 50, top: 100, sum: 150 });
    // a late close: the job twice at once, then again
    await analyticsFixture(t, NOW, {
      questions: 2,
      attempts: [{ name: 'Race Late', marks: [0, 0] }],
      into: f,
    });
    expect((await counts(f.testId)).pending).toBe(1);
    await Promise.all([rollup.catchUp(), rollup.catchUp()]);
    await rollup.catchUp();
    expect(await counts(f.testId)).toEqual({ claimed: 3, pending: 0, counted: 3, dupes: 0 });
    expect(await summary(f.testId)).toEqual({ students: 3, low: 0, top: 100, sum: 150 });
    const stats = (await erp.get(`/api/analytics/tests/${f.testId}/item-statistics`)).json();
    expect(stats.test.attemptCount).toBe(3);
    expect(stats.items.map((i: { count: number }) => i.count)).toEqual([3, 3]);
  });
});

describe('a backlog larger than a read’s budget', () => {
  it('the read counts READ_BUDGET attempts, answers from them and says how many are still being counted', async () => {
    const f = await analyticsFixture(t, NOW, {
      questions: 2,
      attempts: [{ name: 'Bulk Template', marks: [1, 0] }],
    });
    const extra = READ_BUDGET + 40;
    // `extra` more closed attempts of the test, each a copy of the template's marks (as an exam's end leaves them)
    await t.deps.db.execute(sql`
      with u as (
        insert into users (provider_id, user_type_id, user_name, full_name, password_hash, is_active)
        select t.provider_id, 4, 'bulk' || g || '-' || t.test_id || '@rollup.test', 'Bulk ' || g, 'x', true
        from tests t cross join generate_series(1, ${extra}) g where t.test_id = ${f.testId}
        returning user_id, provider_id),
      a as (
        insert into attempts (test_id, user_id, provider_id, attempt_number, status, started_at, deadline,
          submitted_at, seed, sections, total_score, actual_score)
        select ${f.testId}, u.user_id, u.provider_id, 1, 2, x.started_at, x.deadline, x.submitted_at, x.seed,
          x.sections, x.total_score, x.actual_score
        from u cross join attempts x where x.attempt_id = ${f.attemptIds[0]}
        returning attempt_id)
      insert into attempt_marks (attempt_id, question_id, pool_id, version_id, marks, points, outcome)
      select a.attempt_id, m.question_id, m.pool_id, m.version_id, m.marks, m.points, m.outcome
      from a cross join attempt_marks m where m.attempt_id = ${f.attemptIds[0]}`);
    const total = extra + 1;
    expect((await counts(f.testId)).pending).toBe(total);
    const first = await tree(f.testId);
    expect(first.countingAttempts).toBe(total - READ_BUDGET);
    expect(first.analyticsResult[0].studentCount).toBe(READ_BUDGET);
    expect(await counts(f.testId)).toMatchObject({ claimed: READ_BUDGET, pending: total - READ_BUDGET });
    // the background takes the rest; the next read counts everything
    await t.deps.modules.analytics.rollup.catchUp();
    const next = await tree(f.testId);
    expect(next.countingAttempts).toBe(0);
    expect(next.analyticsResult[0]).toMatchObject({ studentCount: total, low: 50, top: 50 });
    expect(await counts(f.testId)).toEqual({ claimed: total, pending: 0, counted: total, dupes: 0 });
  });
});
