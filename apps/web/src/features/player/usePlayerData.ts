import { clockOffsetMs, learnerEndpoints } from '@assess/contracts/learner';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

export const playerKeys = {
  attempt: (attemptId: number) => ['learner', 'attempt', attemptId] as const,
  result: (attemptId: number) => ['learner', 'attempt', attemptId, 'result'] as const,
};

/**
 * The attempt as the server holds it, with the browser's clock offset measured on this very answer. Read once
 * per visit (a reload, another device): never refetched behind the player's back.
 */
export function useAttemptState(attemptId: number) {
  return useQuery({
    queryKey: playerKeys.attempt(attemptId),
    queryFn: async () => {
      const sentAt = Date.now();
      const state = await call(learnerEndpoints.attempt, { params: { attemptId } });
      return { state, offsetMs: clockOffsetMs(state.serverNow, Date.now(), sentAt) };
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
}

/** A closed attempt's result. */
export function useAttemptResult(attemptId: number, enabled: boolean) {
  return useQuery({
    queryKey: playerKeys.result(attemptId),
    queryFn: () => call(learnerEndpoints.result, { params: { attemptId } }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
