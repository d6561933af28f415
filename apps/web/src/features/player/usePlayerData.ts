import { clockOffsetMs, learnerEndpoints } from '@assess/contracts/learner';
import { useQuery } from '@tanstack/react-query';
import { call, isApiError } from '../../lib/api';
import { type KeptAttempt, keepAttempt, keptAttempt } from './localStore';

export const playerKeys = {
  attempt: (attemptId: number) => ['learner', 'attempt', attemptId] as const,
  result: (attemptId: number) => ['learner', 'attempt', attemptId, 'result'] as const,
};

/**
 * The attempt as the server holds it, with the browser's clock offset measured on this very answer. Read once
 * per visit (a reload, another device): never refetched behind the player's back. An open attempt is kept on
 * this device, and shown from there when the network is down (the answers merge in from their own store).
 */
export function useAttemptState(attemptId: number) {
  return useQuery({
    queryKey: playerKeys.attempt(attemptId),
    queryFn: async (): Promise<KeptAttempt> => {
      const sentAt = Date.now();
      try {
        const state = await call(learnerEndpoints.attempt, { params: { attemptId } });
        const read = { state, offsetMs: clockOffsetMs(state.serverNow, Date.now(), sentAt) };
        await keepAttempt(read);
        return read;
      } catch (e) {
        const kept = isApiError(e) && e.status === 0 ? await keptAttempt(attemptId) : null;
        if (kept) return kept;
        throw e;
      }
    },
    // offline too: the kept copy is read when the request fails
    networkMode: 'always',
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
