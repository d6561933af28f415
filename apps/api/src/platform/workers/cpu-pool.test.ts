import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { type CpuPool, CpuRefusal, cpuPoolMessages, createCpuPool } from './cpu-pool';

// The CPU pool (issue 28): CPU-heavy work on worker threads, a bounded queue, refusals carried back.
let pool: CpuPool;
afterEach(() => pool?.close());

const garbage = { buf: new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]), kind: 'xlsx' as const };

describe('CPU pool', () => {
  it("runs a task on a worker thread and carries the task's refusal back with its message", async () => {
    pool = createCpuPool({ size: 1 });
    const err = await pool.run('questions.parseWorkbook', garbage).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CpuRefusal);
    expect((err as Error).message.length).toBeGreaterThan(0);
    expect(pool.load()).toEqual({ running: 0, waiting: 0, workers: 1 });
  }, 60_000);

  it('queues beyond its workers and refuses with 503 once the queue is full; the queued ones still run', async () => {
    pool = createCpuPool({ size: 1, maxQueue: 1 });
    const first = pool.run('questions.parseWorkbook', garbage).catch((e: unknown) => e);
    const second = pool.run('questions.parseWorkbook', garbage).catch((e: unknown) => e);
    expect(pool.load()).toMatchObject({ running: 1, waiting: 1 });
    const third = await pool.run('questions.parseWorkbook', garbage).catch((e: unknown) => e);
    expect(third).toBeInstanceOf(AppError);
    expect(third).toMatchObject({ statusCode: 503, message: cpuPoolMessages.busy });
    expect(await first).toBeInstanceOf(CpuRefusal);
    expect(await second).toBeInstanceOf(CpuRefusal);
  }, 60_000);

  it('warms up: every worker started and its warm-up tasks run before the first task', async () => {
    pool = createCpuPool({ size: 2 });
    expect(pool.load().workers).toBe(0);
    await pool.warm();
    expect(pool.load()).toEqual({ running: 0, waiting: 0, workers: 2 });
    await pool.warm();
    expect(pool.load().workers).toBe(2);
  }, 60_000);

  it('refuses new work once closed', async () => {
    pool = createCpuPool({ size: 1 });
    await pool.close();
    await expect(pool.run('questions.parseWorkbook', garbage)).rejects.toThrow('the CPU pool is closed');
  });
});
