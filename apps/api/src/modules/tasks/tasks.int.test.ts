import { taskListSchema, taskOutputListSchema } from '@assess/contracts/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createTaskRepository } from '../../platform/jobs/tasks.repository';

let t: TestApp;
let erp: { cookie: string; providerId: number; taskIds: number[] };
let partner: { cookie: string; providerId: number; taskIds: number[] };

async function account(email: string) {
  const cookie = await t.signIn(email);
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
  return { cookie, providerId: res.json().userDetails.providerId as number, taskIds: [] as number[] };
}
const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });

beforeAll(async () => {
  t = await createTestApp();
  erp = await account('erp@example.com');
  partner = await account('partner@example.com');
  t.deps.tasks.register('test.import', async () => undefined);
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
});
afterAll(() => t.close());

describe('GET /api/tasks', () => {
  it("lists the caller's provider's tasks only, newest first, in the contract's shape", async () => {
    const res = await get('/api/tasks', erp.cookie);
    expect(res.statusCode).toBe(200);
    const body = taskListSchema.parse(res.json());
    expect(body.totalCount).toBe(3);
    expect(body.items.map((i) => i.taskId)).toEqual([...erp.taskIds].reverse());
    expect(body.items[0]).toMatchObject({
      taskType: 'test.import',
      taskStatus: 0,
      progress: 0,
      taskArguments: { file: 'sheet-2.xlsx' },
    });
    expect(Number.isNaN(Date.parse(body.items[0].createdDate))).toBe(false);
  });

  it('ignores another providerId sent in the query or a header', async () => {
    const res = await get(`/api/tasks?providerId=${partner.providerId}`, erp.cookie, {
      'x-provider-id': String(partner.providerId),
      providerid: String(partner.providerId),
    });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .items.map((i: { taskId: number }) => i.taskId)
        .sort(),
    ).toEqual([...erp.taskIds].sort());
    const theirs = await get('/api/tasks', partner.cookie);
    expect(theirs.json().totalCount).toBe(2);
    expect(
      theirs
        .json()
        .items.map((i: { taskId: number }) => i.taskId)
        .sort(),
    ).toEqual([...partner.taskIds].sort());
  });

  it('pages with pageNumber and pageSize', async () => {
    const res = await get('/api/tasks?pageNumber=2&pageSize=2', erp.cookie);
    expect(res.json()).toMatchObject({ totalCount: 3, items: [{ taskId: erp.taskIds[0] }] });
    expect((await get('/api/tasks?pageSize=0', erp.cookie)).statusCode).toBe(400);
  });

  it('answers 401 without a session and 403 without the TaskManager ViewTask privilege', async () => {
    expect((await get('/api/tasks')).statusCode).toBe(401);
    const aggregator = await t.signIn('aggregator@example.com');
    const res = await get('/api/tasks', aggregator);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/TaskManager: ViewTask/);
    expect((await get(`/api/tasks/${erp.taskIds[0]}/outputs`, aggregator)).statusCode).toBe(403);
  });
});

describe('GET /api/tasks/:taskId/outputs', () => {
  it("lists a task's output rows", async () => {
    const res = await get(`/api/tasks/${erp.taskIds[0]}/outputs`, erp.cookie);
    expect(res.statusCode).toBe(200);
    const rows = taskOutputListSchema.parse(res.json());
    expect(rows.map((r) => [r.subTask, r.status, r.remark])).toEqual([
      ['Question Q-1', 2, 'Imported'],
      ['Question Q-2', 0, null],
    ]);
    expect(rows[0].endDateTime).not.toBeNull();
    expect(rows[1].endDateTime).toBeNull();
  });

  it("answers an empty list for a task without outputs and 404 for another provider's or a missing task", async () => {
    expect((await get(`/api/tasks/${erp.taskIds[1]}/outputs`, erp.cookie)).json()).toEqual([]);
    expect((await get(`/api/tasks/${erp.taskIds[0]}/outputs`, partner.cookie)).statusCode).toBe(404);
    expect((await get('/api/tasks/999999/outputs', erp.cookie)).statusCode).toBe(404);
    expect((await get('/api/tasks/abc/outputs', erp.cookie)).statusCode).toBe(400);
  });
});
