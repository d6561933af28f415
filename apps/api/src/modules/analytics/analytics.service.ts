import { hasPrivilege } from '@assess/contracts/access';
import {
  type AnalyticsAttempts,
  type AnalyticsNode,
  allAttemptsNote,
  alphaBand,
  analyticsExecutionLabels,
  type ChartAnalytics,
  type ItemStatisticsReport,
  itemFlags,
  itemStatisticsFromRollup,
  type StatRollup,
  semUses,
  type TopStudent,
  type TreeAnalytics,
} from '@assess/contracts/analytics';
import { difficultyNames, questionTypeNames } from '@assess/contracts/questions';
import { testRowMessages } from '@assess/contracts/tests';
import type { Principal } from '../../platform/auth/principal';
import { forbidden, notFound } from '../../platform/http/errors';
import type { AnalyticsRepository, AnalyticsTest, Measure, NodeRow } from './analytics.repository';
import type { AnalyticsRollupService } from './analytics-rollup.service';

export type AnalyticsCaller = Pick<Principal, 'providerId' | 'privileges'>;

const measures: Record<number, Measure> = { 1: 'score', 2: 'attemptRate', 3: 'accuracyRate', 4: 'duration' };

/** The ten ranges of the score distribution, in % of the attempt's points. */
export const scoreRanges = Array.from({ length: 10 }, (_, i) => ({
  range: `${i * 10}-${i * 10 + 10}%`,
  from: i * 10,
  to: i * 10 + 10,
}));

/**
 * Test analytics (part 3 §3, §7 Analytics) and item statistics (issue 24). Every read first checks the test:
 * the caller's provider owns it (another provider's test is not found), the caller holds TestAnalytics (a
 * quick test: SimplifiedTestAnalytics) and the test is in progress (§4: scheduleStatus 5), as the console's
 * row rules grey the button.
 */
