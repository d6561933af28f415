import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CpuTasks } from '../../cpu-tasks';
import { AppError } from '../http/errors';

/** A refusal a CPU task reports about its input (a damaged file): the message is for the user. */
export class CpuRefusal extends Error {}
/** The task's worker ran out of its heap (CPU_POOL_HEAP_MB): the input is too much to handle. */
export class CpuOutOfMemory extends Error {}

export const cpuPoolMessages = {
  busy: 'The server is busy with other imports: try again in a few minutes.',
} as const;

export type CpuTaskName = keyof CpuTasks;
type Input<K extends CpuTaskName> = Parameters<CpuTasks[K]>[0];
type Output<K extends CpuTaskName> = Awaited<ReturnType<CpuTasks[K]>>;

export type CpuPool = {
  /** Runs a registered CPU task on a worker thread; waits in a bounded queue when every worker is busy. */
  run<K extends CpuTaskName>(task: K, input: Input<K>): Promise<Output<K>>;
  /**
   * Starts every worker now and has each load its modules and run the tasks' warm-ups (tasks named '*.warm'),
   * so the first real task (an OMR batch at the start of an exam) meets no cold thread. Resolves when all are warm.
   */
  warm(): Promise<void>;
  /** Tasks running and waiting (diagnostics, tests). */
  load(): { running: number; waiting: number; workers: number };
  close(): Promise<void>;
};

export type CpuPoolOptions = {
  /** Worker threads at most (CPU_POOL_SIZE; default cores − 1, at least 1). */
  size?: number;
  /** Tasks that may wait for a worker; one more is refused with 503 (CPU_POOL_QUEUE, default 100). */
  maxQueue?: number;
  /** Heap of each worker in MB (a task that needs more fails as CpuOutOfMemory). */
  heapMb?: number;
  /**
   * The worker's compiled file (cpu-worker.js of a build.mjs output). The API tests start from the sources but hand
   * their workers the run's one build, so no worker pays the TypeScript loader (about 1 CPU-s a start).
   */
  workerFile?: URL;
};

/**
 * The compiled server has cpu-worker.js beside its bundle; the sources (npm run dev, tests) run
 * src/cpu-worker.ts through tsx.
 */
const compiled = import.meta.url.endsWith('.js');
const workerFile = compiled
  ? new URL('./cpu-worker.js', import.meta.url)
  : new URL('../../cpu-worker.ts', import.meta.url);
const workerExecArgv = compiled ? [] : ['--import', 'tsx'];

/** The worker's own task (cpu-worker.ts): runs every '*.warm' task of the list. */
export const WARM_TASK = 'cpu.warm';

type Job = {
  task: string;
  input: unknown;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
};
type Slot = { worker: Worker; job: Job | undefined };
type Reply = { ok: true; value: unknown } | { ok: false; refused?: string; error?: string };

/**
 * CPU-heavy work (parsing spreadsheets and question files; OMR pages and analytics next) runs here, on worker
 * threads, never on the event loop that serves answer saves. Workers start when first needed and stay; one that
 * dies (out of memory, a crash) is replaced and fails only its own task. The queue is bounded: past it, 503.
 */
export function createCpuPool(opts: CpuPoolOptions = {}): CpuPool {
  const size = Math.max(1, Math.floor(opts.size ?? Math.max(1, os.availableParallelism() - 1)));
  const maxQueue = Math.max(0, opts.maxQueue ?? 100);
  const heapMb = opts.heapMb ?? 768;
  const slots: Slot[] = [];
  const waiting: Job[] = [];
  let closed = false;

  function spawn(): Slot {
    const worker = new Worker(opts.workerFile ?? workerFile, {
      execArgv: opts.workerFile ? [] : workerExecArgv,
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
    worker.unref();
    const slot: Slot = { worker, job: undefined };
    worker.on('message', (reply: Reply) => {
      const job = slot.job;
      slot.job = undefined;
      if (job) {
        if (reply.ok) job.resolve(reply.value);
        else job.reject(reply.refused !== undefined ? new CpuRefusal(reply.refused) : new Error(reply.error));
      }
      next();
    });
    const lost = (err: unknown) => {
      const i = slots.indexOf(slot);
      if (i < 0) return;
      slots.splice(i, 1);
      const job = slot.job;
      slot.job = undefined;
      const e = err as (Error & { code?: string }) | undefined;
      job?.reject(
        e?.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new CpuOutOfMemory(e.message)
          : new Error(`the CPU worker stopped: ${e?.message ?? 'exited'}`),
      );
      void worker.terminate();
      next();
    };
    worker.on('error', lost);
    worker.on('exit', () => lost(undefined));
    slots.push(slot);
    return slot;
  }

  function next() {
    while (!closed && waiting.length > 0) {
      const slot = slots.find((s) => !s.job) ?? (slots.length < size ? spawn() : undefined);
      if (!slot) return;
      const job = waiting.shift()!;
      slot.job = job;
      slot.worker.postMessage({ task: job.task, input: job.input });
    }
  }

  return {
    run(task, input) {
      if (closed) return Promise.reject(new Error('the CPU pool is closed'));
      const busy = slots.filter((s) => s.job).length;
      if (busy >= size && waiting.length >= maxQueue)
        return Promise.reject(new AppError(503, cpuPoolMessages.busy));
      return new Promise((resolve, reject) => {
        waiting.push({ task, input, resolve: resolve as (v: unknown) => void, reject });
        next();
      });
    },
    async warm() {
      if (closed) return;
      const warmUps = Array.from(
        { length: size - slots.length },
        () =>
          new Promise<unknown>((resolve, reject) => {
            waiting.push({ task: WARM_TASK, input: null, resolve, reject });
            next();
          }),
      );
      await Promise.all(warmUps);
    },
    load: () => ({
      running: slots.filter((s) => s.job).length,
      waiting: waiting.length,
      workers: slots.length,
    }),
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.reject(new Error('the CPU pool is closed'));
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}
