import { type AnalyticsAttempts, analyticsEndpoints as e } from '@assess/contracts/analytics';
import { endpointPath } from '@assess/contracts/common';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** Query keys of a test's analytics. */
export const analyticsKeys = {
  all: (testId: number) => ['analytics', testId] as const,
};

export const useChartAnalytics = (testId: number) =>
  useQuery({
    queryKey: [...analyticsKeys.all(testId), 'chart'],
    queryFn: () => call(e.chart, { params: { testId } }),
  });

export const useTopFive = (testId: number) =>
  useQuery({
    queryKey: [...analyticsKeys.all(testId), 'topFive'],
    queryFn: () => call(e.topFive, { params: { testId } }),
  });

/** Reads again every 5 s while the server says finished attempts are still being counted (FEATURES 3.7.16). */
const whileCounting = (query: { state: { data?: { countingAttempts?: number } } }) =>
  (query.state.data?.countingAttempts ?? 0) > 0 ? 5_000 : false;

export const useTreeAnalytics = (testId: number, content: 1 | 2 | 3, execution: 1 | 2 | 3 | 4) =>
  useQuery({
    queryKey: [...analyticsKeys.all(testId), 'tree', content, execution],
    queryFn: () => call(e.tree, { params: { testId, content, execution } }),
    refetchInterval: whileCounting,
  });

export const useItemStatistics = (testId: number, attempts: AnalyticsAttempts, enabled: boolean) =>
  useQuery({
    queryKey: [...analyticsKeys.all(testId), 'items', attempts],
    queryFn: () => call(e.itemStatistics, { params: { testId }, query: { attempts } }),
    enabled,
    refetchInterval: whileCounting,
  });

/** The address of the streamed workbook: a link the browser downloads (it never sits in the page's memory). */
export const analyticsExportUrl = (testId: number) => endpointPath(e.export.path, { testId });

/** A student's closed attempt as staff see it (the top five's evaluation view); it never changes. */
export const useStaffEvaluation = (attemptId: number) =>
  useQuery({
    queryKey: ['analytics', 'evaluation', attemptId],
    queryFn: () => call(e.attemptEvaluation, { params: { attemptId } }),
    staleTime: Number.POSITIVE_INFINITY,
  });
