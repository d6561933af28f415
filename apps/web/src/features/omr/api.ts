import {
  type CreateOmrSheet,
  omrEndpoints as e,
  omrMessages as m,
  type OmrCorrection,
} from '@assess/contracts/omr';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** Query keys of a test's OMR data. */
export const omrKeys = {
  all: (testId: number) => ['omr', testId] as const,
  status: (taskId: number) => ['omr', 'task', taskId] as const,
};

export const useOmrForm = (testId: number) =>
  useQuery({
    queryKey: [...omrKeys.all(testId), 'form'],
    queryFn: () => call(e.form, { params: { testId } }),
  });

/** createOmrSheet: the PDF as a Blob (each call prints a new paper form). */
export const createOmrSheet = (testId: number, sheet: CreateOmrSheet) =>
  call(e.createOmrSheet, { params: { testId }, body: sheet });

/**
 * Download Test (the tests list's menu): the question paper of the test's paper form saved as a PDF; answers the
 * toast's message (the row's write helper shows it, or the server's refusal).
 */
export async function downloadTestPaper(test: { testId: number; code: string }) {
  const blob = (await call(e.downloadTest, { params: { testId: test.testId } })) as Blob;
  saveBlob(blob, `Test-${test.code}.pdf`);
  return { message: m.testDownloaded };
}

/** readOmrSheet: the zip as the form field zipFile. */
export function uploadAnswers(testId: number, file: File) {
  const body = new FormData();
  body.append('zipFile', file, file.name);
  return call(e.readOmrSheet, { params: { testId }, body });
}

/** Follows an upload's task until it has finished. */
export const useOmrUploadStatus = (taskId: number | null) =>
  useQuery({
    queryKey: omrKeys.status(taskId ?? 0),
    queryFn: () => call(e.status, { params: { taskId: taskId ?? 0 } }),
    enabled: taskId !== null,
    refetchInterval: (q) =>
      q.state.data && ['succeeded', 'failed'].includes(q.state.data.state) ? false : 1000,
  });

export const useOmrSheets = (testId: number, queued: boolean) =>
  useQuery({
    queryKey: [...omrKeys.all(testId), 'sheets', queued],
    queryFn: () => call(e.sheets, { params: { testId }, query: { queued: queued ? 'true' : 'false' } }),
  });

export const fetchScan = (sheetId: number) => call(e.scan, { params: { sheetId } });

export function useCorrectSheet(testId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (x: { sheetId: number; fix: OmrCorrection }) =>
      call(e.correct, { params: { sheetId: x.sheetId }, body: x.fix }),
    onSuccess: () => qc.invalidateQueries({ queryKey: omrKeys.all(testId) }),
  });
}

/** Saves a Blob under a file name (a link clicked, then forgotten). */
export function saveBlob(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
