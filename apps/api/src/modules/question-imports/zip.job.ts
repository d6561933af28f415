import { Readable } from 'node:stream';
import { licenceMessages } from '@assess/contracts/access';
import {
  zipImportMessages as m,
  type ZipImportResult,
  zipImportOptionsSchema,
} from '@assess/contracts/question-imports';
import {
  ContentType,
  choiceLabel,
  type QuestionCreate,
  QuestionStatus,
  QuestionType,
} from '@assess/contracts/questions';
import { z } from 'zod';
import type { DefinedTaskContext } from '../../platform/jobs';
import type { ModuleDeps } from '../../platform/modules';
import type { ImagesService } from '../question-bank';
import type { QuestionBatchService } from './question-batch.service';
import { eachLimited, type ZipAnalyser } from './zip.analyse';
import type { PlannedGroup, PlannedQuestion } from './zip.layout';

/** Built by the server when the import starts (never from the request): the stored zip and the caller's facts. */
export const zipTaskArgs = z.object({
  fileId: z.number().int().positive(),
  fileName: z.string(),
  options: zipImportOptionsSchema,
  /** The package's TestSectionQuestions when importing into a section. */
  sectionLimit: z.number().int().nullable(),
  numericalAllowed: z.boolean(),
});
export type ZipTaskArgs = z.infer<typeof zipTaskArgs>;

/** The choice printed on the image as the stored choice text: format 1 choice 2 '(b)' → 'b'. */
const choiceText = (format: number, i: number) => choiceLabel(format, i).replace(/[^A-Za-z0-9]/g, '');

/** An image question as the question bank stores it: Ready (answers are set), Text content, the image as the question. */
export function questionOf(
  q: PlannedQuestion,
  topicId: number,
  options: { numberOfChoices: number; choiceFormatId: number },
  images: { image: number; solution: number | null },
): QuestionCreate {
  const withChoices = q.questionType === QuestionType.SCQ || q.questionType === QuestionType.MCQ;
  return {
    code: q.code,
    questionType: q.questionType as QuestionCreate['questionType'],
    contentType: ContentType.Text,
    choiceFormat: options.choiceFormatId,
    difficultyLevel: q.difficultyLevel as QuestionCreate['difficultyLevel'],
    points: 0,
    negativePoints: 0,
    objective: null,
    targetAudience: null,
    status: QuestionStatus.Ready,
    isLocked: false,
    expiryDate: null,
    duration: null,
    text: null,
    image: images.image,
    solutionText: null,
    solutionImage: images.solution,
    paragraphText: null,
    paragraphImage: null,
    hint: null,
    passFeedback: null,
    failFeedback: null,
    masteryFeedback: null,
    partialFeedback: null,
    choices: withChoices
      ? Array.from({ length: options.numberOfChoices }, (_, i) => ({
          text: choiceText(options.choiceFormatId, i + 1),
          image: null,
          weight: null,
          feedback: null,
        }))
      : [],
    correctChoices: q.correctChoices,
    numericAnswer: q.numericAnswer,
    tolerance: null,
    topicIds: [topicId],
  };
}

/** Retries of a failed run (the module registers the task type with it). */
export const ZIP_RETRY_LIMIT = 1;

/** An error whose message the task manager shows as the reason the import failed. */
class ZipImportFailure extends Error {}

const subtaskName = (g: PlannedGroup) => `${g.folder}/${g.typeFolder}: ${g.questions.length} question(s)`;

/**
 * The background import of a validated zip (task 'questions.zipImport'): re-reads the stored zip and checks it
 * again (the hierarchy may have changed), then per question-type folder of each topic folder (one subtask
 * each): skips codes already in the bank (a retried run writes nothing twice), stores the images through the
 * question bank's image handling (re-encoded), writes the questions through the one question-batch writer
 * (each whole or not at all) and removes the images of anything not written.
 */