export function createAnalyticsService(deps: {
  analytics: AnalyticsRepository;
  rollup: Pick<AnalyticsRollupService, 'forRead'>;
}) {
  const { analytics, rollup } = deps;

  async function allowedTest(c: AnalyticsCaller, testId: number): Promise<AnalyticsTest> {
    const test = await analytics.test(testId);
    if (!test || test.providerId !== c.providerId) throw notFound();
    const allowed =
      test.testType === 1
        ? hasPrivilege(c, 'SimplifiedTest', 'SimplifiedTestAnalytics')
        : hasPrivilege(c, 'Test', 'TestAnalytics');
    if (!allowed) throw forbidden();
    if (test.scheduleStatus !== 5) throw forbidden(testRowMessages.onlyInProgress);
    return test;
  }

  /** Nests the flat node rows: '' is the test; a path node hangs under its longest proper prefix. */
  function tree(
    test: AnalyticsTest,
    content: 1 | 2 | 3,
    execution: number,
    rows: NodeRow[],
  ): AnalyticsNode[] {
    const label = analyticsExecutionLabels[execution as 1];
    const named = (r: NodeRow): string => {
      if (content === 2) return difficultyNames[Number(r.node) as 1] ?? `Level ${r.node}`;
      if (content === 3) return questionTypeNames[Number(r.node) as 1] ?? `Type ${r.node}`;
      return r.name;
    };
    const toNode = (r: NodeRow, name: string): AnalyticsNode => ({
      guid: `${content}:${r.node || 'test'}`,
      name,
      label,
      low: r.low,
      average: r.average,
      top: r.top,
      studentCount: r.studentCount,
      questionCount: r.questionCount,
      subObjectList: [],
    });
    const rootRow = rows.find((r) => r.node === '');
    if (!rootRow) return [];
    const root = toNode(rootRow, test.name);
    const byKey = new Map<string, AnalyticsNode>();
    const parentOf = (key: string) => {
      const [pid, path] = key.split(':');
      const parts = path.split('/').filter(Boolean);
      for (let i = parts.length - 1; i > 0; i--) {
        const parent = `${pid}:${parts.slice(0, i).join('/')}/`;
        if (byKey.has(parent)) return byKey.get(parent);
      }
      return root;
    };
    // paths sort parents before children
    for (const r of rows.filter((x) => x.node !== '').sort((a, b) => a.node.localeCompare(b.node))) {
      const node = toNode(r, named(r));
      byKey.set(r.node, node);
      (content === 1 ? (parentOf(r.node) ?? root) : root).subObjectList.push(node);
    }
    return [root];
  }

  return {
    allowedTest,

    async chart(c: AnalyticsCaller, testId: number): Promise<ChartAnalytics> {
      const test = await allowedTest(c, testId);
      const counts = new Map((await analytics.chart(testId)).map((r) => [r.bucket, r.students]));
      const bars = scoreRanges.map((r, i) => ({ ...r, studentCount: counts.get(i) ?? 0 }));
      return { testName: test.name, studentCount: bars.reduce((s, b) => s + b.studentCount, 0), bars };
    },

    async topFive(c: AnalyticsCaller, testId: number): Promise<{ students: TopStudent[] }> {
      await allowedTest(c, testId);
      return { students: await analytics.topFive(testId) };
    },

    async tree(
      c: AnalyticsCaller,
      testId: number,
      content: 1 | 2 | 3,
      execution: 1 | 2 | 3 | 4,
    ): Promise<TreeAnalytics> {
      const test = await allowedTest(c, testId);
      const { counting } = await rollup.forRead(testId);
      const rows = await analytics.nodes(testId, content, measures[execution]);
      return {
        objective: test.objective,
        targetAudience: test.targetAudience,
        content,
        execution,
        analyticsResult: tree(test, content, execution, rows),
        countingAttempts: counting,
      };
    },

    /** Every node of every content option with all four measures (the export's first sheet). */
    async allNodes(testId: number, test: AnalyticsTest) {
      const out: { content: number; execution: number; path: string[]; node: AnalyticsNode }[] = [];
      // the export counts every closed attempt (its per-attempt sheet lists them all): no read budget
      await rollup.forRead(testId, Number.POSITIVE_INFINITY);
      for (const content of [1, 2, 3] as const)
        for (const execution of [1, 2, 3, 4] as const) {
          const walk = (n: AnalyticsNode, path: string[]) => {
            out.push({ content, execution, path: [...path, n.name], node: n });
            for (const child of n.subObjectList) walk(child, [...path, n.name]);
          };
          const rows = await analytics.nodes(testId, content, measures[execution]);
          for (const n of tree(test, content, execution, rows)) walk(n, []);
        }
      return out;
    },

    async itemStatistics(
      c: AnalyticsCaller,
      testId: number,
      which: AnalyticsAttempts,
    ): Promise<ItemStatisticsReport> {
      await allowedTest(c, testId);
      const { counting } = await rollup.forRead(testId);
      const sums = await analytics.itemRollup(testId, which);
      const keyOf = (r: { questionId: number; versionId: number }) => `${r.questionId}:${r.versionId}`;
      const versionIds = [...new Set(sums.items.map((r) => r.versionId))];
      const versions = new Map((await analytics.versions(versionIds)).map((v) => [v.versionId, v]));
      const items = new Map<string, StatRollup['items'][number]>(
        sums.items.map((x) => [
          keyOf(x),
          {
            item: keyOf(x),
            maxMark: x.points,
            choiceCount: Math.min(versions.get(x.versionId)?.choiceCount ?? 0, 30),
            cells: x.totals.map((total, i) => ({ total, mark: x.marks[i], count: x.counts[i] })),
            options: [],
          },
        ]),
      );
      for (const o of sums.choices) items.get(keyOf(o))?.options.push(o);
      const result = itemStatisticsFromRollup({ totals: sums.totals, items: [...items.values()] });
      return {
        attempts: which,
        countingAttempts: counting,
        note: which === 'all' ? allAttemptsNote : null,
        alphaHint: alphaBand(result.test.alpha),
        semUses,
        test: result.test,
        items: result.items.map((it) => {
          const [questionId, versionId] = it.item.split(':').map(Number);
          const v = versions.get(versionId);
          const correct = v?.correct ?? [];
          return {
            ...it,
            questionId,
            versionId,
            code: v?.code ?? '',
            questionType: v?.questionType ?? 0,
            options: it.options.map((o) => ({ ...o, correct: correct.includes(o.choice) })),
            flags: itemFlags(it, correct),
          };
        }),
      };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
