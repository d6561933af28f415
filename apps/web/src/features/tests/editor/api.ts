import type { ReviewOptions } from '@assess/contracts/learner';
import { questionBankEndpoints } from '@assess/contracts/questions';
import { testEditorEndpoints as e } from '@assess/contracts/tests';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { useRefreshingWrite } from '../../../lib/queries';
import { editorCalls, editorKeys } from '../../test-series-shared/editorQueries';

/** Query keys of the editor; everything under ['tests'] (the list too) is refreshed after a write. */
export const testEditorKeys = {
  ...editorKeys('tests'),
  readiness: (testId: number) => ['tests', 'readiness', testId] as const,
  preview: (testId: number) => ['tests', 'preview', testId] as const,
};

/** The editor's calls: read the test, its code or name already present, create (a Draft), update. */
export const testCalls = editorCalls(e, 'testId');

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

/** Objective and target audience lists (the configuration area's cache, 5 minutes). */
export { useConfigurationLists as useTestLookups } from '../../configuration/api';

/** A write of the editor: everything under ['tests'] refreshes. */
const useTestMutation = <A, R>(fn: (args: A) => Promise<R>) => useRefreshingWrite(fn, [testEditorKeys.all]);

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
