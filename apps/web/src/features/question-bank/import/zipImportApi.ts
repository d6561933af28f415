import { endpointQuery } from '@assess/contracts/common';
import { zipImportEndpoints as e, type ZipImportOptionsInput } from '@assess/contracts/question-imports';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** The zip import's calls: validateZip, then SyncQuestions (the options as JSON first, then the zip). */
const form = (options: ZipImportOptionsInput, file: File) => {
  const body = new FormData();
  body.append('options', JSON.stringify(options));
  body.append('file', file, file.name);
  return body;
};
export const zipImportApi = {
  validate: (options: ZipImportOptionsInput, file: File) => call(e.validate, { body: form(options, file) }),
  start: (options: ZipImportOptionsInput, file: File) => call(e.import, { body: form(options, file) }),
};

/** The example zip's address (a link the browser downloads, named by the server after the root category). */
export const exampleZipUrl = (topicId?: number) => e.example.path + endpointQuery({ topicId });

/** Polls the import task until it has finished. */
export const useZipImportStatus = (taskId: number | null) =>
  useQuery({
    queryKey: ['question-imports', 'zip', taskId ?? 0],
    queryFn: () => call(e.status, { params: { taskId: taskId ?? 0 } }),
    enabled: taskId !== null,
    refetchInterval: (q) => {
      const s = q.state.data?.state;
      return s === 'succeeded' || s === 'failed' ? false : 700;
    },
  });
