import { Worker } from 'node:worker_threads';
import { spreadsheetMessages as m } from '@assess/contracts/question-imports';
import { InvalidSpreadsheet, type ParsedWorkbook, parseQuestionWorkbook } from './spreadsheet.parser';

/** Heap of the parsing thread: a 10 MB workbook needs a few hundred MB at most; more is refused as damaged. */
const WORKER_HEAP_MB = 768;

/**
 * The worker's file: the compiled server (npm run serve) has spreadsheet.parse-worker.js beside its bundle, and the
 * sources (npm run dev, tests) load the TypeScript through tsx.
 */
const compiled = import.meta.url.endsWith('.js');
const workerFile = compiled
  ? new URL('./spreadsheet.parse-worker.js', import.meta.url)
  : new URL('./spreadsheet.parse-worker.ts', import.meta.url);
const workerExecArgv = compiled ? [] : ['--import', 'tsx'];

/**
 * Parses the workbook off the event loop, in a worker thread: the server keeps answering while a large file is read. Where a worker cannot
 * start, it parses in place (bounded by the file limits). A worker that runs out of memory reads as a damaged file.
 */
export function parseOffThread(buf: Buffer, kind: 'xls' | 'xlsx'): Promise<ParsedWorkbook> {
  let worker: Worker;
  try {
    worker = new Worker(workerFile, {
      workerData: { buf, kind },
      execArgv: workerExecArgv,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
  } catch {
    return parseQuestionWorkbook(buf, kind);
  }
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (f: () => void) => {
      if (settled) return;
      settled = true;
      f();
      void worker.terminate();
    };
    worker.once('message', (msg: { book?: ParsedWorkbook; invalid?: string; error?: string }) =>
      settle(() =>
        msg.book
          ? resolve(msg.book)
          : reject(msg.invalid !== undefined ? new InvalidSpreadsheet(msg.invalid) : new Error(msg.error)),
      ),
    );
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new InvalidSpreadsheet(m.corrupt) : err)),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`the spreadsheet reader stopped (${code})`))),
    );
  });
}