export function createZipImportJob(
  deps: Pick<ModuleDeps, 'files'> & {
    analyse: ZipAnalyser;
    images: Pick<ImagesService, 'upload'>;
    batch: Pick<QuestionBatchService, 'write' | 'takenCodes' | 'poolQuestionCount'>;
  },
) {
  return async function runZipImport(ctx: DefinedTaskContext<ZipTaskArgs>): Promise<ZipImportResult> {
    try {
      return await importZip(ctx);
    } catch (err) {
      // The last attempt: the stored zip is of no more use (a retry would have read it again).
      if (ctx.attempt > ZIP_RETRY_LIMIT)
        await deps.files.remove(ctx.args.fileId, ctx.task.providerId).catch(() => undefined);
      throw err;
    }
  };

  async function importZip(ctx: DefinedTaskContext<ZipTaskArgs>): Promise<ZipImportResult> {
    // The creator as of now (the one rule for tasks).
    const { providerId, userId } = ctx.principal;
    const { options } = ctx.args;
    const opened = await deps.files.open(ctx.args.fileId, providerId);
    opened.stream.destroy();
    const data = await deps.files.store.get(opened.file.key);
    const { problems, groups } = await deps.analyse({
      providerId,
      zipName: ctx.args.fileName,
      data,
      options,
      numericalAllowed: ctx.args.numericalAllowed,
    });
    if (problems.size) {
      const [message, list] = [...problems][0];
      throw new ZipImportFailure(`${m.notValid} ${message} ${list.slice(0, 5).join(', ')}`.trim());
    }
    await ctx.progress(2, m.importing);

    const allCodes = groups.flatMap((g) => g.questions.map((q) => q.code));
    const taken = await deps.batch.takenCodes(providerId, allCodes);
    const duplicateCodes = allCodes.filter((c) => taken.has(c.toLowerCase()));
    if (options.poolId !== null && ctx.args.sectionLimit !== null) {
      const current = await deps.batch.poolQuestionCount(options.poolId);
      if (current + allCodes.length - duplicateCodes.length > ctx.args.sectionLimit)
        throw new ZipImportFailure(
          licenceMessages.TestSectionQuestions.replace('{n}', String(ctx.args.sectionLimit)),
        );
    }

    const result: ZipImportResult = { imported: 0, duplicateCodes: [], invalid: [] };
    const total = Math.max(1, allCodes.length);
    let done = 0;
    for (const g of groups) {
      if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('aborted');
      const sub = await ctx.subtask(subtaskName(g));
      try {
        const fresh = g.questions.filter((q) => !taken.has(q.code.toLowerCase()));
        const skipped = g.questions.filter((q) => taken.has(q.code.toLowerCase())).map((q) => q.code);
        const stored = new Map<string, { image: number; solution: number | null }>();
        const upload = async (file: { path: string; data: Buffer }) =>
          (
            await deps.images.upload(
              { providerId, userId },
              { fileName: file.path.split('/').pop() ?? 'image', stream: Readable.from([file.data]) },
            )
          ).imageId;
        try {
          await eachLimited(fresh, 2, async (q) => {
            const image = await upload(q.image);
            stored.set(q.code, { image, solution: null });
            if (q.solution) stored.set(q.code, { image, solution: await upload(q.solution) });
          });
          const target =
            options.poolId !== null ? { topicId: g.topicId, poolId: options.poolId } : { topicId: g.topicId };
          const written = await deps.batch.write({
            providerId,
            userId,
            target,
            questions: fresh.map((q) =>
              questionOf(
                q,
                g.topicId,
                options,
                stored.get(q.code) as { image: number; solution: number | null },
              ),
            ),
          });
          const ok = new Set(written.inserted.map((w) => w.code));
          // Images of questions not written (a code taken meanwhile) go again.
          for (const [code, ids] of stored)
            if (!ok.has(code))
              for (const id of [ids.image, ids.solution])
                if (id !== null) await deps.files.remove(id, providerId).catch(() => undefined);
          stored.clear();
          result.imported += written.inserted.length;
          const dups = [...skipped, ...written.duplicateCodes];
          result.duplicateCodes.push(...dups);
          result.invalid.push(...written.invalid);
          const remark = [
            `${written.inserted.length} imported`,
            dups.length ? `${dups.length} duplicate code(s) skipped: ${dups.join(', ')}` : '',
            written.invalid.length
              ? `invalid: ${written.invalid.map((i) => `${i.code} (${i.message})`).join(', ')}`
              : '',
          ]
            .filter(Boolean)
            .join('; ');
          if (written.invalid.length) await sub.fail(remark);
          else await sub.done(remark);
        } catch (err) {
          for (const ids of stored.values())
            for (const id of [ids.image, ids.solution])
              if (id !== null) await deps.files.remove(id, providerId).catch(() => undefined);
          throw err;
        }
      } catch (err) {
        await sub.fail((err as Error).message ?? m.error);
        throw err;
      }
      done += g.questions.length;
      await ctx.progress(2 + (97 * done) / total, m.importing);
    }
    // The stored zip has served its purpose once everything is in.
    await deps.files.remove(ctx.args.fileId, providerId).catch(() => undefined);
    // The task's details end as a summary, not the last progress text.
    await ctx.progress(
      100,
      `${result.imported} imported; ${result.duplicateCodes.length} duplicate code(s); ${result.invalid.length} invalid`,
    );
    return result;
  }
}
