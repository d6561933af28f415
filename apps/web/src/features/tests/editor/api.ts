import { CONFIGURATION_CACHE_MS, configurationEndpoints } from '@assess/contracts/configuration';
import type { ReviewOptions } from '@assess/contracts/learner';
import { questionBankEndpoints } from '@assess/contracts/questions';
import {
  testEditorEndpoints as e,
  type TestCreateInput,
  type TestUpdateInput,
} from '@assess/contracts/tests';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDebounced } from '../../../components/useDebounced';
import { call } from '../../../lib/api';

/** Query keys of the editor; everything under ['tests'] (the list too) is refreshed after a write. */
export const testEditorKeys = {
  all: ['tests'] as const,
  detail: (testId: number) => ['tests', 'detail', testId] as const,
  readiness: (testId: number) => ['tests', 'readiness', testId] as const,
  preview: (testId: number) => ['tests', 'preview', testId] as const,
  exists: (field: 'code' | 'name', value: string, testId: number | null) =>
    ['tests', 'exists', field, value, testId] as const,
  /** The configuration area's lists (objective and target audience), shared with its cache. */
  lookups: ['configuration', 'lists'] as const,
};

/** The test being edited: read once when opened and never replaced behind the author's back. */
export function useTestDetail(testId: number | null) {
  return useQuery({
    queryKey: testEditorKeys.detail(testId ?? 0),
    queryFn: () => call(e.get, { params: { testId: testId ?? 0 } }),
    enabled: testId !== null,
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useReadiness(testId: number | null, enabled = true) {
  return useQuery({
    queryKey: testEditorKeys.readiness(testId ?? 0),
    queryFn: () => call(e.readiness, { params: { testId: testId ?? 0 } }),
    enabled: testId !== null && enabled,
    staleTime: 0,
  });
}

export function useTestPreview(testId: number) {
  return useQuery({
    queryKey: testEditorKeys.preview(testId),
    queryFn: () => call(e.preview, { params: { testId } }),
    staleTime: 0,
    retry: false,
  });
}

/** Objective and target audience lists (cached 5 minutes, as every configuration lookup). */
export function useTestLookups() {
  return useQuery({
    queryKey: testEditorKeys.lookups,
    queryFn: () => call(configurationEndpoints.lists),
    staleTime: CONFIGURATION_CACHE_MS,
  });
}

/** Live "already present" check of a code or name while typing (isTestCodeExists / isTestNameExists). */
export function useLiveTestExists(field: 'code' | 'name', value: string, testId: number | null) {
  const settled = useDebounced(value.trim());
  const enabled = settled.length >= 3;
  const query = useQuery({
    queryKey: testEditorKeys.exists(field, settled, testId),
    queryFn: () =>
      call(field === 'code' ? e.codeExists : e.nameExists, {
        query: { value: settled, testId: testId ?? undefined },
      }),
    enabled,
    staleTime: 10_000,
  });
  return enabled && settled === value.trim() && Boolean(query.data?.exists);
}

function useTestMutation<A, R>(fn: (args: A) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: testEditorKeys.all }),
  });
}

export const useCreateTest = () => useTestMutation((body: TestCreateInput) => call(e.create, { body }));
export const useUpdateTest = () =>
  useTestMutation(({ testId, body }: { testId: number; body: TestUpdateInput }) =>
    call(e.update, { params: { testId }, body }),
  );
export const useSaveReviewOptions = () =>
  useTestMutation(({ testId, reviewOptions }: { testId: number; reviewOptions: ReviewOptions }) =>
    call(e.reviewOptions, { params: { testId }, body: { reviewOptions } }),
  );
export const useActivateTest = () =>
  useTestMutation((testId: number) => call(e.activate, { params: { testId } }));
export const usePublishTest = () =>
  useTestMutation((testId: number) => call(e.publish, { params: { testId } }));

/** An image for the rich-text editor, through the question bank's image upload. */
export async function uploadEditorImage(file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  const uploaded = await call(questionBankEndpoints.uploadImage, { body });
  return uploaded.url;
}
