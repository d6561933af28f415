import type { InterchangeFormat } from '@assess/contracts/question-imports';
import { CpuRefusal } from '../../platform/workers/cpu-pool';
import type { ExportItem } from './formats/model';
import { writeInterchange } from './interchange.export';
import { packPrepared, parseInterchange, prepareInterchange } from './interchange.prepare';
import { InvalidSpreadsheet, parseQuestionWorkbook } from './spreadsheet.parser';

const bufferOf = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/** Parses an interchange file; a file that cannot be read is refused with the reason. */
async function readInterchange(input: { format: InterchangeFormat; buf: Uint8Array }) {
  try {
    return await parseInterchange(input.format, bufferOf(input.buf));
  } catch (err) {
    throw new CpuRefusal((err as Error).message);
  }
}

/** The question imports' CPU-heavy work, run on the CPU pool's worker threads (src/cpu-tasks.ts lists it). */
export const questionImportsCpuTasks = {
  /** SheetJS parses synchronously: a large workbook would hold the event loop for seconds. */
  'questions.parseWorkbook': async (input: { buf: Uint8Array; kind: 'xls' | 'xlsx' }) => {
    try {
      return await parseQuestionWorkbook(bufferOf(input.buf), input.kind);
    } catch (err) {
      if (err instanceof InvalidSpreadsheet) throw new CpuRefusal(err.message);
      throw err;
    }
  },
  /** The upload's check of a Moodle XML / GIFT / QTI file: how many questions it holds. */
  'questions.countInterchange': async (input: { format: InterchangeFormat; buf: Uint8Array }) => ({
    questions: (await readInterchange(input)).items.length,
  }),
  /** The import task's parse and mapping of the file (interchange.prepare.ts), packed for the way back. */
  'questions.prepareInterchange': async (input: { format: InterchangeFormat; buf: Uint8Array }) =>
    packPrepared(prepareInterchange(await readInterchange(input))),
  /** An export's file (issue 26): the questions come mapped; images come back from the clone as Uint8Arrays. */
  'questions.writeInterchange': async (input: {
    format: InterchangeFormat;
    items: ExportItem[];
  }): Promise<Uint8Array> =>
    writeInterchange(
      input.format,
      input.items.map((it) => ({
        ...it,
        question: {
          ...it.question,
          files: new Map([...it.question.files].map(([name, data]) => [name, bufferOf(data)])),
        },
      })),
    ),
};
