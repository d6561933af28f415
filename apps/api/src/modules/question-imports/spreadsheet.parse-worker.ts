// Runs parseQuestionWorkbook in a worker thread (spreadsheet.parse.ts starts it): SheetJS parses synchronously,
// and a large workbook would otherwise hold the server's event loop for seconds.
import { parentPort, workerData } from 'node:worker_threads';
import { InvalidSpreadsheet, parseQuestionWorkbook } from './spreadsheet.parser';

const { buf, kind } = workerData as { buf: Uint8Array; kind: 'xls' | 'xlsx' };
parseQuestionWorkbook(Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength), kind).then(
  (book) => parentPort?.postMessage({ book }),
  (err: unknown) =>
    parentPort?.postMessage(
      err instanceof InvalidSpreadsheet
        ? { invalid: err.message }
        : { error: (err as Error)?.message ?? String(err) },
    ),
);
