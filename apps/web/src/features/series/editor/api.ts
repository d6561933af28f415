import {
  type AddSeriesTestsInput,
  seriesEditorEndpoints as e,
  type TestsForTopicsBody,
} from '@assess/contracts/series';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { useRefreshingWrite } from '../../../lib/queries';
import { editorCalls, editorKeys, editorRefresh } from '../../test-series-shared/editorQueries';

/** Query keys of the series editor; everything under ['series'] (the list too) is refreshed after a write. */
export const seriesEditorKeys = editorKeys('series');
/** The Test step's offered tests for these filters. */
const offeredKey = (body: TestsForTopicsBody) => ['series', 'offered', body] as const;

/** The editor's calls: read the series, its code or name already present, create (always a draft), update. */
export const seriesCalls = editorCalls(e, 'courseId');

/** getTestsForTopics for the Test step's filters. */
export function useOfferedTests(body: TestsForTopicsBody, enabled: boolean) {
  return useQuery({
    queryKey: offeredKey(body),
    queryFn: () => call(e.testsForTopics, { body }),
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** A write of the Test step: the lists refresh, the open series is not re-read behind the form. */
const useSeriesMutation = <A, R>(fn: (args: A) => Promise<R>) =>
  useRefreshingWrite(fn, editorRefresh('series', true));

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
