// A worker thread of the CPU pool (platform/workers/cpu-pool.ts): runs the named task on the input it is sent and
// posts the result back, one task at a time. A CpuRefusal is a refusal of the input (its message is for the user).
import { parentPort } from 'node:worker_threads';
import { cpuTasks } from './cpu-tasks';
import { CpuRefusal } from './platform/workers/cpu-pool';

type Handler = (input: unknown) => Promise<unknown>;
parentPort?.on('message', async ({ task, input }: { task: string; input: unknown }) => {
  const handler = (cpuTasks as Record<string, Handler>)[task];
  try {
    if (!handler) throw new Error(`no CPU task named ${task}`);
    parentPort?.postMessage({ ok: true, value: await handler(input) });
  } catch (err) {
    parentPort?.postMessage(
      err instanceof CpuRefusal
        ? { ok: false, refused: err.message }
        : { ok: false, error: (err as Error)?.message ?? String(err) },
    );
  }
});
