import type { Readable } from 'node:stream';
import {
  spreadsheetMessages as m,
  SPREADSHEET_EXTENSIONS,
  SPREADSHEET_MAX_BYTES,
  type SpreadsheetStatus,
  type SpreadsheetUploadOptions,
  spreadsheetResultSchema,
} from '@assess/contracts/question-imports';
import { questionMessages as qm } from '@assess/contracts/questions';
import { TaskStatus } from '@assess/contracts/tasks';
import type { Principal } from '../../platform/auth/principal';
import { AppError, badRequest } from '../../platform/http/errors';
import { ownTask } from '../../platform/jobs';
import type { ModuleDeps } from '../../platform/modules';
import { assertOwnLists } from '../configuration';
import type { ImagesService } from '../question-bank';
import { assertTestEditable } from '../tests';
import type { QuestionBatchRepository } from './question-batch.repository';
import type { QuestionBatchService } from './question-batch.service';
import { SPREADSHEET_TASK_TYPE, type SpreadsheetTaskArgs } from './spreadsheet.job';
import { questionWorkbook } from './spreadsheet.template';

type Caller = Pick<Principal, 'providerId' | 'userId' | 'licence'>;
export type SpreadsheetUpload = {
  options: SpreadsheetUploadOptions;
  file: { fileName: string; content: Readable };
  /** Images the sheet names (Question Image ?, Solution), read before the workbook is stored. */
  images: { fileName: string; imageId: number }[];
};

/**
 * Spreadsheet upload (part 2 §2, §4, §5, §8): checks the target and the form's lists, stores the workbook (by
 * content .xls/.xlsx, at most 10 MB) and queues the task that reads and writes it ('Check Task manager for
 * status'). The dialog polls `status` for progress and the §3 upload result.
 */
export function createSpreadsheetService(
  deps: Pick<ModuleDeps, 'files' | 'tasks'> & {
    writer: Pick<QuestionBatchService, 'checkTarget'>;
    batch: Pick<QuestionBatchRepository, 'configurationIds' | 'ownPool'>;
    images: Pick<ImagesService, 'upload'>;
  },
) {
  async function checkLists(p: Caller, o: SpreadsheetUploadOptions) {
    await assertOwnLists(deps.batch.configurationIds, p.providerId, o, qm);
  }

  return {
    /** Checks what the form says before the files are read (the route streams them after this). */
    async checkForm(p: Caller, options: SpreadsheetUploadOptions, poolId: number | null) {
      await deps.writer.checkTarget(
        p.providerId,
        poolId ? { topicId: options.topicId, poolId } : { topicId: options.topicId },
      );
      // A section's questions change only while its test may be edited (owner, not published, not locked by another).
      const pool = poolId ? await deps.batch.ownPool(p.providerId, poolId) : undefined;
      if (pool) assertTestEditable(pool.test, p);
      await checkLists(p, options);
    },

    /** An image the sheet names, uploaded with the workbook (re-encoded like every question image). */
    uploadImage: (p: Caller, fileName: string, stream: Readable) =>
      deps.images.upload(p, { fileName, stream }).then((r) => ({ fileName, imageId: r.imageId })),

    async upload(p: Caller, poolId: number | null, input: SpreadsheetUpload) {
      const saved = await deps.files
        .save({
          providerId: p.providerId,
          userId: p.userId,
          fileName: input.file.fileName,
          content: input.file.content,
          maxBytes: SPREADSHEET_MAX_BYTES,
          accept: [...SPREADSHEET_EXTENSIONS],
        })
        .catch((err) => {
          if (err instanceof AppError && err.statusCode === 415)
            throw badRequest(`${m.invalidFile} ${m.notSpreadsheet}`);
          if (err instanceof AppError && err.statusCode === 413)
            throw badRequest(`${m.invalidFile} ${m.tooLarge}`);
          throw err;
        });
      const args: SpreadsheetTaskArgs = {
        fileId: saved.fileId,
        fileName: saved.fileName,
        providerId: p.providerId,
        userId: p.userId,
        topicId: input.options.topicId,
        poolId,
        sectionLimit: poolId ? p.licence.TestSectionQuestions : null,
        choiceFormatId: input.options.choiceFormatId,
        objective: input.options.objective,
        targetAudience: input.options.targetAudience,
        images: Object.fromEntries(input.images.map((i) => [i.fileName.trim().toLowerCase(), i.imageId])),
      };
      const task = await deps.tasks.createTaskFor(p, SPREADSHEET_TASK_TYPE, args);
      return { taskId: task.taskId, message: m.checkTaskManager };
    },

    /** The upload's state (what the dialog polls); another provider's task or another kind is 404. */
    async status(p: Pick<Principal, 'providerId'>, taskId: number): Promise<SpreadsheetStatus> {
      const task = await ownTask(deps.tasks, p, taskId, SPREADSHEET_TASK_TYPE);
      const base = { taskId, progress: task.progress, message: null, result: null };
      switch (task.taskStatus) {
        case TaskStatus.Draft:
          return { ...base, state: 'queued' };
        case TaskStatus.Started:
          return { ...base, state: 'running' };
        case TaskStatus.Success: {
          const result = spreadsheetResultSchema.safeParse(task.result);
          return { ...base, state: 'succeeded', progress: 100, result: result.success ? result.data : null };
        }
        default: {
          const details = task.taskDetails ?? m.invalidFile;
          return {
            ...base,
            state: 'failed',
            message: details.startsWith(m.invalidFile) ? details : m.invalidFile,
          };
        }
      }
    },

    template: () => questionWorkbook(),
  };
}
export type SpreadsheetService = ReturnType<typeof createSpreadsheetService>;
