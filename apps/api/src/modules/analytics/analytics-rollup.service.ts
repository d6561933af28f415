import type { AnalyticsRollupRepository } from './analytics-rollup.repository';

/**
 * How many attempts a read rolls up itself before it answers (FEATURES 3.7.16): on an idle 2-core machine with
 * 100 questions a test, 100 attempts made the first tree read 409 ms and the item statistics 476 ms (bench/README
 * "Test analytics"), over the tree's 300 ms; 50 keep a read within it. A larger backlog is left to the background
 * rollup (woken); the read answers from what is rolled up and says how many closed attempts are still being
 * counted.
 */
export const READ_BUDGET = 50;

/**
 * The rollup's two callers (analytics-rollup.repository.ts does the work, a batch per transaction under the
 * test's lock): a read, which rolls up at most READ_BUDGET attempts of its test and then answers; and the
 * background job (analytics.rollup, jobs.ts), which works through every test on the backlog until it is empty.
 * Both claim through the same statement, so the two racing, or two processes, never count an attempt twice.
 */
export function createAnalyticsRollupService(deps: {
  rollup: Pick<AnalyticsRollupRepository, 'rollUp' | 'backlogTests'>;
  /** Asks for the background rollup now (a read left attempts to it). */
  wake: () => void;
}) {
  const { rollup } = deps;
  return {
    /**
     * A read's rollup: at most `budget` (READ_BUDGET) attempts, all with `budget` Infinity (the export); what
     * is left goes to the background. Answers how many closed attempts the sums do not count yet.
     */
    async forRead(testId: number, budget = READ_BUDGET): Promise<{ counting: number }> {
      const r = await rollup.rollUp(testId, budget);
      if (r.left > 0) deps.wake();
      return { counting: r.left };
    },

    /**
     * The background rollup: every test on the backlog (the most waiting first), until the backlog is empty.
     * Answers how many tests and attempts it rolled up.
     */
    async catchUp(): Promise<{ tests: number; attempts: number }> {
      let tests = 0;
      let attempts = 0;
      const done = new Set<number>();
      for (;;) {
        const round = (await rollup.backlogTests(100)).filter((t) => !done.has(t.testId));
        if (!round.length) return { tests, attempts };
        for (const { testId } of round) {
          const r = await rollup.rollUp(testId);
          // a test whose backlog rows claim nothing (attempts gone or claimed) is not tried again in this run
          if (r.rolled === 0) done.add(testId);
          else tests += 1;
          attempts += r.rolled;
        }
      }
    },
  };
}
export type AnalyticsRollupService = ReturnType<typeof createAnalyticsRollupService>;
