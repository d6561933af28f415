import { studentImportEndpoints } from '@assess/contracts/student-import';
import { taskTypes } from '@assess/contracts/tasks';
import { z } from 'zod';
import { defineTask } from '../../platform/jobs/registry';

export const importTaskArgs = z.object({ batchId: z.number().int().positive() });
export type ImportTaskArgs = z.infer<typeof importTaskArgs>;

/** The background import of one checked batch (import-job.ts); runs as the user who started it. */
export const studentImportTask = defineTask(taskTypes.studentImport, {
  args: importTaskArgs,
  access: studentImportEndpoints.start.access,
  // A retried run skips the rows it already created; an hour covers the largest file.
  retryLimit: 2,
  expireInSeconds: 60 * 60,
});
