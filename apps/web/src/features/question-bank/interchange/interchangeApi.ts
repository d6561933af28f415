import {
  interchangeEndpoints as e,
  type InterchangeExportQuery,
  type InterchangeFormat,
  type InterchangeImportOptions,
  interchangeFormatInfo,
} from '@assess/contracts/question-imports';
import { TaskStatus } from '@assess/contracts/tasks';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';

export const interchangeKeys = {
  status: (taskId: number) => ['question-imports', 'interchange', taskId] as const,
};

/** Downloads an export (a selection, a topic or a category) in a format and saves it under the format's name. */
export async function exportQuestions(
  format: InterchangeFormat,
  query: Omit<InterchangeExportQuery, 'format'>,
) {
  const blob = await call(e.export, { query: { ...query, format } });
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = interchangeFormatInfo[format].fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** The options as JSON, then the file (the server reads them in this order). */
export function uploadInterchange(file: File, options: InterchangeImportOptions) {
  const body = new FormData();
  body.append('options', JSON.stringify(options));
  body.append('file', file, file.name);
  return call(e.import, { body });
}

export const isFinished = (taskStatus: number | undefined) =>
  taskStatus === TaskStatus.Success || taskStatus === TaskStatus.Failed;

/** Polls an import's task until it has finished. */
export const useInterchangeStatus = (taskId: number | null) =>
  useQuery({
    queryKey: interchangeKeys.status(taskId ?? 0),
    queryFn: () => call(e.status, { params: { taskId: taskId ?? 0 } }),
    enabled: taskId !== null,
    refetchInterval: (q) => (isFinished(q.state.data?.taskStatus) ? false : 700),
  });
