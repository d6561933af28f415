import { TaskStatus } from '@assess/contracts/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { waitFor } from '../../../test/wait';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { createJobRunner, type JobRunner, type TaskHandler } from './index';
import { taskQueueName } from './tasks.service';

const JOBS = 50;
const onPostgres = Boolean(process.env.DATABASE_URL);
let t: TestApp | undefined;
let second: { handle: DatabaseHandle; runner: JobRunner } | undefined;

beforeAll(async () => {
  if (onPostgres) t = await createTestApp();
});
afterAll(async () => {
  await second?.runner.stop();
  await second?.handle.close();
  await t?.close();
});

describe('two server processes on one PostgreSQL database', () => {
  it.skipIf(!onPostgres)('share the queue and never run the same job twice', async () => {
    if (!t) throw new Error('no app');
    // Process 1 is the app; process 2 has its own connection pool and its own pg-boss instance.
    const handle = await openDatabase({ url: t.deps.handle.url, poolSize: 4 });
    const runner = createJobRunner({ handle, log: t.app.log, clock: () => new Date(), runJobs: false });
    second = { handle, runner };
    const runs = new Map<number, string[]>();
    const handler =
      (who: string): TaskHandler<{ n: number }> =>
      async ({ task }) => {
        runs.set(task.taskId, [...(runs.get(task.taskId) ?? []), who]);
        // The work takes a moment, so both processes poll while jobs are active (not a wait).
        await new Promise((r) => setTimeout(r, 20));
      };
    const options = { localConcurrency: 4, retryLimit: 0 };
    t.deps.tasks.register('test.once', handler('one'), options);
    runner.tasks.register('test.once', handler('two'), options);
    await runner.start();

    const { rows } = await t.deps.handle.sql.executeSql('select provider_id from providers limit 1');
    const providerId = (rows[0] as { provider_id: number }).provider_id;
    const ids: number[] = [];
    const jobIds: string[] = [];
    for (let n = 0; n < JOBS; n++) {
      const task = await t.deps.tasks.createTask({
        providerId,
        userId: null,
        taskType: 'test.once',
        args: { n },
      });
      ids.push(task.taskId);
      jobIds.push(task.jobId as string);
    }
    await Promise.all([
      t.deps.jobs.startWorkers({ pollingIntervalSeconds: 0.5 }),
      runner.startWorkers({ pollingIntervalSeconds: 0.5 }),
    ]);

    const { jobs, handle: db } = t.deps;
    await waitFor(async () => {
      const { rows: left } = await db.sql.executeSql(
        "select count(*)::int as n from tasks where task_type = 'test.once' and task_status <> $1",
        [TaskStatus.Success],
      );
      return (left[0] as { n: number }).n === 0;
    }, 20_000);
    // Every job completed in pg-boss: a completed job is never fetched again, so no duplicate run can
    // still come (the task row ends inside the handler, just before pg-boss records the job's end).
    const queue = taskQueueName('test.once');
    await waitFor(async () => {
      const states = await Promise.all(jobIds.map((id) => jobs.jobState(queue, id)));
      return states.every((state) => state === 'completed');
    }, 20_000);
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual(ids);
    const duplicates = [...runs.entries()].filter(([, who]) => who.length !== 1);
    expect(duplicates).toEqual([]);
    const by = (who: string) => [...runs.values()].filter((w) => w[0] === who).length;
    expect(by('one')).toBeGreaterThan(0);
    expect(by('two')).toBeGreaterThan(0);
    expect(by('one') + by('two')).toBe(JOBS);
  });
});
