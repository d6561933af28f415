// A worker thread of the CPU pool (platform/workers/cpu-pool.ts): runs the named task on the input it is sent and
// posts the result back, one task at a time. A CpuRefusal is a refusal of the input (its message is for the user).
// The pool's warm-up (WARM_TASK) runs every task named '*.warm' (native libraries loaded, first-call costs paid).
import { parentPort } from 'node:worker_threads';
import { cpuTasks } from './cpu-tasks';
import { CpuRefusal, WARM_TASK } from './platform/workers/cpu-pool';

type Handler = (input: unknown) => Promise<unknown>;
const handlers = cpuTasks as Record<string, Handler>;
const warm: Handler = async () => {
  for (const [name, handler] of Object.entries(handlers)) if (name.endsWith('.warm')) await handler(null);
  return null;
};
parentPort?.on('message', async ({ task, input }: { task: string; input: unknown }) => {
  const handler = task === WARM_TASK ? warm : handlers[task];
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
