import {
  LOGS_FILE_PATTERN,
  SubTaskStatus,
  TASK_OUTPUT_PAGE_SIZE,
  TaskStatus,
  taskListSchema,
  taskOutputListSchema,
} from '@assess/contracts/tasks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { createTestApp, type TestApp } from '../../../test/harness';
import { taskOutputs, tasks } from '../../db/schema';
import { DEMO_TASK_TYPE } from '../../db/seed/demo-tasks';
import { createTaskRepository } from '../../platform/jobs/tasks.repository';
import { LOGS_BATCH } from './tasks.service';

let t: TestApp;
let erp: { cookie: string; providerId: number; taskIds: number[] };
let partner: { cookie: string; providerId: number; taskIds: number[] };
let demoTaskId: number;
/** A finished task with more output rows than one batch of the logs reads. */
let bigTaskId: number;

async function account(email: string) {
  const cookie = await t.signIn(email);
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
  return { cookie, providerId: res.json().userDetails.providerId as number, taskIds: [] as number[] };
}
const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });

/** The entries of a zip as text, by name (read with yauzl, as an unzip tool would). */
function unzip(buf: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buf, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('not a zip'));
      const entries = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

beforeAll(async () => {
  t = await createTestApp();
  erp = await account('erp@example.com');
  partner = await account('partner@example.com');
  t.deps.tasks.register('test.import', async () => undefined);
  const [demo] = await t.deps.db
    .select({ taskId: tasks.taskId })
    .from(tasks)
    .where(eq(tasks.providerId, erp.providerId));
  demoTaskId = demo.taskId;
  for (const [who, count] of [
    [erp, 3],
    [partner, 2],
  ] as const) {
    for (let i = 0; i < count; i++) {
      const task = await t.deps.tasks.createTask({
        providerId: who.providerId,
        userId: null,
        taskType: 'test.import',
        args: { file: `sheet-${i}.xlsx` },
      });
      who.taskIds.push(task.taskId);
    }
  }
  const repo = createTaskRepository(t.deps.db);
  const id = await repo.addOutput(erp.taskIds[0], 'Question Q-1', new Date());
  await repo.finishOutput(id, 2, 'Imported', new Date());
  await repo.addOutput(erp.taskIds[0], 'Question Q-2', new Date());

  const [big] = await t.deps.db
    .insert(tasks)
    .values({
      providerId: partner.providerId,
      taskType: 'students.import',
      taskStatus: TaskStatus.Success,
      taskDetails: 'Importing students...',
      progress: 100,
      result: { imported: LOGS_BATCH + 3, groups: [{ message: 'Duplicate', content: [], all: ['Row 9'] }] },
      startDate: new Date(),
      endDate: new Date(),
    })
    .returning({ taskId: tasks.taskId });
  bigTaskId = big.taskId;
  await t.deps.db.insert(taskOutputs).values(
    Array.from({ length: LOGS_BATCH + 5 }, (_, i) => ({
      taskId: bigTaskId,
      subTask: `Row ${i + 1}`,
      status: i === 2 ? SubTaskStatus.Failed : SubTaskStatus.Success,
      startDateTime: new Date(),
      endDateTime: new Date(),
      remark: i === 2 ? '=HYPERLINK("http://x", "click"), then "more"' : null,
    })),
  );
  partner.taskIds.push(bigTaskId);
});
afterAll(() => t.close());

