import { CpuRefusal } from '../../platform/workers/cpu-pool';
import { InvalidSpreadsheet, parseQuestionWorkbook } from './spreadsheet.parser';

/** The question imports' CPU-heavy work, run on the CPU pool's worker threads (src/cpu-tasks.ts lists it). */
export const questionImportsCpuTasks = {
  /** SheetJS parses synchronously: a large workbook would hold the event loop for seconds. */
  'questions.parseWorkbook': async (input: { buf: Uint8Array; kind: 'xls' | 'xlsx' }) => {
    try {
      const buf = Buffer.from(input.buf.buffer, input.buf.byteOffset, input.buf.byteLength);
      return await parseQuestionWorkbook(buf, input.kind);
    } catch (err) {
      if (err instanceof InvalidSpreadsheet) throw new CpuRefusal(err.message);
      throw err;
    }
  },
};
