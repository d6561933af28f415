import { learnerEndpoints as e, LEARNER_STALE_MS } from '@assess/contracts/learner';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** Query keys of the learner area; everything under ['learner'] is refreshed after an attempt. */
export const learnerKeys = {
  all: ['learner'] as const,
  dashboard: ['learner', 'dashboard'] as const,
  tests: ['learner', 'tests'] as const,
  series: ['learner', 'series'] as const,
  seriesTests: (courseId: number) => ['learner', 'series', courseId, 'tests'] as const,
  attempts: (testId: number) => ['learner', 'attempts', testId] as const,
  evaluation: (attemptId: number) => ['learner', 'evaluation', attemptId] as const,
};

/** Part 3 §9: assigned tests and counts go stale after 300,000 ms. */
const stale = { staleTime: LEARNER_STALE_MS } as const;

export const useLearnerDashboard = () =>
  useQuery({ queryKey: learnerKeys.dashboard, queryFn: () => call(e.dashboard), ...stale });

export const useAssignedTests = () =>
  useQuery({ queryKey: learnerKeys.tests, queryFn: () => call(e.tests), ...stale });

export const useLearnerSeries = () =>
  useQuery({ queryKey: learnerKeys.series, queryFn: () => call(e.series), ...stale });

export const useLearnerSeriesTests = (courseId: number | null) =>
  useQuery({
    queryKey: learnerKeys.seriesTests(courseId ?? 0),
    queryFn: () => call(e.seriesTests, { params: { courseId: courseId ?? 0 } }),
    enabled: courseId !== null,
    ...stale,
  });

export const useAttempts = (testId: number, enabled = true) =>
  useQuery({
    queryKey: learnerKeys.attempts(testId),
    queryFn: () => call(e.attempts, { params: { testId } }),
    enabled,
    ...stale,
  });

/** A closed attempt's evaluation never changes. */
export const useEvaluation = (attemptId: number | null) =>
  useQuery({
    queryKey: learnerKeys.evaluation(attemptId ?? 0),
    queryFn: () => call(e.evaluation, { params: { attemptId: attemptId ?? 0 } }),
    enabled: attemptId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * After an attempt starts or ends: the counts, lists and attempt selectors are marked stale without fetching
 * now (the player is on screen), so each learner page fetches again when the student comes back to it.
 */
export const invalidateLearner = (qc: QueryClient) =>
  qc.invalidateQueries({ queryKey: learnerKeys.all, refetchType: 'none' });

/** Take Test / Resume: starts an attempt (or finds the open one); the learner pages refetch on return. */
export function useStartAttempt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (testId: number) => call(e.start, { params: { testId } }),
    onSuccess: () => invalidateLearner(qc),
  });
}

/** The player's route for an attempt. */
export const attemptPath = (attemptId: number) => `/attempt/${attemptId}`;
