import { CONFIGURATION_CACHE_MS } from '@assess/contracts/configuration';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { configurationKeys, configurationQueries } from './api';

const all = [
  configurationQueries.values('City', false),
  configurationQueries.values('Interest', true),
  configurationQueries.lists(),
];

describe('configuration queries (part 1 §9)', () => {
  it('configuration data is cached for 5 minutes (300,000 ms), all under one key', () => {
    expect(CONFIGURATION_CACHE_MS).toBe(300_000);
    for (const q of all) {
      expect(q.staleTime).toBe(300_000);
      expect(q.gcTime).toBe(300_000);
      expect(q.queryKey[0]).toBe(configurationKeys.all[0]);
    }
  });

  it('a cached list is fresh for 5 minutes and stale after', () => {
    const qc = new QueryClient();
    const q = configurationQueries.lists();
    qc.setQueryData(q.queryKey, { values: {} } as never, { updatedAt: Date.now() - 299_000 });
    expect(
      qc
        .getQueryCache()
        .find({ queryKey: q.queryKey })
        ?.isStaleByTime(q.staleTime as number),
    ).toBe(false);
    qc.setQueryData(q.queryKey, { values: {} } as never, { updatedAt: Date.now() - 301_000 });
    expect(
      qc
        .getQueryCache()
        .find({ queryKey: q.queryKey })
        ?.isStaleByTime(q.staleTime as number),
    ).toBe(true);
  });
});
