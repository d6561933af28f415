import { SubTaskStatus, TaskStatus } from '@assess/contracts/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/harness';
import { waitFor } from '../../../test/wait';
import { AppError } from '../http/errors';
import { createTaskRepository, type TaskRow } from './tasks.repository';
import { taskQueueName } from './tasks.service';

let t: TestApp;
let providerId: number;
let userId: number;

const finished = (taskId: number) =>
  waitFor(async () => {
    const row = await t.deps.tasks.find(taskId);
    return row && row.taskStatus >= TaskStatus.Success ? row : undefined;
  });

beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await t.deps.handle.sql.executeSql(
    'select user_id, provider_id from users where user_name = $1',
    ['erp@example.com'],
  );
  const row = rows[0] as { user_id: number; provider_id: number };
  providerId = row.provider_id;
  userId = row.user_id;
});
afterAll(() => t.close());

describe('tasks on pg-boss', () => {
  it('queues without working while runJobs is false; a started worker runs it to Success with progress 100 and output rows', async () => {
    const seen: number[] = [];
    t.deps.tasks.register(
      'test.ok',
      async ({ args, progress, subtask, outputs, attempt }) => {
        seen.push(args.n);
        const first = await subtask('Read the sheet');
        await progress(40.4, 'Half way');
        await first.done('12 rows');
        const second = await subtask('Row 3');
        await second.fail('Duplicate question code');
        // Many rows at once, already ended (one insert).
        await outputs([
          { name: 'Row 4', failed: false, remark: 'Imported as Q4.' },
          { name: 'Row 5', failed: true, remark: 'No answer is marked correct.' },
        ]);
        return { imported: args.n, attempt };
      },
      { args: z.object({ n: z.number() }) },
    );
    const task = await t.deps.tasks.createTask({
      providerId,
      userId,
      taskType: 'test.ok',
      args: { n: 7 },
      priority: 3,
    });
    expect(task).toMatchObject({
      taskStatus: TaskStatus.Draft,
      progress: 0,
      priority: 3,
      taskArguments: { n: 7 },
    });
    expect(await t.deps.jobs.jobState(taskQueueName('test.ok'), task.jobId as string)).toBe('created');

    // Nothing can pick it up: this process has no worker on any queue until startWorkers.
    expect(t.deps.jobs.boss.getWipData({ includeInternal: true })).toEqual([]);
    expect(seen).toEqual([]);
    expect((await t.deps.tasks.find(task.taskId))?.taskStatus).toBe(TaskStatus.Draft);

    await t.deps.jobs.startWorkers({ pollingIntervalSeconds: 0.5 });
    const done = await finished(task.taskId);
    expect(seen).toEqual([7]);
    expect(done).toMatchObject({
      taskStatus: TaskStatus.Success,
      progress: 100,
      attempts: 1,
      taskDetails: 'Half way',
      result: { imported: 7, attempt: 1 },
      createdBy: userId,
    });
    expect(done.startDate).toBeInstanceOf(Date);
    expect(done.endDate?.getTime()).toBeGreaterThanOrEqual(done.startDate?.getTime() ?? Number.NaN);
    const outputs = await createTaskRepository(t.deps.db).outputsForProvider(providerId, task.taskId);
    expect(outputs?.map((o) => [o.subTask, o.status, o.remark])).toEqual([
      ['Read the sheet', SubTaskStatus.Success, '12 rows'],
      ['Row 3', SubTaskStatus.Failed, 'Duplicate question code'],
      ['Row 4', SubTaskStatus.Success, 'Imported as Q4.'],
      ['Row 5', SubTaskStatus.Failed, 'No answer is marked correct.'],
    ]);
    expect(outputs?.every((o) => o.startDateTime && o.endDateTime)).toBe(true);
    // The task row ends inside the handler; pg-boss records the job's end just after it.
    await expect
      .poll(() => t.deps.jobs.jobState(taskQueueName('test.ok'), task.jobId as string), { timeout: 5000 })
      .toBe('completed');
  });

  it('retries a failing handler and marks the task Failed only when the retries are spent', async () => {
    let calls = 0;
    let duringRetry: TaskRow | undefined;
    t.deps.tasks.register(
      'test.fail',
      async ({ task }) => {
        calls++;
        if (calls === 2) duringRetry = await t.deps.tasks.find(task.taskId);
        throw new Error(`boom ${calls}`);
      },
      { retryLimit: 2, retryDelay: 0, retryBackoff: false },
    );
    const task = await t.deps.tasks.createTask({ providerId, userId, taskType: 'test.fail', args: {} });
    const done = await finished(task.taskId);
    expect(calls).toBe(3);
    expect(duringRetry).toMatchObject({
      taskStatus: TaskStatus.Started,
      taskDetails: 'Attempt 1 failed: boom 1 (retrying)',
    });
    expect(done).toMatchObject({ taskStatus: TaskStatus.Failed, taskDetails: 'boom 3', attempts: 3 });
    expect(done.endDate).toBeInstanceOf(Date);
    // The task row ends inside the handler; pg-boss records the job's end just after it.
    await expect
      .poll(() => t.deps.jobs.jobState(taskQueueName('test.fail'), task.jobId as string), { timeout: 5000 })
      .toBe('failed');
  });

  it('a handler that fails once and then succeeds ends Success on its second attempt', async () => {
    let calls = 0;
    t.deps.tasks.register(
      'test.flaky',
      async () => {
        calls++;
        if (calls === 1) throw new Error('database busy');
        return 'fine';
      },
      { retryLimit: 3, retryDelay: 0, retryBackoff: false },
    );
    const task = await t.deps.tasks.createTask({ providerId, userId, taskType: 'test.flaky', args: {} });
    expect(await finished(task.taskId)).toMatchObject({
      taskStatus: TaskStatus.Success,
      attempts: 2,
      result: 'fine',
    });
    expect(calls).toBe(2);
  });

  it('backs off before a retry: the job waits retryDelay or more, the task stays Started with the failure noted', async () => {
    t.deps.tasks.register(
      'test.backoff',
      async () => {
        throw new Error('remote down');
      },
      { retryLimit: 4, retryDelay: 30, retryBackoff: true, retryDelayMax: 600 },
    );
    const task = await t.deps.tasks.createTask({ providerId, userId, taskType: 'test.backoff', args: {} });
    const name = taskQueueName('test.backoff');
    const job = await waitFor(async () => {
      const [j] = await t.deps.jobs.boss.findJobs(name, { id: task.jobId as string });
      return j?.state === 'retry' ? j : undefined;
    });
    expect(job).toMatchObject({ retryLimit: 4, retryDelay: 30, retryBackoff: true, retryDelayMax: 600 });
    expect(job.startAfter.getTime() - Date.now()).toBeGreaterThan(20_000);
    expect(await t.deps.tasks.find(task.taskId)).toMatchObject({
      taskStatus: TaskStatus.Started,
      taskDetails: 'Attempt 1 failed: remote down (retrying)',
    });
  });

  it('does not run a task scheduled for later before its time', async () => {
    const ran: number[] = [];
    t.deps.tasks.register('test.later', async () => {
      ran.push(Date.now());
    });
    const at = new Date(Date.now() + 1500);
    const task = await t.deps.tasks.createTask({
      providerId,
      userId,
      taskType: 'test.later',
      args: {},
      scheduleDate: at,
    });
    expect(task.scheduleDate?.getTime()).toBe(at.getTime());
    const [job] = await t.deps.jobs.boss.findJobs(taskQueueName('test.later'), { id: task.jobId as string });
    expect(job.startAfter.getTime()).toBe(at.getTime());
    expect(await finished(task.taskId)).toMatchObject({ taskStatus: TaskStatus.Success });
    // It ran once, and not before its time (the workers poll every 0.5 s meanwhile).
    expect(ran).toHaveLength(1);
    expect(ran[0]).toBeGreaterThanOrEqual(at.getTime());
  });

  it('inserts the task and its job in one transaction: a failed enqueue leaves no task behind', async () => {
    const repo = createTaskRepository(t.deps.db);
    const count = async () =>
      Number(
        (
          (
            await t.deps.handle.sql.executeSql(
              "select count(*)::int as n from tasks where task_type = 'test.tx'",
            )
          ).rows[0] as {
            n: number;
          }
        ).n,
      );
    await t.deps.jobs.prepare('task.test.tx');
    await expect(
      repo.insertWithJob(
        { providerId, taskType: 'test.tx', priority: 0, jobId: 'not-a-uuid', createdBy: userId },
        (row, db) => t.deps.jobs.send('task.test.tx', { taskId: row.taskId }, { id: 'not-a-uuid', db }),
      ),
    ).rejects.toThrow();
    expect(await count()).toBe(0);
    const id = crypto.randomUUID();
    const row = await repo.insertWithJob(
      { providerId, taskType: 'test.tx', priority: 0, jobId: id, createdBy: userId },
      (r, db) => t.deps.jobs.send('task.test.tx', { taskId: r.taskId }, { id, db }),
    );
    expect(await count()).toBe(1);
    expect(await t.deps.jobs.jobState('task.test.tx', id)).toBe('created');
    expect(row.jobId).toBe(id);
  });

  it('refuses unknown task types and invalid arguments without recording anything', async () => {
    await expect(
      t.deps.tasks.createTask({ providerId, userId, taskType: 'test.nope', args: {} }),
    ).rejects.toThrow(/unknown task type/);
    const err = await t.deps.tasks
      .createTask({ providerId, userId, taskType: 'test.ok', args: { n: 'seven' } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(400);
    expect((err as AppError).fields).toHaveProperty('n');
    const { rows } = await t.deps.handle.sql.executeSql(
      "select count(*)::int as n from tasks where task_type = 'test.ok'",
    );
    expect((rows[0] as { n: number }).n).toBe(1);
  });
});
