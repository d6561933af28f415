import type { EndpointAccess } from '@assess/contracts/common';
import type { TaskTypeEntry } from '@assess/contracts/tasks';
import type { z } from 'zod';
import type { JobOptions } from './index';

/**
 * One user-visible task type (a row in the task manager plus its pg-boss job), defined once in its module's
 * `tasks.ts` and listed in apps/api/src/background-work.ts: its stored and readable name (contracts
 * `taskTypes`), its arguments' schema (checked when the task is created and again when it runs), who may run
 * it and its retry/expiry options. Its one handler is attached with `tasks.handle(definition, handler)`.
 */
export type TaskDefinition<A = unknown> = JobOptions & {
  readonly kind: 'task';
  /** The stored task type (`tasks.task_type`); its job queue is `task.<type>`. */
  readonly type: string;
  /** The task manager's readable name (from contracts taskTypes). */
  readonly name: string;
  readonly args: z.ZodType<A>;
  /**
   * The one rule for the acting user: a task runs as its creator's principal as of run time, which must still
   * pass this rule (the creating endpoint's); a creator switched off or without the privilege meanwhile gets a
   * Failed task with the reason (contracts taskMessages), and the handler does not run.
   */
  readonly access: EndpointAccess;
};

/** One system job (a pg-boss queue with no task row): housekeeping, clocks, deliveries. */
export type JobDefinition<T extends object = object> = JobOptions & {
  readonly kind: 'job';
  readonly queue: string;
  /** The job's data, when it carries any (documentation and checks at the send site). */
  readonly data?: z.ZodType<T>;
};

export function defineTask<A>(
  /** The task type's entry in contracts `taskTypes` (tests may pass their own). */
  entry: Pick<TaskTypeEntry, 'type' | 'name'> | { readonly type: string; readonly name: string },
  def: JobOptions & { args: z.ZodType<A>; access: EndpointAccess },
): TaskDefinition<A> {
  return { kind: 'task', type: entry.type, name: entry.name, ...def };
}

export function defineJob<T extends object = object>(
  queue: string,
  options: JobOptions & { data?: z.ZodType<T> } = {},
): JobDefinition<T> {
  return { kind: 'job', queue, ...options };
}

/** The job options of a definition (what pg-boss's queue gets). */
export function jobOptionsOf(def: TaskDefinition<unknown> | JobDefinition<object>): JobOptions {
  const { retryLimit, retryDelay, retryBackoff, retryDelayMax, expireInSeconds, heartbeatSeconds } = def;
  const { localConcurrency, cron } = def;
  return Object.fromEntries(
    Object.entries({
      retryLimit,
      retryDelay,
      retryBackoff,
      retryDelayMax,
      expireInSeconds,
      heartbeatSeconds,
      localConcurrency,
      cron,
    }).filter(([, v]) => v !== undefined),
  ) as JobOptions;
}
