import {
  type InvalidQuestion,
  spreadsheetMessages as m,
  resultTitle,
  type SpreadsheetResult,
} from '@assess/contracts/question-imports';
import { ContentType, type QuestionCreate, QuestionStatus } from '@assess/contracts/questions';
import { taskTypes } from '@assess/contracts/tasks';
import { z } from 'zod';
import type { DefinedTaskContext } from '../../platform/jobs';
import type { ModuleDeps } from '../../platform/modules';
import { CpuOutOfMemory, CpuRefusal } from '../../platform/workers/cpu-pool';
import type { QuestionBatchRepository } from './question-batch.repository';
import type { QuestionBatchService } from './question-batch.service';
import type { SheetQuestion } from './spreadsheet.parser';

export const SPREADSHEET_TASK_TYPE = taskTypes.questionSpreadsheet.type;

export const spreadsheetTaskArgs = z.object({
  fileId: z.number().int().positive(),
  fileName: z.string(),
  providerId: z.number().int(),
  userId: z.number().int(),
  topicId: z.number().int().positive(),
  poolId: z.number().int().positive().nullable(),
  /** The package's TestSectionQuestions when the upload goes into a section. */
  sectionLimit: z.number().int().nullable(),
  choiceFormatId: z.number().int(),
  objective: z.array(z.number().int()).nullable(),
  targetAudience: z.array(z.number().int()).nullable(),
  /** Images uploaded with the workbook: lower-cased file name → question image id. */
  images: z.record(z.string(), z.number().int()),
});
export type SpreadsheetTaskArgs = z.infer<typeof spreadsheetTaskArgs>;

const REMARK_MAX = 3900;
const cut = (s: string) => (s.length > REMARK_MAX ? `${s.slice(0, REMARK_MAX - 1)}…` : s);
const baseName = (name: string) => name.split(/[\\/]/).pop()?.trim().toLowerCase() ?? '';

/** The question bank's body for a sheet question; or the reason it cannot be one (a missing image, objective). */
function toCreate(
  q: SheetQuestion,
  args: SpreadsheetTaskArgs,
  objectives: Map<string, number>,
): QuestionCreate | string {
  const image = (name: string | null) => (name === null ? null : (args.images[baseName(name)] ?? name));
  const img = image(q.imageName);
  const solution = image(q.solutionImageName);
  for (const v of [img, solution]) if (typeof v === 'string') return m.missingImage(v);
  let objective = args.objective;
  if (q.objectiveName) {
    const id = objectives.get(q.objectiveName.trim().toLowerCase());
    if (id === undefined) return m.unknownObjective(q.objectiveName);
    objective = [...new Set([...(objective ?? []), id])];
  }
  return {
    code: q.code,
    questionType: q.questionType,
    contentType: ContentType.LaTeX,
    choiceFormat: args.choiceFormatId,
    difficultyLevel: q.difficultyLevel,
    points: 0,
    negativePoints: 0,
    objective,
    targetAudience: args.targetAudience,
    // §4 defaults: a new question is Draft; in a section it is Ready (the section question dialog's default).
    status: args.poolId ? QuestionStatus.Ready : QuestionStatus.Draft,
    isLocked: false,
    expiryDate: null,
    duration: null,
    text: q.text,
    image: img as number | null,
    solutionText: q.solutionText,
    solutionImage: solution as number | null,
    paragraphText: q.paragraphText,
    paragraphImage: null,
    hint: q.hint,
    passFeedback: q.passFeedback,
    failFeedback: q.failFeedback,
    masteryFeedback: null,
    partialFeedback: null,
    choices: q.choices.map((text, i) => ({
      text,
      image: null,
      weight: q.weights?.[i] ?? null,
      feedback: null,
    })),
    correctChoices: q.correctChoices,
    numericAnswer: q.numericAnswer,
    tolerance: q.tolerance,
    topicIds: [args.topicId],
  };
}

/**
 * The background upload (task 'questions.spreadsheet'): reads the stored workbook, checks every question, applies
 * the section's package limit (nothing written when passed), then writes sheet by sheet through the one
 * question-batch writer with progress; one output row per sheet lists its duplicate and invalid codes. A file
 * that cannot be read fails the task with 'File not uploaded please upload valid file.' and the reason.
 */
