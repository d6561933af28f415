import {
  quickTestEndpoints as e,
  type QuickTestFormInput,
  type QuickTestUpdateInput,
} from '@assess/contracts/quick-tests';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useListQuery, useRefreshingWrite } from '../../lib/queries';

/** Query keys: quick tests live under ['tests'] too, so the shared dialogs' writes refresh the cards. */
export const quickTestKeys = {
  all: ['tests'] as const,
  list: (pageNumber: number) => ['tests', 'quick', 'list', pageNumber] as const,
  detail: (testId: number) => ['tests', 'quick', 'detail', testId] as const,
};

export function useQuickTests(pageNumber: number) {
  return useListQuery(quickTestKeys.list(pageNumber), () => call(e.list, { query: { pageNumber } }));
}

export function useQuickTest(testId: number | null) {
  return useQuery({
    queryKey: quickTestKeys.detail(testId ?? 0),
    queryFn: () => call(e.get, { params: { testId: testId ?? 0 } }),
    enabled: testId !== null,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

const useWrite = <A, R>(fn: (a: A) => Promise<R>) =>
  useRefreshingWrite(fn, [quickTestKeys.all], { wait: false });

export const useCreateQuickTest = () => useWrite((body: QuickTestFormInput) => call(e.create, { body }));
export const useUpdateQuickTest = () =>
  useWrite(({ testId, body }: { testId: number; body: QuickTestUpdateInput }) =>
    call(e.update, { params: { testId }, body }),
  );
export const useActivateQuickTest = () =>
  useWrite((testId: number) => call(e.activate, { params: { testId } }));
export const usePublishQuickTest = () =>
  useWrite((testId: number) => call(e.publish, { params: { testId } }));
export const useDeleteQuickTest = () => useWrite((testId: number) => call(e.delete, { params: { testId } }));
export const useCleanQuickTest = () =>
  useWrite((testId: number) => call(e.cleanData, { params: { testId } }));