describe('GET /api/tasks', () => {
  it("lists the caller's provider's tasks only, newest first, in the contract's shape", async () => {
    const res = await get('/api/tasks', erp.cookie);
    expect(res.statusCode).toBe(200);
    const body = taskListSchema.parse(res.json());
    expect(body.totalCount).toBe(4);
    expect(body.items.map((i) => i.taskId)).toEqual([...erp.taskIds].reverse().concat(demoTaskId));
    expect(body.items[0]).toMatchObject({
      taskType: 'test.import',
      taskStatus: TaskStatus.Draft,
      progress: 0,
      counts: null,
      taskArguments: { file: 'sheet-2.xlsx' },
    });
    expect(Number.isNaN(Date.parse(body.items[0].createdDate))).toBe(false);
  });

  it("shows the demo question upload: Success with its result's counts and its dates", async () => {
    const body = taskListSchema.parse((await get('/api/tasks', erp.cookie)).json());
    const demo = body.items.find((i) => i.taskId === demoTaskId);
    expect(demo).toMatchObject({
      taskType: DEMO_TASK_TYPE,
      taskStatus: TaskStatus.Success,
      progress: 100,
      counts: { total: 6, succeeded: 5, failed: 1 },
      taskDetails: 'Motion questions.xlsx: 5 of 6 questions uploaded',
    });
    expect(Date.parse(demo?.endDate ?? '')).toBeGreaterThan(Date.parse(demo?.startDate ?? ''));
  });

  it('counts from the output rows when the result has no counts, and from the result when it has', async () => {
    const erpList = taskListSchema.parse((await get('/api/tasks', erp.cookie)).json());
    expect(erpList.items.find((i) => i.taskId === erp.taskIds[0])?.counts).toEqual({
      total: 2,
      succeeded: 1,
      failed: 0,
    });
    const partnerList = taskListSchema.parse((await get('/api/tasks', partner.cookie)).json());
    // a student import reports { imported, groups }: refused rows are the distinct lines of its groups
    expect(partnerList.items.find((i) => i.taskId === bigTaskId)?.counts).toEqual({
      total: LOGS_BATCH + 4,
      succeeded: LOGS_BATCH + 3,
      failed: 1,
    });
  });

  it('ignores another providerId sent in the query or a header', async () => {
    const res = await get(`/api/tasks?providerId=${partner.providerId}`, erp.cookie, {
      'x-provider-id': String(partner.providerId),
      providerid: String(partner.providerId),
    });
    expect(res.statusCode).toBe(200);
    const ids = (body: { items: { taskId: number }[] }) => body.items.map((i) => i.taskId).sort();
    expect(ids(res.json())).toEqual([...erp.taskIds, demoTaskId].sort());
    const theirs = await get('/api/tasks', partner.cookie);
    expect(theirs.json().totalCount).toBe(3);
    expect(ids(theirs.json())).toEqual([...partner.taskIds].sort());
  });

  it('pages with pageNumber and pageSize', async () => {
    const res = await get('/api/tasks?pageNumber=2&pageSize=3', erp.cookie);
    expect(res.json()).toMatchObject({ totalCount: 4, items: [{ taskId: demoTaskId }] });
    expect(res.json().items).toHaveLength(1);
    const first = await get('/api/tasks?pageNumber=1&pageSize=3', erp.cookie);
    expect(first.json().items.map((i: { taskId: number }) => i.taskId)).toEqual([...erp.taskIds].reverse());
    expect((await get('/api/tasks?pageNumber=3&pageSize=3', erp.cookie)).json().items).toEqual([]);
    expect((await get('/api/tasks?pageSize=0', erp.cookie)).statusCode).toBe(400);
    expect((await get('/api/tasks?pageNumber=0', erp.cookie)).statusCode).toBe(400);
  });

  it('answers 401 without a session and 403 without the TaskManager ViewTask privilege on every route', async () => {
    const aggregator = await t.signIn('aggregator@example.com');
    for (const url of ['/api/tasks', `/api/tasks/${demoTaskId}/outputs`, `/api/tasks/${demoTaskId}/logs`]) {
      expect((await get(url)).statusCode).toBe(401);
      const res = await get(url, aggregator);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/TaskManager: ViewTask/);
    }
  });
});

describe('GET /api/tasks/:taskId/outputs', () => {
  it("pages a task's output rows, 7 a page by default", async () => {
    const res = await get(`/api/tasks/${erp.taskIds[0]}/outputs`, erp.cookie);
    expect(res.statusCode).toBe(200);
    const page = taskOutputListSchema.parse(res.json());
    expect(page.totalCount).toBe(2);
    expect(page.items.map((r) => [r.subTask, r.status, r.remark])).toEqual([
      ['Question Q-1', SubTaskStatus.Success, 'Imported'],
      ['Question Q-2', SubTaskStatus.InProcess, null],
    ]);
    expect(page.items[0].endDateTime).not.toBeNull();
    expect(page.items[1].endDateTime).toBeNull();

    const big = taskOutputListSchema.parse(
      (await get(`/api/tasks/${bigTaskId}/outputs`, partner.cookie)).json(),
    );
    expect(big.totalCount).toBe(LOGS_BATCH + 5);
    expect(big.items.map((r) => r.subTask)).toEqual(
      Array.from({ length: TASK_OUTPUT_PAGE_SIZE }, (_, i) => `Row ${i + 1}`),
    );
    const third = (await get(`/api/tasks/${bigTaskId}/outputs?pageNumber=3`, partner.cookie)).json();
    expect(third.items[0].subTask).toBe(`Row ${2 * TASK_OUTPUT_PAGE_SIZE + 1}`);
  });

  it('filters by status', async () => {
    const failed = taskOutputListSchema.parse(
      (await get(`/api/tasks/${demoTaskId}/outputs?status=${SubTaskStatus.Failed}`, erp.cookie)).json(),
    );
    expect(failed.totalCount).toBe(1);
    expect(failed.items[0]).toMatchObject({
      status: SubTaskStatus.Failed,
      subTask: expect.stringMatching(/PHY-MOT-401/),
    });
    expect(failed.items[0].remark).toMatch(/not a number/);
    expect((await get(`/api/tasks/${demoTaskId}/outputs?status=7`, erp.cookie)).statusCode).toBe(400);
  });

  it("answers an empty page for a task without outputs and 404 for another provider's or a missing task", async () => {
    expect((await get(`/api/tasks/${erp.taskIds[1]}/outputs`, erp.cookie)).json()).toEqual({
      items: [],
      totalCount: 0,
    });
    expect((await get(`/api/tasks/${erp.taskIds[0]}/outputs`, partner.cookie)).statusCode).toBe(404);
    expect((await get('/api/tasks/999999/outputs', erp.cookie)).statusCode).toBe(404);
    expect((await get('/api/tasks/abc/outputs', erp.cookie)).statusCode).toBe(400);
  });
});

