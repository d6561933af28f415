import { Readable } from 'node:stream';
import { hasPrivilege } from '@assess/contracts/access';
import {
  zipImportMessages as m,
  ZIP_IMPORT_TASK_TYPE,
  ZIP_MAX_BYTES,
  type ZipImportOptions,
  type ZipImportStatus,
  type ZipValidation,
  zipImportResultSchema,
} from '@assess/contracts/question-imports';
import { TaskStatus } from '@assess/contracts/tasks';
import { assertWithinLicence } from '../../platform/access/licence';
import type { Principal } from '../../platform/auth/principal';
import { forbidden } from '../../platform/http/errors';
import { ownTask } from '../../platform/jobs';
import type { ModuleDeps } from '../../platform/modules';
import type { QuestionBatchService } from './question-batch.service';
import { type ZipAnalyser, zipNotValid } from './zip.analyse';
import type { ZipTaskArgs } from './zip.job';
import type { PlannedGroup } from './zip.layout';

export type ZipCaller = Pick<Principal, 'providerId' | 'userId' | 'privileges' | 'licence'>;
/** The upload as the route read it (name checked, at most 10 MB). */
export type ZipUpload = { fileName: string; data: Buffer; options: ZipImportOptions };

/** §5: a category import needs BulkImport; a section's also the test editors' privilege. */
function assertMayImport(p: ZipCaller, options: ZipImportOptions) {
  const bulk = hasPrivilege(p, 'CategoryTopic', 'BulkImport');
  const section =
    hasPrivilege(p, 'Test', 'UpdateTest') || hasPrivilege(p, 'SimplifiedTest', 'UpdateSimplifiedTest');
  if (options.poolId === null ? !bulk : !(bulk || section)) throw forbidden(m.notPermitted);
}

const countByType = (groups: readonly PlannedGroup[]) => {
  const out: Record<string, number> = {};
  for (const g of groups) out[g.typeFolder] = (out[g.typeFolder] ?? 0) + g.questions.length;
  return out;
};

/**
 * Zip tree import (part 2 §4 "Zip import", §7 validateZip / SyncQuestions): validate checks everything and
 * imports nothing (400 'Zip is not validate!' listing every problem); start validates again, stores the zip
 * and queues the import task; status follows the task for the dialog.
 */
export function createZipImportService(
  deps: Pick<ModuleDeps, 'files' | 'tasks'> & {
    analyse: ZipAnalyser;
    batch: Pick<QuestionBatchService, 'takenCodes' | 'checkTarget' | 'poolQuestionCount'>;
  },
) {
  async function check(p: ZipCaller, upload: ZipUpload) {
    assertMayImport(p, upload.options);
    const numericalAllowed = hasPrivilege(p, 'Question', 'NumericalQuestionType');
    const { problems, groups } = await deps.analyse({
      providerId: p.providerId,
      zipName: upload.fileName,
      data: upload.data,
      options: upload.options,
      numericalAllowed,
    });
    if (problems.size) throw zipNotValid(problems);
    const codes = groups.flatMap((g) => g.questions.map((q) => q.code));
    const taken = await deps.batch.takenCodes(p.providerId, codes);
    const duplicateCodes = codes.filter((c) => taken.has(c.toLowerCase()));
    const { poolId } = upload.options;
    if (poolId !== null) {
      // 404 unless the section is in a test of the caller's provider.
      await deps.batch.checkTarget(p.providerId, { topicId: groups[0].topicId, poolId });
      const current = await deps.batch.poolQuestionCount(poolId);
      assertWithinLicence(p, 'TestSectionQuestions', current, codes.length - duplicateCodes.length);
    }
    const validation: ZipValidation = {
      message: m.valid,
      rootCategory: upload.fileName.replace(/\.zip$/i, ''),
      topics: new Set(groups.map((g) => g.topicId)).size,
      questions: codes.length,
      byType: countByType(groups),
      duplicateCodes,
    };
    return { validation, numericalAllowed };
  }

  return {
    /** validateZip: everything checked, nothing written. */
    async validate(p: ZipCaller, upload: ZipUpload): Promise<ZipValidation> {
      return (await check(p, upload)).validation;
    },

    /** SyncQuestions: validated again, stored, imported by a background task (task manager). */
    async start(p: ZipCaller, upload: ZipUpload) {
      const { numericalAllowed } = await check(p, upload);
      const saved = await deps.files.save({
        providerId: p.providerId,
        userId: p.userId,
        fileName: upload.fileName,
        content: Readable.from([upload.data]),
        maxBytes: ZIP_MAX_BYTES,
        accept: ['zip'],
      });
      const args: ZipTaskArgs = {
        fileId: saved.fileId,
        fileName: upload.fileName,
        options: upload.options,
        sectionLimit: upload.options.poolId === null ? null : p.licence.TestSectionQuestions,
        numericalAllowed,
      };
      try {
        const task = await deps.tasks.createTaskFor(p, ZIP_IMPORT_TASK_TYPE, args);
        return { message: m.importing, taskId: task.taskId };
      } catch (err) {
        await deps.files.remove(saved.fileId, p.providerId).catch(() => undefined);
        throw err;
      }
    },

    /** The import's state for the dialog; another provider's task (or another kind) is not found. */
    async status(p: Pick<Principal, 'providerId'>, taskId: number): Promise<ZipImportStatus> {
      const task = await ownTask(deps.tasks, p, taskId, ZIP_IMPORT_TASK_TYPE, m.taskNotFound);
      const parsed = zipImportResultSchema.safeParse(task.result);
      const outcome = parsed.success ? parsed.data : { imported: 0, duplicateCodes: [] };
      const base = { taskId, imported: outcome.imported, duplicateCodes: outcome.duplicateCodes };
      switch (task.taskStatus) {
        case TaskStatus.Draft:
          return { ...base, state: 'queued', progress: 0, message: null };
        case TaskStatus.Started:
          return { ...base, state: 'running', progress: task.progress, message: null };
        case TaskStatus.Success:
          return {
            ...base,
            state: 'succeeded',
            progress: 100,
            message: outcome.imported ? m.imported : m.nothingNew,
          };
        default:
          return { ...base, state: 'failed', progress: task.progress, message: task.taskDetails ?? m.error };
      }
    },
  };
}
export type ZipImportService = ReturnType<typeof createZipImportService>;
