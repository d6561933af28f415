import { OMR_READ_TASK_TYPE, omrEndpoints } from '@assess/contracts/omr';
import { z } from 'zod';
import { defineTask } from '../../platform/jobs/registry';

/** Built by the server when the upload starts (never from the request): the stored zip and the test. */
export const omrTaskArgs = z.object({
  fileId: z.number().int().positive(),
  fileName: z.string(),
  testId: z.number().int().positive(),
});
export type OmrTaskArgs = z.infer<typeof omrTaskArgs>;

/** Reading an answer zip: one output row per page, run as the uploader (UploadAnswerSheets). */
export const omrReadTask = defineTask(
  { type: OMR_READ_TASK_TYPE, name: 'OMR answer sheets' },
  {
    args: omrTaskArgs,
    access: omrEndpoints.readOmrSheet.access,
    // One attempt: a rerun skips the pages it stored (content hash) anyway; 2,000 pages fit in half an hour.
    retryLimit: 0,
    expireInSeconds: 30 * 60,
  },
);
