import {
  type InterchangeFormat,
  type InterchangeStatus,
  interchangeMessages as im,
} from '@assess/contracts/question-imports';
import { TaskStatus, taskEndpoints } from '@assess/contracts/tasks';
import { expect } from 'vitest';
import { type Caller, clientOf } from '../../../test/given';
import type { TestApp } from '../../../test/harness';
import { type MultipartPart, multipartBody } from '../../../test/multipart';
import { waitFor } from '../../../test/wait';

/** Helpers of the interchange tests: uploads, an import to its end, exports. */
export function interchangeClient(t: TestApp) {
  async function upload(c: Caller, url: string, parts: MultipartPart[]) {
    const body = await multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: c.cookie, ...body.headers },
      payload: body.payload,
    });
  }
  return {
    upload,
    /** Uploads a file for import and waits for its task; answers the finished status. */
    async importFile(c: Caller, fileName: string, content: Buffer, options: object = {}) {
      const res = await upload(c, '/api/question-bank/interchange/import', [
        { field: 'options', value: JSON.stringify(options) },
        { field: 'file', fileName, content },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe(im.queued);
      const { taskId } = res.json();
      return waitFor(async () => {
        const s = (
          await c.get(`/api/question-bank/interchange/import/${taskId}`)
        ).json() as InterchangeStatus;
        return s.taskStatus === TaskStatus.Success || s.taskStatus === TaskStatus.Failed ? s : undefined;
      }, 30_000);
    },
    exportOf: (c: Caller, format: InterchangeFormat, query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/question-bank/interchange/export?format=${format}&${query}`,
        headers: { cookie: c.cookie },
      }),
    /** The caller's provider's background tasks so far (any type), as the task manager counts them. */
    taskCount: async (c: Caller) =>
      (await clientOf(t, c.cookie).call(taskEndpoints.list, { query: { pageNumber: 1, pageSize: 1 } }))
        .totalCount,
  };
}