describe('GET /api/tasks/:taskId/logs', () => {
  it('downloads Logs_{timestamp}.zip with the task as JSON and its output rows as CSV', async () => {
    const res = await get(`/api/tasks/${demoTaskId}/logs`, erp.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const name = /filename="([^"]+)"/.exec(String(res.headers['content-disposition']))?.[1];
    expect(name).toMatch(LOGS_FILE_PATTERN);
    const entries = await unzip(res.rawPayload);
    expect([...entries.keys()]).toEqual([`task-${demoTaskId}.json`, `task-${demoTaskId}-outputs.csv`]);

    const json = JSON.parse(entries.get(`task-${demoTaskId}.json`) ?? '');
    expect(json).toMatchObject({
      taskId: demoTaskId,
      taskType: DEMO_TASK_TYPE,
      taskTypeName: 'Question upload',
      taskStatus: TaskStatus.Success,
      taskStatusName: 'Success',
      taskDetails: 'Motion questions.xlsx: 5 of 6 questions uploaded',
      counts: { total: 6, succeeded: 5, failed: 1 },
      result: { totalQuestionCount: 6, uploadedQuestionCount: 5, invalidQuestionCodes: ['PHY-MOT-401'] },
      taskArguments: { fileName: 'Motion questions.xlsx' },
    });

    const csv = entries.get(`task-${demoTaskId}-outputs.csv`) ?? '';
    expect(csv.startsWith('\uFEFFId,Status,SubTask,StartDateTime,EndDateTime,Remark\r\n')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(7);
    expect(lines[1]).toMatch(/^\d+,Success,Sheet 'Single Choice Questions': question PHY-MOT-101,\d{4}-/);
    const failed = lines.find((l) => l.includes('PHY-MOT-401'));
    expect(failed).toMatch(/,Failed,/);
    expect(failed).toMatch(/,Row 3: the answer '9\.8 m\/s2' is not a number; .*Question not uploaded\.$/);
  });

  it('streams every output row of a large task and defuses cells a spreadsheet would run as formulas', async () => {
    const res = await get(`/api/tasks/${bigTaskId}/logs`, partner.cookie);
    expect(res.statusCode).toBe(200);
    const entries = await unzip(res.rawPayload);
    const lines = (entries.get(`task-${bigTaskId}-outputs.csv`) ?? '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(LOGS_BATCH + 6);
    expect(lines.at(-1)).toMatch(new RegExp(`,Success,Row ${LOGS_BATCH + 5},`));
    expect(lines[3]).toMatch(/,Failed,Row 3,.*,"'=HYPERLINK\(""http:\/\/x"", ""click""\), then ""more"""$/);
    const json = JSON.parse(entries.get(`task-${bigTaskId}.json`) ?? '');
    expect(json).toMatchObject({ taskTypeName: 'Student import', counts: { failed: 1 } });
  });

  it("answers 404 for another provider's or a missing task", async () => {
    expect((await get(`/api/tasks/${demoTaskId}/logs`, partner.cookie)).statusCode).toBe(404);
    expect((await get(`/api/tasks/${bigTaskId}/logs`, erp.cookie)).statusCode).toBe(404);
    expect((await get('/api/tasks/999999/logs', erp.cookie)).statusCode).toBe(404);
  });

  it('gives a task without output rows a CSV with the header only', async () => {
    const res = await get(`/api/tasks/${erp.taskIds[1]}/logs`, erp.cookie);
    const entries = await unzip(res.rawPayload);
    expect(entries.get(`task-${erp.taskIds[1]}-outputs.csv`)).toBe(
      '\uFEFFId,Status,SubTask,StartDateTime,EndDateTime,Remark\r\n',
    );
    expect(JSON.parse(entries.get(`task-${erp.taskIds[1]}.json`) ?? '')).toMatchObject({
      taskStatusName: 'Draft',
      taskTypeName: 'test.import',
      counts: null,
      result: null,
    });
  });
});
