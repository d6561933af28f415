import { taskMessages } from '@assess/contracts/tasks';
import type { FastifyBaseLogger } from 'fastify';
import { type JobWithMetadata, PgBoss, type SendOptions } from 'pg-boss';
import { createAccessRepository } from '../access/access.repository';
import { inactiveReason } from '../auth/account-rules';
import { createPrincipalService } from '../auth/principal.service';
import { createSessionRepository } from '../auth/session.repository';
import type { DatabaseHandle, SqlExecutor } from '../db/client';
import { defineJob, type JobDefinition, jobOptionsOf } from './registry';
import { createTaskRepository } from './tasks.repository';
import { type ActingPrincipal, createTaskService, type TaskService } from './tasks.service';

export { ownTask } from './own-task';
export { defineJob, defineTask, type JobDefinition, type TaskDefinition } from './registry';
export type {
  DefinedTaskContext,
  DefinedTaskHandler,
  TaskContext,
  TaskHandler,
  TaskService,
  TaskTypeOptions,
} from './tasks.service';

/** Retry, expiry and concurrency of one kind of job (a pg-boss queue). */
export type JobOptions = {
  /** Retries after the first failure; 0 = one attempt only. */
  retryLimit?: number;
  /** Seconds before the first retry; with retryBackoff the delay roughly doubles per retry (with jitter). */
  retryDelay?: number;
  retryBackoff?: boolean;
  retryDelayMax?: number;
  /** A run longer than this fails (and is retried); also how long a job of a killed process stays active. */
  expireInSeconds?: number;
  /** pg-boss job heartbeat (>= 10): a job whose worker stopped beating is failed/retried by the supervisor. */
  heartbeatSeconds?: number;
  /** Concurrent jobs of this kind per process. */
  localConcurrency?: number;
  /** A recurring job (cron, UTC): installed with boss.schedule where jobs run (one job per tick, any process count). */
  cron?: string;
};
export type JobHandler<T> = (job: JobWithMetadata<T>) => Promise<unknown>;
export type JobState = JobWithMetadata['state'];
export type EnqueueOptions = {
  /** Not before this time (a Date, or seconds from now). */
  startAfter?: Date | number;
  /** Higher runs first. */
  priority?: number;
  /** Job id (uuid); generated when absent. */
  id?: string;
  /** Enqueue inside this transaction (see TaskRepository.insertWithJob); call prepare(name) before opening it. */
  db?: SqlExecutor;
};

/** The part of the runner the task service needs. */
export type JobQueue = {
  define<T extends object>(name: string, handler: JobHandler<T>, options?: JobOptions): void;
  /** Attaches the one handler of a defined system job (platform/jobs/registry defineJob). */
  handle<T extends object>(def: JobDefinition<T>, handler: JobHandler<T>): void;
  /** Makes sure the queue exists (and is known to pg-boss) before a send inside a transaction. */
  prepare(name: string): Promise<void>;
  send<T extends object>(name: string, data: T, options?: EnqueueOptions): Promise<string>;
  jobState(name: string, id: string): Promise<JobState | undefined>;
};

export type JobRunner = JobQueue & {
  /** Installs pg-boss's schema and queues; when runJobs, also starts workers, supervision and housekeeping. */
  start(): Promise<void>;
  /** Graceful: waits up to stopTimeoutMs for running jobs, then fails them (they are retried). */
  stop(options?: { graceful?: boolean }): Promise<void>;
  /** Starts workers for every defined queue (idempotent); what `runJobs` does, for tests and tools. */
  startWorkers(options?: { pollingIntervalSeconds?: number }): Promise<void>;
  /** One housekeeping pass (the scheduled job runs this): expired sessions purged, stuck tasks failed. */
  housekeeping(): Promise<{ sessionsPurged: number; tasksFailed: number }>;
  tasks: TaskService;
  /** The pg-boss instance, for tests and diagnostics. */
  boss: PgBoss;
};

