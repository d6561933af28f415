import {
  type AddSeriesTestsInput,
  seriesEditorEndpoints as e,
  type SeriesCreateInput,
  type SeriesUpdateInput,
  type TestsForTopicsBody,
} from '@assess/contracts/series';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDebounced } from '../../../components/useDebounced';
import { call } from '../../../lib/api';

/** Query keys of the series editor; everything under ['series'] (the list too) is refreshed after a write. */
export const seriesEditorKeys = {
  all: ['series'] as const,
  detail: (courseId: number) => ['series', 'detail', courseId] as const,
  offered: (body: TestsForTopicsBody) => ['series', 'offered', body] as const,
  exists: (field: 'code' | 'name', value: string, courseId: number | null) =>
    ['series', 'exists', field, value, courseId] as const,
};

/** The series being edited: read once when opened and never replaced behind the author's back. */
export function useSeriesDetail(courseId: number | null) {
  return useQuery({
    queryKey: seriesEditorKeys.detail(courseId ?? 0),
    queryFn: () => call(e.get, { params: { courseId: courseId ?? 0 } }),
    enabled: courseId !== null,
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** getTestsForTopics for the Test step's filters. */
export function useOfferedTests(body: TestsForTopicsBody, enabled: boolean) {
  return useQuery({
    queryKey: seriesEditorKeys.offered(body),
    queryFn: () => call(e.testsForTopics, { body }),
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** Live "already present" check of a code or name while typing (isCourseCodeExists / isCourseNameExists). */
export function useLiveSeriesExists(field: 'code' | 'name', value: string, courseId: number | null) {
  const settled = useDebounced(value.trim());
  const enabled = settled.length >= 3;
  const query = useQuery({
    queryKey: seriesEditorKeys.exists(field, settled, courseId),
    queryFn: () =>
      call(field === 'code' ? e.codeExists : e.nameExists, {
        query: { value: settled, courseId: courseId ?? undefined },
      }),
    enabled,
    staleTime: 10_000,
  });
  return enabled && settled === value.trim() && Boolean(query.data?.exists);
}

function useSeriesMutation<A, R>(fn: (args: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // the open series is not re-read behind the form (its version is kept from the answers)
    onSuccess: () =>
      qc.invalidateQueries({
        queryKey: seriesEditorKeys.all,
        predicate: (q) => q.queryKey[1] !== 'detail',
      }),
  });
}

export const useCreateSeries = () => useSeriesMutation((body: SeriesCreateInput) => call(e.create, { body }));
export const useUpdateSeries = () =>
  useSeriesMutation(({ courseId, body }: { courseId: number; body: SeriesUpdateInput }) =>
    call(e.update, { params: { courseId }, body }),
  );
export const useAddSeriesTests = () =>
  useSeriesMutation(({ courseId, body }: { courseId: number; body: AddSeriesTestsInput }) =>
    call(e.addTests, { params: { courseId }, body }),
  );
export const useRemoveSeriesTest = () =>
  useSeriesMutation(({ courseId, testId }: { courseId: number; testId: number }) =>
    call(e.removeTest, { params: { courseId, testId } }),
  );
export const useSeriesTestSubscription = () =>
  useSeriesMutation(({ courseId, testId, status }: { courseId: number; testId: number; status: 1 | 2 }) =>
    call(e.testSubscription, { params: { courseId, testId }, body: { testSubscriptionStatus: status } }),
  );
