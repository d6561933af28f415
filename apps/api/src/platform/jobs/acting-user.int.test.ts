import { TaskStatus, taskMessages } from '@assess/contracts/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/harness';
import { waitFor } from '../../../test/wait';
import type { Principal } from '../auth/principal';
import { defineTask } from './registry';

/**
 * The one rule for the acting user (issue 28): a defined task runs as its creator's principal as of run time.
 * A creator switched off, or without the task's privilege, meanwhile gets a Failed task with the reason, and
 * the handler does not run.
 */
let t: TestApp;
let providerId: number;
let userId: number;
const seen: Principal[] = [];
const actingTask = defineTask(
  { type: 'test.acting', name: 'Acting user' },
  { args: z.object({ n: z.number() }), access: { privilege: ['Student', 'AddStudent'] }, retryLimit: 2 },
);

const finished = (taskId: number) =>
  waitFor(async () => {
    const row = await t.deps.tasks.find(taskId);
    return row && row.taskStatus >= TaskStatus.Success ? row : undefined;
  });
const sql = (text: string, values: unknown[]) => t.deps.handle.sql.executeSql(text, values);
const create = () =>
  t.deps.tasks.createTask({ providerId, userId, taskType: actingTask.type, args: { n: 1 } });

beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await sql('select user_id, provider_id from users where user_name = $1', [
    'erp@example.com',
  ]);
  const row = rows[0] as { user_id: number; provider_id: number };
  providerId = row.provider_id;
  userId = row.user_id;
  t.deps.tasks.handle(actingTask, async ({ principal }) => {
    seen.push(principal);
    return { userId: principal.userId };
  });
  await t.deps.jobs.startWorkers({ pollingIntervalSeconds: 0.5 });
});
afterAll(() => t.close());

describe('a task runs as its creator as of run time', () => {
  it("runs with the creator's principal while the creator may run it", async () => {
    const done = await finished((await create()).taskId);
    expect(done).toMatchObject({ taskStatus: TaskStatus.Success, result: { userId } });
    expect(seen.at(-1)).toMatchObject({ userId, providerId });
  });

  it('fails with a clear remark, without running or retrying, when the creator was switched off meanwhile', async () => {
    const before = seen.length;
    // Between the request and the run (the route checked the creator when the task was created).
    await sql('update users set is_active = false where user_id = $1', [userId]);
    const done = await finished((await create()).taskId);
    await sql('update users set is_active = true where user_id = $1', [userId]);
    expect(done).toMatchObject({
      taskStatus: TaskStatus.Failed,
      taskDetails: taskMessages.creatorInactive,
      attempts: 1,
    });
    expect(seen.length).toBe(before);
  });

  it("fails with a clear remark when the creator's roles no longer grant the task's privilege", async () => {
    const before = seen.length;
    await sql('delete from user_roles where user_id = $1', [userId]);
    const done = await finished((await create()).taskId);
    expect(done).toMatchObject({
      taskStatus: TaskStatus.Failed,
      taskDetails: taskMessages.creatorLacksPrivilege('Student: AddStudent'),
      attempts: 1,
    });
    expect(done.taskDetails).toBe(
      'The task did not run: the user who created it no longer has the privilege Student: AddStudent.',
    );
    expect(seen.length).toBe(before);
  });
});
