import { LEARNER_STALE_MS } from '@assess/contracts/learner';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateLearner, learnerKeys, learnerQueries } from './api';

const all = [
  learnerQueries.dashboard(),
  learnerQueries.tests(),
  learnerQueries.series(),
  learnerQueries.seriesTests(5),
  learnerQueries.attempts(7),
];

describe('learner queries (part 3 §9)', () => {
  it('lists and counts go stale after 300,000 ms, all under one key', () => {
    expect(LEARNER_STALE_MS).toBe(300_000);
    for (const q of all) {
      expect(q.staleTime).toBe(300_000);
      expect(q.queryKey[0]).toBe(learnerKeys.all[0]);
    }
  });

  it('after an attempt every learner query is stale, but even a mounted one is not fetched behind the player', async () => {
    const qc = new QueryClient();
    for (const q of all) qc.setQueryData(q.queryKey, [] as never);
    // a page still mounted (an active observer) with its own counting fetcher
    let fetches = 0;
    const observer = new QueryObserver(qc, {
      queryKey: learnerKeys.tests,
      queryFn: async () => ++fetches,
      staleTime: LEARNER_STALE_MS,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await invalidateLearner(qc);
    for (const q of all) expect(qc.getQueryState(q.queryKey)?.isInvalidated).toBe(true);
    expect(fetches).toBe(0);
    // coming back: a stale query fetches on mount
    await observer.refetch();
    expect(fetches).toBe(1);
    unsubscribe();
    qc.setQueryData(['other'], 1);
    expect(qc.getQueryState(['other'])?.isInvalidated).toBe(false);
  });
});
