import { SubTaskStatus, TaskStatus } from '@assess/contracts/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClock } from '../../../test/harness';
import { waitFor } from '../../../test/wait';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { createJobRunner, HOUSEKEEPING_QUEUE, type JobRunner, type TaskHandler } from './index';
import { createTaskRepository } from './tasks.repository';
import { taskQueueName } from './tasks.service';

const STALE_SECONDS = 120;
const clock = testClock();
let t: TestApp;
let providerId: number;
/** "Another server process": its own pg-boss (and, on PostgreSQL, its own connection pool). */
let otherHandle: DatabaseHandle;
const others: JobRunner[] = [];

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

async function otherProcess(register: (r: JobRunner) => void, runJobs = false) {
  const runner = createJobRunner({
    handle: otherHandle,
    log: t.app.log,
    clock,
    runJobs,
    pollingIntervalSeconds: 0.5,
    staleTaskSeconds: STALE_SECONDS,
  });
  others.push(runner);
  register(runner);
  await runner.start();
  return runner;
}

/**
 * First attempt: records a subtask, then hangs until released (a long import when its process dies).
 * `returned` resolves once the released first attempt has made its last write and returned.
 */
function hangingOnce(pickedUp: { resolve(): void }, release: Promise<void>) {
  const returned = deferred();
  const handler: TaskHandler<unknown> = async ({ attempt, subtask }) => {
    if (attempt === 1) {
      const row = await subtask('Row 1');
      pickedUp.resolve();
      await release;
      await row.done('finished late');
      returned.resolve();
    }
    return `attempt ${attempt}`;
  };
  return { handler, returned: returned.promise };
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  otherHandle = t.deps.handle.url
    ? await openDatabase({ url: t.deps.handle.url, poolSize: 3 })
    : t.deps.handle;
  const { rows } = await t.deps.handle.sql.executeSql('select provider_id from users where user_name = $1', [
    'erp@example.com',
  ]);
  providerId = (rows[0] as { provider_id: number }).provider_id;
});
afterAll(async () => {
  for (const r of others) await r.stop({ graceful: false });
  if (otherHandle !== t.deps.handle) await otherHandle.close();
  await t.close();
});

describe('a task left Started by a killed process', () => {
  it('is marked Failed by the sweep once its heartbeat is stale and pg-boss has failed its job; the dead attempt writes nothing more', async () => {
    const pickedUp = deferred();
    const release = deferred();
    const { handler, returned } = hangingOnce(pickedUp, release.promise);
    t.deps.tasks.register('test.hang', handler, { retryLimit: 0 });
    const a = await otherProcess((r) => r.tasks.register('test.hang', handler, { retryLimit: 0 }));
    const task = await t.deps.tasks.createTask({ providerId, userId: null, taskType: 'test.hang', args: {} });
    await a.startWorkers();
    await pickedUp.promise;
    expect(await t.deps.tasks.find(task.taskId)).toMatchObject({
      taskStatus: TaskStatus.Started,
      attempts: 1,
    });

    // Process A dies: pg-boss fails its active job (what the supervisor of a surviving process does once
    // the job's heartbeat or expiry lapses); the task row stays Started with its last heartbeat.
    await a.stop({ graceful: false });
    expect(await t.deps.jobs.jobState(taskQueueName('test.hang'), task.jobId as string)).toBe('failed');
    expect((await t.deps.jobs.housekeeping()).tasksFailed).toBe(0);
    expect((await t.deps.tasks.find(task.taskId))?.taskStatus).toBe(TaskStatus.Started);

    clock.advance((STALE_SECONDS + 1) * 1000);
    expect((await t.deps.jobs.housekeeping()).tasksFailed).toBe(1);
    const failed = await t.deps.tasks.find(task.taskId);
    expect(failed).toMatchObject({ taskStatus: TaskStatus.Failed });
    expect(failed?.taskDetails).toMatch(/interrupted/);
    const outputs = await createTaskRepository(t.deps.db).outputsForProvider(providerId, task.taskId);
    expect(outputs?.map((o) => o.status)).toEqual([SubTaskStatus.Failed]);

    release.resolve();
    await returned;
    expect((await t.deps.tasks.find(task.taskId))?.taskStatus).toBe(TaskStatus.Failed);
    const after = await createTaskRepository(t.deps.db).outputsForProvider(providerId, task.taskId);
    expect(after?.map((o) => [o.status, o.remark])).toEqual([[SubTaskStatus.Failed, failed?.taskDetails]]);
  });

  it('is left alone while its job is active or waiting to retry, and the retry runs it to Success', async () => {
    const pickedUp = deferred();
    const release = deferred();
    const { handler, returned } = hangingOnce(pickedUp, release.promise);
    const options = { retryLimit: 1, retryDelay: 0, retryBackoff: false };
    t.deps.tasks.register('test.hang-retry', handler, options);
    const a = await otherProcess((r) => r.tasks.register('test.hang-retry', handler, options));
    const task = await t.deps.tasks.createTask({
      providerId,
      userId: null,
      taskType: 'test.hang-retry',
      args: {},
    });
    await a.startWorkers();
    await pickedUp.promise;

    clock.advance((STALE_SECONDS + 1) * 1000);
    expect((await t.deps.jobs.housekeeping()).tasksFailed).toBe(0);
    await a.stop({ graceful: false });
    const queue = taskQueueName('test.hang-retry');
    expect(await t.deps.jobs.jobState(queue, task.jobId as string)).toBe('retry');
    expect((await t.deps.jobs.housekeeping()).tasksFailed).toBe(0);
    expect((await t.deps.tasks.find(task.taskId))?.taskStatus).toBe(TaskStatus.Started);

    await t.deps.jobs.startWorkers({ pollingIntervalSeconds: 0.5 });
    const done = await waitFor(async () => {
      const row = await t.deps.tasks.find(task.taskId);
      return row?.taskStatus === TaskStatus.Success ? row : undefined;
    });
    expect(done).toMatchObject({ attempts: 2, result: 'attempt 2', progress: 100 });
    release.resolve();
    await returned;
    expect(await t.deps.tasks.find(task.taskId)).toMatchObject({
      taskStatus: TaskStatus.Success,
      result: 'attempt 2',
    });
  });
});

describe('housekeeping', () => {
  it('purges sessions idle longer than the idle time', async () => {
    const cookie = await t.signIn('erp@example.com');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).statusCode,
    ).toBe(200);
    clock.advance((t.config.sessionIdleSeconds + 60) * 1000);
    expect((await t.deps.jobs.housekeeping()).sessionsPurged).toBeGreaterThanOrEqual(1);
    const { rows } = await t.deps.handle.sql.executeSql('select count(*)::int as n from sessions');
    expect((rows[0] as { n: number }).n).toBe(0);
  });

  it('runs on a cron schedule where jobs run, through its own queue', async () => {
    const runner = await otherProcess(() => {}, true);
    const [schedule] = await runner.boss.getSchedules(HOUSEKEEPING_QUEUE);
    expect(schedule).toMatchObject({ name: HOUSEKEEPING_QUEUE, cron: '*/5 * * * *' });
    await t.signIn('curator@example.com');
    clock.advance((t.config.sessionIdleSeconds + 60) * 1000);
    const id = await runner.send(HOUSEKEEPING_QUEUE, {});
    const job = await waitFor(async () => {
      const [j] = await runner.boss.findJobs(HOUSEKEEPING_QUEUE, { id });
      return j?.state === 'completed' ? j : undefined;
    });
    expect(job.output).toMatchObject({ sessionsPurged: 1, tasksFailed: 0 });
    await runner.stop();
  });
});
