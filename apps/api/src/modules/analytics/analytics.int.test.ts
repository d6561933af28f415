import { itemStatistics, type StatResponse } from '@assess/contracts/analytics';
import { commonMessages } from '@assess/contracts/common';
import { testRowMessages } from '@assess/contracts/tests';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClock } from '../../../test/harness';
import { tests } from '../../db/schema';
import { DEMO_ANALYTICS_CODE } from '../../db/seed/demo-analytics';
import { rowsOf } from '../../platform/db/rows';
import { analyticsFixture, as, erpQuickTest } from './analytics.test-support';
import { createAnalyticsRollupRepository } from './analytics-rollup.repository';

// Issue 24: test analytics (part 3 §3, §4 row rules, §6, §7 Analytics) and item statistics, on a test with five
// students whose marks are known (1 right, 0 wrong, null unanswered; 4 questions worth 1 point each).
// now: the builders run the status clock at the app's clock, which must agree with the demo data's windows
const NOW = new Date();
let t: TestApp;
let erp: Awaited<ReturnType<typeof as>>;
let fx: Awaited<ReturnType<typeof analyticsFixture>>;

const students = [
  { name: 'Asha Top', marks: [1, 1, 1, 1], secondsEach: 20 }, // 100 %
  { name: 'Ravi Good', marks: [1, 1, 1, 0], secondsEach: 30 }, // 75 %
  { name: 'Meena Mid', marks: [1, 1, 0, null], secondsEach: 40 }, // 50 %, 3 of 4 answered
  { name: 'Kiran Low', marks: [1, 0, null, null], secondsEach: 50 }, // 25 %
  { name: 'Zoya None', marks: [null, null, null, null] }, // 0 %, nothing answered
] as const;

beforeAll(async () => {
  t = await createTestApp({ clock: testClock(NOW) });
  erp = await as(t, 'erp@example.com');
  fx = await analyticsFixture(t, NOW, {
    questions: 4,
    attempts: [
      ...students.map((s) => ({ ...s, marks: [...s.marks] })),
      // a second attempt of Asha: not counted by default (first attempts)
      { name: 'Kiran Low', marks: [1, 1, 1, 1], attemptNumber: 2 },
    ],
  });
});
afterAll(async () => t?.close());

const base = () => `/api/analytics/tests/${fx.testId}`;

describe('the score distribution and the top five', () => {
  it('counts each student once (first attempt) in the range of its score', async () => {
    const res = await erp.get(`${base()}/chart`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.studentCount).toBe(5);
    const count = (range: string) => body.bars.find((b: { range: string }) => b.range === range).studentCount;
    expect(count('0-10%')).toBe(1);
    expect(count('20-30%')).toBe(1);
    expect(count('50-60%')).toBe(1);
    expect(count('70-80%')).toBe(1);
    expect(count('90-100%')).toBe(1);
    expect(body.bars).toHaveLength(10);
  });

  it('lists the five best first attempts with duration (ms), attempt rate and accuracy rate', async () => {
    const res = await erp.get(`${base()}/top-five`);
    expect(res.statusCode, res.body).toBe(200);
    const top = res.json().students;
    expect(top.map((s: { name: string }) => s.name)).toEqual([
      'Asha Top',
      'Ravi Good',
      'Meena Mid',
      'Kiran Low',
      'Zoya None',
    ]);
    expect(top[0]).toMatchObject({ score: 4, duration: 90_000, attemptRate: 100, accuracyRate: 100 });
    expect(top[2]).toMatchObject({ score: 2, attemptRate: 75 });
    expect(top[2].accuracyRate).toBeCloseTo(200 / 3, 6);
    expect(top[4]).toMatchObject({ score: 0, attemptRate: 0, accuracyRate: null });
  });
});

