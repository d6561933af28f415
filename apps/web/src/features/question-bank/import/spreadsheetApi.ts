import {
  spreadsheetEndpoints as e,
  SPREADSHEET_TEMPLATE_NAME,
  type SpreadsheetUploadOptions,
} from '@assess/contracts/question-imports';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';

/** Where the questions go: a topic, or a section (pool) and the topic the questions are filed under. */
export type SpreadsheetTarget = { topicId: number } | { topicId: number; poolId: number };

export const spreadsheetKeys = {
  status: (taskId: number) => ['question-imports', 'spreadsheet', taskId] as const,
};

/** The form's options as JSON, then the images the sheet names, then the workbook (the server reads them in this order). */
export function uploadSpreadsheet(
  target: SpreadsheetTarget,
  options: SpreadsheetUploadOptions,
  file: File,
  images: File[],
) {
  const body = new FormData();
  body.append('options', JSON.stringify(options));
  for (const img of images) body.append('images', img, img.name);
  body.append('file', file, file.name);
  return 'poolId' in target
    ? call(e.uploadToSection, { params: { poolId: target.poolId }, body })
    : call(e.upload, { body });
}

/** Polls an upload's task until it has finished. */
export const useSpreadsheetStatus = (taskId: number | null) =>
  useQuery({
    queryKey: spreadsheetKeys.status(taskId ?? 0),
    queryFn: () => call(e.status, { params: { taskId: taskId ?? 0 } }),
    enabled: taskId !== null,
    refetchInterval: (q) => {
      const s = q.state.data?.state;
      return s === 'succeeded' || s === 'failed' ? false : 700;
    },
  });

/** Saves the template workbook (four sheets, the columns, two example questions each). */
export async function downloadTemplate() {
  const blob = await call(e.template);
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = SPREADSHEET_TEMPLATE_NAME;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