export type JobRunnerOptions = {
  handle: DatabaseHandle;
  log: FastifyBaseLogger;
  clock: () => Date;
  /** Whether this process works jobs; false still allows enqueuing. */
  runJobs: boolean;
  /** Housekeeping purges sessions idle longer than this. */
  sessionIdleSeconds?: number;
  /** Housekeeping schedule (cron, UTC). */
  housekeepingCron?: string;
  pollingIntervalSeconds?: number;
  /** How often a running task writes tasks.heartbeat_at. */
  taskHeartbeatSeconds?: number;
  /** A Started task whose heartbeat is older than this is a candidate for the sweep. */
  staleTaskSeconds?: number;
  stopTimeoutMs?: number;
  /** pg-boss's own pool on PostgreSQL. */
  poolSize?: number;
};

/** Expired sessions purged, stuck tasks failed (every five minutes by default). */
export const housekeepingJob = defineJob('platform.housekeeping', { retryLimit: 0, expireInSeconds: 5 * 60 });
export const HOUSEKEEPING_QUEUE = housekeepingJob.queue;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const defaultJobOptions: Required<Omit<JobOptions, 'heartbeatSeconds' | 'retryDelayMax' | 'cron'>> = {
  retryLimit: 2,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  localConcurrency: 1,
};

type Definition = { handler: JobHandler<object>; options: JobOptions };

/** pg-boss refuses keys that are present but undefined. */
const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
const queueOptions = (o: JobOptions) =>
  defined({
    retryLimit: o.retryLimit,
    retryDelay: o.retryDelay,
    retryBackoff: o.retryBackoff,
    retryDelayMax: o.retryDelayMax,
    expireInSeconds: o.expireInSeconds,
    heartbeatSeconds: o.heartbeatSeconds,
  });

/**
 * Background work on pg-boss inside the server process. pg-boss claims jobs with SELECT ... FOR UPDATE
 * SKIP LOCKED, so any number of server processes on one PostgreSQL database share the queues and a
 * job runs in one of them only. On PGlite, pg-boss runs through `handle.sql` on the same in-process
 * database.
 */
