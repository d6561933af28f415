// STUB: the platform helper replaces this with pg-boss + the task service.
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client';

export type JobRunner = {
  start(): Promise<void>;
  stop(): Promise<void>;
};

export function createJobRunner(_opts: {
  handle: DatabaseHandle;
  log: FastifyBaseLogger;
  clock: () => Date;
  runJobs: boolean;
}): JobRunner {
  return { start: async () => {}, stop: async () => {} };
}
