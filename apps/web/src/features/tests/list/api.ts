import { CONFIGURATION_CACHE_MS, configurationEndpoints } from '@assess/contracts/configuration';
import {
  testListEndpoints as e,
  type TestBulkUpdateInput,
  type TestCopyInput,
  type TestListQueryInput,
  testEditorEndpoints,
} from '@assess/contracts/tests';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { useListQuery } from '../../../lib/queries';

/** Query keys of the tests list (everything under ['tests'] is refreshed after a write). */
export const testListKeys = {
  all: ['tests'] as const,
  list: (query: TestListQueryInput) => ['tests', 'list', query] as const,
  details: (testId: number) => ['tests', 'details', testId] as const,
  /** The dashboard's Tests card counts tests. */
  dashboard: ['dashboard'] as const,
};

export function useTestList(query: TestListQueryInput) {
  return useListQuery(testListKeys.list(query), () => call(e.list, { query }));
}

export function useTestDetails(testId: number) {
  return useQuery({
    queryKey: testListKeys.details(testId),
    queryFn: () => call(e.details, { params: { testId } }),
  });
}

/** A write of the list: on success the lists (and the dashboard counts) are fetched again. */
function useListWrite<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: testListKeys.all });
      void qc.invalidateQueries({ queryKey: testListKeys.dashboard });
    },
  });
}

export const useCopyTest = () =>
  useListWrite((v: { testId: number; body: TestCopyInput }) =>
    call(e.copy, { params: { testId: v.testId }, body: v.body }),
  );
export const useDeleteTest = () => useListWrite((testId: number) => call(e.delete, { params: { testId } }));
export const useLockTest = () =>
  useListWrite((v: { testId: number; isLocked: boolean }) =>
    call(e.lock, { params: { testId: v.testId }, body: { isLocked: v.isLocked } }),
  );
export const useCleanTestData = () =>
  useListWrite((testId: number) => call(e.cleanData, { params: { testId } }));
export const useTestBulkUpdate = () =>
  useListWrite((body: TestBulkUpdateInput) => call(e.bulkUpdate, { body }));
/** Publish is the editor's endpoint (Ready → Published, owner only). */
export const usePublishTest = () =>
  useListWrite((testId: number) => call(testEditorEndpoints.publish, { params: { testId } }));

/** Objective and target audience lists (the configuration area's cache, 5 minutes). */
export function useTestLookups() {
  return useQuery({
    queryKey: ['configuration', 'lists'] as const,
    queryFn: () => call(configurationEndpoints.lists),
    staleTime: CONFIGURATION_CACHE_MS,
  });
}