describe('the content × execution tree', () => {
  type Node = {
    name: string;
    low: number | null;
    average: number | null;
    top: number | null;
    subObjectList: Node[];
  };
  const tree = async (content: number, execution: number) => {
    const res = await erp.get(`${base()}/tree/${content}/${execution}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { analyticsResult: Node[]; objective: string[]; targetAudience: string[] };
  };

  it('score: the whole test node has Low 0, Average 50, Top 100 (% of the points)', async () => {
    const [root] = (await tree(3, 1)).analyticsResult;
    expect(root).toMatchObject({ low: 0, average: 50, top: 100 });
    expect(root.subObjectList.length).toBeGreaterThan(0);
  });

  it('attempt rate and accuracy rate (right ÷ answered; a student who answered nothing has no accuracy)', async () => {
    const [attempt] = (await tree(2, 2)).analyticsResult;
    expect(attempt).toMatchObject({ low: 0, top: 100 });
    expect(attempt.average).toBeCloseTo((100 + 100 + 75 + 50 + 0) / 5, 6);
    const [accuracy] = (await tree(2, 3)).analyticsResult;
    expect(accuracy.low).toBeCloseTo(50, 6);
    expect(accuracy.top).toBe(100);
    expect(accuracy.average).toBeCloseTo((100 + 75 + 200 / 3 + 50) / 4, 6);
  });

  it('duration: seconds spent on the answered questions', async () => {
    const [root] = (await tree(1, 4)).analyticsResult;
    expect(root.top).toBe(120); // Meena: 3 answers 40 s apart
    expect(root.low).toBe(0); // Zoya answered nothing
  });

  it('category subject: the category/topic tree, each node covering the questions under it', async () => {
    const [root] = (await tree(1, 1)).analyticsResult;
    expect(root.subObjectList.length).toBeGreaterThan(0);
    const walk = (n: Node): Node[] => [n, ...n.subObjectList.flatMap(walk)];
    for (const n of walk(root)) {
      if (n.low !== null) expect(n.low).toBeLessThanOrEqual(n.average ?? 0);
      if (n.top !== null) expect(n.top).toBeGreaterThanOrEqual(n.average ?? 0);
    }
  });

  it('an unknown content or execution option is a 400 and nothing else', async () => {
    expect((await erp.get(`${base()}/tree/4/1`)).statusCode).toBe(400);
    expect((await erp.get(`${base()}/tree/1/5`)).statusCode).toBe(400);
    expect((await erp.get(`/api/analytics/tests/99999999999/chart`)).statusCode).toBe(400);
  });
});

describe('item statistics', () => {
  it('gives facility per question and the test statistics over first attempts', async () => {
    const res = await erp.get(`${base()}/item-statistics`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.attempts).toBe('first');
    expect(body.note).toBeNull();
    expect(body.test.attemptCount).toBe(5);
    expect(body.test.mean).toBe(2);
    const first = body.items.find((i: { questionId: number }) => i.questionId === fx.questionIds[0]);
    expect(first.facility).toBeCloseTo(0.8, 10);
    expect(first.code).not.toBe('');
  });

  it('all attempts: six attempts, with the note', async () => {
    const body = (await erp.get(`${base()}/item-statistics?attempts=all`)).json();
    expect(body.test.attemptCount).toBe(6);
    expect(body.note).toMatch(/^All attempts count/);
    expect((await erp.get(`${base()}/item-statistics?attempts=best`)).statusCode).toBe(400);
  });
});

describe('the export', () => {
  it('streams a workbook with the nodes sheet and one row per attempt, one column per question', async () => {
    const res = await erp.get(`${base()}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`TestAnalytics-${fx.testId}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Analytics', 'Attempts']);
    const attemptsSheet = wb.getWorksheet('Attempts');
    expect(attemptsSheet?.rowCount).toBe(1 + 6);
    expect(attemptsSheet?.getRow(1).cellCount).toBe(5 + 4);
    expect(wb.getWorksheet('Analytics')?.rowCount).toBeGreaterThan(12);
  });
});

describe('who may see analytics (§4 row rules, §6)', () => {
  it('a test not in progress (scheduleStatus 4) is refused with the row rule’s reason', async () => {
    const other = await analyticsFixture(t, NOW, {
      questions: 2,
      attempts: [{ name: 'Sched One', marks: [1, 0] }],
      notYetOpen: true,
    });
    const res = await erp.get(`/api/analytics/tests/${other.testId}/chart`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(testRowMessages.onlyInProgress);
  });

  it('another provider’s test is not found; a role without TestAnalytics is refused', async () => {
    const quick = await as(t, 'quick@example.com');
    for (const path of ['chart', 'top-five', 'tree/1/1', 'item-statistics', 'export'])
      expect((await quick.get(`${base()}/${path}`)).statusCode, path).toBe(404);
    const readonly = await as(t, 'readonly@example.com');
    const res = await readonly.get(`${base()}/chart`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain(commonMessages.forbidden);
  });

  it('a quick test needs SimplifiedTestAnalytics: the ERP Super User (TestAnalytics only) is refused', async () => {
    const q = await erpQuickTest(t);
    const res = await erp.get(`/api/analytics/tests/${q.testId}/chart`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(commonMessages.forbidden);
  });
});

describe('the rollup (FEATURES 3.3.17)', () => {
  it('two readers at once, then an attempt closed later: every attempt counted once', async () => {
    const f = await analyticsFixture(t, NOW, {
      questions: 3,
      attempts: [
        { name: 'Roll One', marks: [1, 1, 0] },
        { name: 'Roll Two', marks: [0, 0, 0] },
      ],
    });
    const root = async () => {
      const res = await erp.get(`/api/analytics/tests/${f.testId}/tree/2/1`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().analyticsResult[0];
    };
    const [a, b] = await Promise.all([root(), root()]);
    expect(a).toMatchObject({ studentCount: 2, top: 200 / 3, low: 0 });
    expect(b).toMatchObject({ studentCount: 2 });
    await analyticsFixture(t, NOW, {
      questions: 3,
      attempts: [{ name: 'Roll Late', marks: [1, 1, 1] }],
      into: f,
    });
    const late = await root();
    expect(late).toMatchObject({ studentCount: 3, top: 100, low: 0 });
    expect(await root()).toMatchObject({ studentCount: 3 });
    const rows = await t.deps.db.execute(
      sql`select attempt_id, content, node, count(*)::int as n from analytics_attempt_nodes
          where test_id = ${f.testId} group by 1, 2, 3 having count(*) > 1`,
    );
    expect(rowsOf(rows)).toEqual([]);
    // item statistics' sums: a repeated rollup (twice more, directly) adds nothing; each question counted 3 times
    const rollup = createAnalyticsRollupRepository(t.deps.db);
    await Promise.all([rollup.rollUp(f.testId), rollup.rollUp(f.testId)]);
    const stats = (await erp.get(`/api/analytics/tests/${f.testId}/item-statistics`)).json();
    expect(stats.test.attemptCount).toBe(3);
    expect(stats.items.map((i: { count: number }) => i.count)).toEqual([3, 3, 3]);
    expect(stats.test.mean).toBeCloseTo(5 / 3, 10);
  });

  it('an attempt deleted (Clean Data) is taken out: the test’s sums are rebuilt from the attempts left', async () => {
    const f = await analyticsFixture(t, NOW, {
      questions: 2,
      attempts: [
        { name: 'Gone One', marks: [1, 1] },
        { name: 'Stay Two', marks: [0, 1] },
        { name: 'Stay Three', marks: [0, 0] },
      ],
    });
    const get = async () => (await erp.get(`/api/analytics/tests/${f.testId}/item-statistics`)).json();
    expect((await get()).test.attemptCount).toBe(3);
    await t.deps.db.execute(sql`delete from attempts where attempt_id = ${f.attemptIds[0]}`);
    const after = await get();
    expect(after.test).toMatchObject({ attemptCount: 2, mean: 0.5 });
    expect(after.items.map((i: { facility: number }) => i.facility)).toEqual([0, 0.5]);
    const [root] = (await erp.get(`/api/analytics/tests/${f.testId}/tree/2/1`)).json().analyticsResult;
    expect(root).toMatchObject({ studentCount: 2, top: 50, low: 0 });
  });

  it('marks changed after the rollup (re-scored, or stored after the close was claimed) are counted anew', async () => {
    const f = await analyticsFixture(t, NOW, {
      questions: 2,
      attempts: [
        { name: 'Rescored One', marks: [0, 0] },
        { name: 'Rescored Two', marks: [1, 0] },
      ],
    });
    const get = async () => (await erp.get(`/api/analytics/tests/${f.testId}/item-statistics`)).json();
    const root = async () =>
      (await erp.get(`/api/analytics/tests/${f.testId}/tree/2/1`)).json().analyticsResult[0];
    expect((await get()).items.map((i: { facility: number }) => i.facility)).toEqual([0.5, 0]);
    expect(await root()).toMatchObject({ studentCount: 2, top: 50, low: 0 });
    const claimed = async () =>
      rowsOf<{ n: number }>(
        await t.deps.db.execute(
          sql`select count(*)::int as n from analytics_attempts where test_id = ${f.testId}`,
        ),
      )[0].n;
    // an update that changes no mark keeps the claims
    await t.deps.db.execute(
      sql`update attempt_marks set marks = marks where attempt_id = ${f.attemptIds[0]}`,
    );
    expect(await claimed()).toBe(2);
    // the first student's two questions re-scored right
    await t.deps.db.execute(
      sql`update attempt_marks set marks = points, outcome = 1 where attempt_id = ${f.attemptIds[0]}`,
    );
    const after = await get();
    expect(after.items.map((i: { facility: number }) => i.facility)).toEqual([1, 0.5]);
    expect(after.test).toMatchObject({ attemptCount: 2, mean: 1.5 });
    expect(await root()).toMatchObject({ studentCount: 2, top: 100, low: 50 });
    expect(await claimed()).toBe(2);
  });
});

describe('item statistics from the rollup equal item statistics of the attempts themselves', () => {
  it('on the demo test, first attempts and all attempts', async () => {
    const [row] = await t.deps.db
      .select({ id: tests.testId })
      .from(tests)
      .where(eq(tests.code, DEMO_ANALYTICS_CODE));
    for (const which of ['first', 'all'] as const) {
      // each read counts at most READ_BUDGET closed attempts itself (the background job is off here): read until
      // none is left to count
      let api = (await erp.get(`/api/analytics/tests/${row.id}/item-statistics?attempts=${which}`)).json();
      for (let reads = 1; api.countingAttempts && reads < 20; reads++)
        api = (await erp.get(`/api/analytics/tests/${row.id}/item-statistics?attempts=${which}`)).json();
      expect(api.countingAttempts ?? 0).toBe(0);
      const marks = rowsOf<{
        a: number;
        q: number;
        v: number;
        mark: number;
        max: number;
        ch: number[] | null;
        n: number;
      }>(
        await t.deps.db.execute(sql`
          select m.attempt_id as a, m.question_id as q, m.version_id as v, m.marks::float8 as mark,
            m.points::float8 as max, x.choice_ids::int[] as ch,
            coalesce(jsonb_array_length(qv.snapshot->'choices'), 0)::int as n
          from attempts a join attempt_marks m on m.attempt_id = a.attempt_id
          join question_versions qv on qv.version_id = m.version_id
          left join attempt_answers x on x.attempt_id = m.attempt_id and x.question_id = m.question_id
          where a.test_id = ${row.id} and a.status in (2, 3) and m.outcome <> 4
            and (${which === 'all'} or not exists (select 1 from attempts b where b.test_id = a.test_id
              and b.user_id = a.user_id and b.status in (2, 3) and b.attempt_number < a.attempt_number))
          order by m.attempt_id, m.question_id`),
      );
      const byAttempt = new Map<number, StatResponse[]>();
      for (const r of marks)
        byAttempt.set(r.a, [
          ...(byAttempt.get(r.a) ?? []),
          { item: `${r.q}:${r.v}`, mark: r.mark, maxMark: r.max, choices: r.ch ?? [], choiceCount: r.n },
        ]);
      const raw = itemStatistics([...byAttempt.values()].map((responses) => ({ responses })));
      expect(api.test.attemptCount).toBe(raw.test.attemptCount);
      for (const k of ['mean', 'median', 'sd', 'skewness', 'kurtosis', 'alpha', 'sem'] as const)
        expect(api.test[k], k).toBeCloseTo(raw.test[k] ?? Number.NaN, 9);
      expect(api.items).toHaveLength(raw.items.length);
      for (const it of raw.items) {
        const got = api.items.find(
          (x: { questionId: number; versionId: number }) => `${x.questionId}:${x.versionId}` === it.item,
        );
        for (const k of [
          'count',
          'facility',
          'sd',
          'discriminationIndex',
          'discriminativeEfficiency',
          'upperLowerIndex',
          'pointBiserial',
          'effectiveWeight',
        ] as const)
          if (it[k] === null) expect(got[k], k).toBeNull();
          else expect(got[k], `${it.item} ${k}`).toBeCloseTo(it[k], 9);
        it.options.forEach((o, i) => {
          expect(got.options[i].share).toBeCloseTo(o.share, 12);
          if (o.pointBiserial !== null) expect(got.options[i].pointBiserial).toBeCloseTo(o.pointBiserial, 9);
        });
      }
    }
  });
});

describe('the demo data (README): Demo Analytics Test', () => {
  it('has at least 60 first attempts, a question nobody gets wrong and one flagged for negative discrimination', async () => {
    const [row] = await t.deps.db
      .select({ id: tests.testId })
      .from(tests)
      .where(eq(tests.code, DEMO_ANALYTICS_CODE));
    const chart = (await erp.get(`/api/analytics/tests/${row.id}/chart`)).json();
    expect(chart.studentCount).toBeGreaterThanOrEqual(60);
    expect(
      chart.bars.filter((b: { studentCount: number }) => b.studentCount > 0).length,
    ).toBeGreaterThanOrEqual(4);
    const stats = (await erp.get(`/api/analytics/tests/${row.id}/item-statistics`)).json();
    type Item = { facility: number; flags: { kind: string }[] };
    expect(stats.items.some((i: Item) => i.facility === 1)).toBe(true);
    expect(stats.items.some((i: Item) => i.flags.some((f) => f.kind === 'negativeDiscrimination'))).toBe(
      true,
    );
    expect(stats.test.alpha).toBeGreaterThan(0.3);
  });
});
