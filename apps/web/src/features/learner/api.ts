import { learnerEndpoints as e, LEARNER_STALE_MS } from '@assess/contracts/learner';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** The lists and counts of the learner pages (query options, so their keys and staleness are testable). */
export const learnerQueries = {
  dashboard: () =>
    queryOptions({ queryKey: learnerKeys.dashboard, queryFn: () => call(e.dashboard), ...stale }),
  tests: () => queryOptions({ queryKey: learnerKeys.tests, queryFn: () => call(e.tests), ...stale }),
  series: () => queryOptions({ queryKey: learnerKeys.series, queryFn: () => call(e.series), ...stale }),
  seriesTests: (courseId: number) =>
    queryOptions({
      queryKey: learnerKeys.seriesTests(courseId),
      queryFn: () => call(e.seriesTests, { params: { courseId } }),
      ...stale,
    }),
  attempts: (testId: number) =>
    queryOptions({
      queryKey: learnerKeys.attempts(testId),
      queryFn: () => call(e.attempts, { params: { testId } }),
      ...stale,
    }),
};

export const useLearnerDashboard = () => useQuery(learnerQueries.dashboard());
export const useAssignedTests = () => useQuery(learnerQueries.tests());
export const useLearnerSeries = () => useQuery(learnerQueries.series());
export const useLearnerSeriesTests = (courseId: number | null) =>
  useQuery({ ...learnerQueries.seriesTests(courseId ?? 0), enabled: courseId !== null });
export const useAttempts = (testId: number) => useQuery(learnerQueries.attempts(testId));

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

/** Start on the welcome page: starts an attempt (or finds the open one); the learner pages refetch on return. */
export function useStartAttempt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (testId: number) => call(e.start, { params: { testId } }),
    onSuccess: () => invalidateLearner(qc),
  });
}

/** The player's route for an attempt. */
export const attemptPath = (attemptId: number) => `/attempt/${attemptId}`;

/** The welcome page before an attempt (Take Test opens it; it starts nothing). */
export const welcomePath = (testId: number) => `/take/${testId}`;
