import type { Readable } from 'node:stream';
import {
  formatOfFileName,
  INTERCHANGE_MAX_BYTES,
  INTERCHANGE_MAX_QUESTIONS,
  INTERCHANGE_TASK_TYPE,
  type InterchangeFormat,
  type InterchangeStatus,
  interchangeMessages as im,
  type interchangeExportQuerySchema,
  interchangeFormatInfo,
  type interchangeImportOptionsSchema,
  interchangeResultSchema,
} from '@assess/contracts/question-imports';
import { ContentFilter, QUESTION_PAGE_MAX } from '@assess/contracts/questions';
import type { z } from 'zod';
import type { Principal } from '../../platform/auth/principal';
import { AppError, badRequest } from '../../platform/http/errors';
import { ownTask } from '../../platform/jobs';
import type { ModuleDeps } from '../../platform/modules';
import { CpuOutOfMemory, CpuRefusal } from '../../platform/workers/cpu-pool';
import type { ImagesService, QuestionsService } from '../question-bank';
import type { ExportItem } from './formats/model';
import { type ImageBytes, imageIdsOfDetail, ixOf } from './interchange.mapping';
import type { QuestionBatchService } from './question-batch.service';

/** Questions read side by side while exporting. */
const EXPORT_CONCURRENCY = 8;
type ExportQuery = z.output<typeof interchangeExportQuerySchema>;
type ImportOptions = z.output<typeof interchangeImportOptionsSchema>;

const extOf = (contentType: string) =>
  /jpe?g/.test(contentType) ? 'jpg' : /gif/.test(contentType) ? 'gif' : 'png';

async function bytesOf(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Moodle XML / GIFT / QTI 3.0 (issue 12, beyond the spec): export of a grid selection or a node's subtree
 * (what the caller may view: own and subscribed questions), and the import upload, which is checked
 * (format, size, readable, at most 5,000 questions) and then imported by the task 'questions.interchange'.
 */
export function createInterchangeService(
  deps: Pick<ModuleDeps, 'files' | 'tasks' | 'cpu'> & {
    questions: Pick<QuestionsService, 'get' | 'grid'>;
    images: Pick<ImagesService, 'open'>;
    batch: Pick<QuestionBatchService, 'checkTarget'>;
  },
) {
  async function idsOf(p: Principal, q: ExportQuery): Promise<number[]> {
    if (q.questionIds.length) return [...new Set(q.questionIds)];
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const grid = await deps.questions.grid(p, {
        pageNumber: page,
        pageSize: QUESTION_PAGE_MAX,
        contentFilter: ContentFilter.All,
        topicId: q.topicId,
        categoryId: q.topicId === undefined ? q.categoryId : undefined,
        code: undefined,
      });
      if (grid.totalCount > INTERCHANGE_MAX_QUESTIONS) throw badRequest(im.exportTooMany);
      ids.push(...grid.items.map((r) => r.questionId));
      if (grid.items.length < QUESTION_PAGE_MAX || ids.length >= grid.totalCount) return ids;
    }
  }

  return {
    /** The file of an export: its bytes, name and media type. */
    async export(p: Principal, q: ExportQuery) {
      const ids = await idsOf(p, q);
      if (!ids.length) throw badRequest(im.exportNothing);
      const images = new Map<number, ImageBytes>();
      const items: ExportItem[] = [];
      const image = async (imageId: number) => {
        const opened = await deps.images.open(p, imageId).catch(() => null);
        if (opened)
          images.set(imageId, { data: await bytesOf(opened.stream), ext: extOf(opened.file.contentType) });
      };
      // A few at a time (a PostgreSQL pool answers them side by side), in the order asked.
      for (let i = 0; i < ids.length; i += EXPORT_CONCURRENCY) {
        const details = await Promise.all(
          ids.slice(i, i + EXPORT_CONCURRENCY).map((id) => deps.questions.get(p, id)),
        );
        const wanted = [...new Set(details.flatMap(imageIdsOfDetail))].filter((id) => !images.has(id));
        await Promise.all(wanted.map(image));
        for (const d of details)
          items.push({ question: ixOf(d, images), categoryPath: d.topics[0]?.pathNames ?? [] });
      }
      const info = interchangeFormatInfo[q.format];
      // Written on the CPU pool (issue 26), not on the event loop that serves every other request.
      const written = await deps.cpu.run('questions.writeInterchange', { format: q.format, items });
      const body = Buffer.from(written.buffer, written.byteOffset, written.byteLength);
      return { body, fileName: info.fileName, mediaType: info.mediaType };
    },

    /** Stores the upload, checks it can be read, and queues its import; answers the task. */
    async queueImport(p: Principal, upload: { fileName: string; content: Readable; options: ImportOptions }) {
      const format: InterchangeFormat | '' = upload.options.format ?? formatOfFileName(upload.fileName);
      if (!format) {
        upload.content.resume();
        throw new AppError(415, im.wrongFormat);
      }
      const topicId = upload.options.topicId ?? null;
      if (topicId !== null) await deps.batch.checkTarget(p.providerId, { topicId });
      const saved = await deps.files
        .save({
          providerId: p.providerId,
          userId: p.userId,
          fileName: upload.fileName,
          content: upload.content,
          maxBytes: INTERCHANGE_MAX_BYTES,
          accept: format === 'qti' ? ['zip'] : undefined,
        })
        .catch((err) => {
          if (err instanceof AppError && err.statusCode === 415) throw new AppError(415, im.wrongFormat);
          if (err instanceof AppError && err.statusCode === 413) throw new AppError(413, im.tooLarge);
          throw err;
        });
      try {
        if (format !== 'qti' && saved.kind) throw new AppError(415, im.wrongFormat);
        // Parsed on the CPU pool: a large file would hold the event loop (every other request) for seconds.
        const buf = await deps.files.store.get(saved.key);
        const { questions } = await deps.cpu
          .run('questions.countInterchange', { format, buf })
          .catch((err) => {
            if (err instanceof CpuRefusal || err instanceof CpuOutOfMemory)
              throw badRequest(im.unreadable(interchangeFormatInfo[format].importLabel, err.message));
            throw err;
          });
        if (!questions) throw badRequest(im.noQuestions);
        if (questions > INTERCHANGE_MAX_QUESTIONS) throw badRequest(im.tooManyQuestions);
        const task = await deps.tasks.createTaskFor(p, INTERCHANGE_TASK_TYPE, {
          fileId: saved.fileId,
          fileName: saved.fileName,
          format,
          topicId,
        });
        return { message: im.queued, taskId: task.taskId };
      } catch (err) {
        await deps.files.remove(saved.fileId, p.providerId).catch(() => {});
        throw err;
      }
    },

    /** The import's task: state, progress and (when done) the per-question outcome. */
    async status(p: Pick<Principal, 'providerId'>, taskId: number): Promise<InterchangeStatus> {
      const task = await ownTask(deps.tasks, p, taskId, INTERCHANGE_TASK_TYPE);
      const result = interchangeResultSchema.safeParse(task.result);
      return {
        taskId,
        taskStatus: task.taskStatus,
        progress: task.progress,
        taskDetails: task.taskDetails,
        result: result.success ? result.data : null,
      };
    },
  };
}
export type InterchangeService = ReturnType<typeof createInterchangeService>;