export function createJobRunner(opts: JobRunnerOptions): JobRunner {
  const { handle, log, clock, runJobs } = opts;
  const boss = new PgBoss({
    ...(handle.url
      ? { connectionString: handle.url, max: opts.poolSize ?? 4, application_name: 'assess-jobs' }
      : { db: handle.sql, backend: 'pglite' as const }),
    schema: 'pgboss',
    // Supervision (expiring dead jobs, retention) and the cron clock run where jobs run.
    supervise: runJobs,
    schedule: runJobs,
  });
  boss.on('error', (err) => log.error({ err }, 'job runner error'));
  boss.on('warning', (w) => log.warn({ data: w.data }, `job runner: ${w.message}`));

  const definitions = new Map<string, Definition>();
  const queues = new Map<string, Promise<void>>();
  const working = new Set<string>();
  let started: Promise<void> | undefined;
  let workers: { pollingIntervalSeconds: number } | undefined;
  let stopped = false;

  /** Creates the queue once; then reads it once so pg-boss caches it (a send inside a PGlite transaction must not query outside it). */
  function ensureQueue(name: string) {
    let ready = queues.get(name);
    if (!ready) {
      const o = { ...defaultJobOptions, ...definitions.get(name)?.options };
      ready = (async () => {
        await boss.createQueue(name, queueOptions(o));
        await boss.findJobs(name, { id: NIL_UUID });
      })();
      ready.catch(() => queues.delete(name));
      queues.set(name, ready);
    }
    return ready;
  }

  async function startWorker(name: string) {
    if (!workers || working.has(name) || stopped) return;
    const def = definitions.get(name);
    if (!def) return;
    working.add(name);
    try {
      await ensureQueue(name);
      await boss.work(
        name,
        {
          batchSize: 1,
          includeMetadata: true,
          pollingIntervalSeconds: workers.pollingIntervalSeconds,
          localConcurrency: def.options.localConcurrency ?? defaultJobOptions.localConcurrency,
        },
        async ([job]: JobWithMetadata<object>[]) => def.handler(job),
      );
    } catch (err) {
      working.delete(name);
      throw err;
    }
  }

  const queue: JobQueue = {
    define(name, handler, options = {}) {
      if (definitions.has(name)) throw new Error(`job ${name} is already defined`);
      definitions.set(name, { handler: handler as JobHandler<object>, options });
      if (workers) startWorker(name).catch((err) => log.error({ err }, `could not start worker for ${name}`));
    },
    handle(def, handler) {
      queue.define(def.queue, handler, jobOptionsOf(def as JobDefinition<object>));
    },
    async prepare(name) {
      if (!started) throw new Error('the job runner has not started');
      await started;
      await ensureQueue(name);
    },
    async send(name, data, options = {}) {
      await queue.prepare(name);
      const o = { ...defaultJobOptions, ...definitions.get(name)?.options };
      const send: SendOptions = defined({
        id: options.id,
        priority: options.priority,
        startAfter: options.startAfter,
        db: options.db,
        ...queueOptions(o),
      });
      const id = await boss.send(name, data, send);
      if (!id) throw new Error(`job ${name} was not queued`);
      return id;
    },
    async jobState(name, id) {
      try {
        const [job] = await boss.findJobs(name, { id });
        return job?.state;
      } catch (err) {
        if (/does not exist/.test((err as Error).message)) return undefined;
        throw err;
      }
    },
  };

  const sessions = createSessionRepository(handle.db);
  const access = createAccessRepository(handle.db);
  const principals = createPrincipalService({ access });
  /** A task's creator as of run time (the one rule for the acting user; see TaskDefinition.access). */
  const actor: ActingPrincipal = async (userId, now) => {
    const account = userId === null ? undefined : await access.findAccount({ userId });
    if (!account || inactiveReason(account, now) !== null) return taskMessages.creatorInactive;
    return principals.build(account, '');
  };
  const tasks = createTaskService({
    actor,
    queue,
    repo: createTaskRepository(handle.db),
    clock,
    log,
    heartbeatSeconds: opts.taskHeartbeatSeconds ?? 15,
    staleAfterSeconds: opts.staleTaskSeconds ?? 120,
  });

  async function housekeeping() {
    const now = clock();
    const sessionsPurged = await sessions.purgeExpired(now, opts.sessionIdleSeconds ?? 2 * 60 * 60);
    const tasksFailed = await tasks.sweepStale();
    if (sessionsPurged || tasksFailed) log.info({ sessionsPurged, tasksFailed }, 'housekeeping');
    return { sessionsPurged, tasksFailed };
  }
  queue.handle(housekeepingJob, async () => housekeeping());

  async function startWorkers(options: { pollingIntervalSeconds?: number } = {}) {
    if (!started) throw new Error('the job runner has not started');
    await started;
    workers ??= {
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? opts.pollingIntervalSeconds ?? 2,
    };
    for (const name of definitions.keys()) await startWorker(name);
  }

  return {
    ...queue,
    boss,
    tasks,
    housekeeping,
    startWorkers,
    async start() {
      started ??= (async () => {
        await boss.start();
        for (const name of definitions.keys()) await ensureQueue(name);
      })();
      await started;
      if (runJobs) {
        await boss.schedule(HOUSEKEEPING_QUEUE, opts.housekeepingCron ?? '*/5 * * * *', null, { tz: 'UTC' });
        for (const [name, def] of definitions)
          if (def.options.cron) await boss.schedule(name, def.options.cron, null, { tz: 'UTC' });
        await startWorkers();
      }
    },
    async stop(options = {}) {
      if (stopped) return;
      stopped = true;
      if (started) {
        await started.catch(() => {});
        await boss.stop({ graceful: options.graceful ?? true, timeout: opts.stopTimeoutMs ?? 10_000 });
      }
      // Handlers that outlived the stop keep running until they return, but beat and write no more.
      tasks.stop();
    },
  };
}
