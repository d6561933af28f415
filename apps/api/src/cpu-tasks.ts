import { omrCpuTasks } from './modules/omr/cpu';
import { questionImportsCpuTasks } from './modules/question-imports/cpu';

/**
 * Every CPU task a worker thread of the pool (platform/workers/cpu-pool.ts) can run, by name: each module that has
 * CPU-heavy work declares its tasks in its `cpu.ts` (pure functions of plain, cloneable input and output) and is
 * listed here once. A name is unique (the object literal refuses a repeat).
 */
export const cpuTasks = {
  ...questionImportsCpuTasks,
  ...omrCpuTasks,
};
export type CpuTasks = typeof cpuTasks;