export function createSpreadsheetJob(
  deps: Pick<ModuleDeps, 'files' | 'cpu'> & {
    writer: QuestionBatchService;
    batch: Pick<QuestionBatchRepository, 'configurationByName'>;
  },
) {
  return async function runUpload(ctx: DefinedTaskContext<SpreadsheetTaskArgs>): Promise<SpreadsheetResult> {
    const args = ctx.args;
    // The creator as of now (the one rule for tasks): their provider and user, not the ones the arguments name.
    const { providerId, userId } = ctx.principal;
    const file = await deps.files.open(args.fileId, providerId);
    file.stream.destroy();
    const buf = await deps.files.store.get(file.file.key);
    const kind = /ms-excel|ole-storage/.test(file.file.contentType) ? 'xls' : 'xlsx';
    // SheetJS parses synchronously: on the CPU pool, never on the event loop that serves answer saves.
    const book = await deps.cpu.run('questions.parseWorkbook', { buf, kind }).catch((err) => {
      if (err instanceof CpuRefusal) throw new Error(`${m.invalidFile} ${err.message}`);
      if (err instanceof CpuOutOfMemory) throw new Error(`${m.invalidFile} ${m.corrupt}`);
      throw err;
    });
    await ctx.progress(10, m.importing);

    const objectives = await deps.batch.configurationByName(providerId, 'Objective');
    const sheets = book.sheets.map((s) => {
      const invalid: InvalidQuestion[] = [...s.invalid];
      const bodies: QuestionCreate[] = [];
      for (const q of s.questions) {
        const body = toCreate(q, args, objectives);
        if (typeof body === 'string') invalid.push({ code: q.code, sheet: s.name, row: q.row, reason: body });
        else bodies.push(body);
      }
      return { name: s.name, bodies, invalid, rows: new Map(s.questions.map((q) => [q.code, q.row])) };
    });
    const total = sheets.reduce((n, s) => n + s.bodies.length + s.invalid.length, 0);
    const result: SpreadsheetResult = {
      message: m.uploadSuccess,
      packageLimitError: null,
      isSectionQuestionLimit: false,
      totalQuestionCount: total,
      uploadedQuestionCount: 0,
      duplicateQuestionCodeCount: 0,
      duplicateQuestionCodes: [],
      invalidQuestionCodes: [],
      invalidQuestions: [],
    };

    const target = args.poolId ? { topicId: args.topicId, poolId: args.poolId } : { topicId: args.topicId };
    if (args.poolId && args.sectionLimit !== null) {
      const bodies = sheets.flatMap((s) => s.bodies);
      const taken = await deps.writer.takenCodes(
        providerId,
        bodies.map((b) => b.code),
      );
      const adding = new Set(bodies.map((b) => b.code.toLowerCase()).filter((c) => !taken.has(c))).size;
      const inSection = await deps.writer.poolQuestionCount(args.poolId);
      if (inSection + adding > args.sectionLimit) {
        const counts = m.sectionLimitCounts(inSection, adding, args.sectionLimit);
        const sub = await ctx.subtask(`Package limit: ${args.fileName}`);
        await sub.fail(counts);
        await ctx.progress(100, m.packageLimit);
        return {
          ...result,
          message: m.packageLimit,
          packageLimitError: `${m.packageLimit} ${counts}`,
          isSectionQuestionLimit: true,
        };
      }
    }

    let handled = 0;
    for (const s of sheets) {
      const sub = await ctx.subtask(
        `Sheet '${s.name}' of ${args.fileName}: ${s.bodies.length + s.invalid.length} questions`,
      );
      const written = await deps.writer.write({
        providerId,
        userId,
        target,
        questions: s.bodies,
        onChunk: (c) => ctx.progress(10 + (89 * (handled + c.done)) / Math.max(1, total), m.importing),
      });
      handled += s.bodies.length + s.invalid.length;
      const invalid = [
        ...s.invalid,
        ...written.invalid.map((i) => ({
          code: i.code,
          sheet: s.name,
          row: s.rows.get(i.code) ?? 0,
          reason: i.message,
        })),
      ];
      result.uploadedQuestionCount += written.inserted.length;
      result.duplicateQuestionCodes.push(...written.duplicateCodes);
      result.invalidQuestions.push(...invalid);
      const remark = [
        `Uploaded ${written.inserted.length}`,
        written.duplicateCodes.length ? `duplicate codes: ${written.duplicateCodes.join(', ')}` : '',
        invalid.length
          ? `invalid codes: ${invalid.map((i) => `${i.code || `row ${i.row}`} (${i.reason})`).join(', ')}`
          : '',
      ]
        .filter(Boolean)
        .join('; ');
      if (written.inserted.length || !(written.duplicateCodes.length + invalid.length))
        await sub.done(cut(remark));
      else await sub.fail(cut(remark));
    }
    result.duplicateQuestionCodeCount = result.duplicateQuestionCodes.length;
    result.invalidQuestionCodes = result.invalidQuestions.map((i) => i.code || `row ${i.row}`);
    result.message = resultTitle(result);
    await ctx.progress(100, result.message);
    return result;
  };
}
