import { randomUUID } from 'node:crypto';
import type { EndpointAccess, RequiredPrivilege } from '@assess/contracts/common';
import { issuesToFields } from '@assess/contracts/common';
import { SubTaskStatus, TaskStatus, taskMessages } from '@assess/contracts/tasks';
import type { FastifyBaseLogger } from 'fastify';
import type { JobWithMetadata } from 'pg-boss';
import type { z } from 'zod';
import { checkAccess } from '../access/route-access';
import type { Principal } from '../auth/principal';
import { badRequest } from '../http/errors';
import type { JobOptions, JobQueue } from './index';
import { jobOptionsOf, type TaskDefinition } from './registry';
import type { TaskRepository, TaskRow } from './tasks.repository';

/** What a task handler gets for one attempt. */
export type TaskContext<A> = {
  task: TaskRow;
  args: A;
  /** The creator's principal as of this run (tasks attached with handle(); see TaskDefinition.access). */
  principal: Principal | undefined;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
  /** Aborted when this attempt lost its claim (expired, runner stopping): stop and return. */
  signal: AbortSignal;
  /** Progress 0–100 (rounded and clamped), optionally with new task details; also a heartbeat. */
  progress(percent: number, details?: string): Promise<void>;
  /** Adds an output row (InProcess) and returns how to end it. */
  subtask(name: string): Promise<SubTask>;
  /** Adds output rows already ended, in one insert (a task that reports thousands of rows at its end). */
  outputs(rows: readonly { name: string; failed: boolean; remark?: string }[]): Promise<void>;
};
export type SubTask = { done(remark?: string): Promise<void>; fail(remark: string): Promise<void> };
/** Resolves = Success (the value is kept as the task's result); throws = this attempt failed. */
export type TaskHandler<A> = (ctx: TaskContext<A>) => Promise<unknown>;
/** What the handler of a defined task gets: it always runs as its creator (`principal` is set). */
export type DefinedTaskContext<A> = TaskContext<A> & { principal: Principal };
export type DefinedTaskHandler<A> = (ctx: DefinedTaskContext<A>) => Promise<unknown>;
export type TaskTypeOptions<A> = JobOptions & {
  /** Checks the arguments when the task is created and again when it runs. */
  args?: z.ZodType<A>;
  /** Runs as the creator's principal as of run time, which must still pass this rule (TaskDefinition.access). */
  access?: EndpointAccess;
};
/** The creator's principal as of now, or why there is none (account gone or switched off). */
export type ActingPrincipal = (userId: number | null, now: Date) => Promise<Principal | string>;

export type CreateTaskInput = {
  providerId: number;
  /** Who asked (audit createdBy); null for the system. */
  userId: number | null;
  taskType: string;
  args: unknown;
  /** Higher runs first. */
  priority?: number;
  /** Not before this time. */
  scheduleDate?: Date;
};

type TaskJob = { taskId: number };
type Registered = { handler: TaskHandler<unknown>; options: TaskTypeOptions<unknown> };

export const taskQueueName = (taskType: string) => `task.${taskType}`;
const interruptedMessage = 'The task was interrupted and did not finish. Please run it again.';
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);
const toJson = (value: unknown) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** Why the principal may not run a task of this rule, or null when it may. */
function refusal(access: EndpointAccess, p: Principal): string | null {
  try {
    checkAccess(access, p);
    return null;
  } catch {
    if (!('privilege' in access)) return taskMessages.creatorInactive;
    const list = (
      Array.isArray(access.privilege[0]) ? access.privilege : [access.privilege]
    ) as readonly RequiredPrivilege[];
    return taskMessages.creatorLacksPrivilege(list.map(([area, name]) => `${area}: ${name}`).join(' or '));
  }
}

/**
 * Tasks are the product's record of user-visible background work (part 2 §3): a row in `tasks` plus a
 * pg-boss job that runs it. The row is inserted and the job enqueued in one transaction, so a task is
 * never left without its job (or a job without its task).
 *
 * A run: pick-up sets Started (attempts = pg-boss attempt), a timer beats `heartbeat_at`; the handler
 * resolving sets Success (progress 100), throwing lets pg-boss retry with back-off (the task stays
 * Started, the failure noted in its details) until the retries are spent, then Failed. Every write of
 * an attempt is fenced to that attempt, so a handler that outlived its claim changes nothing.
 *
 * Stuck tasks (a process killed mid-run): pg-boss owns the job and decides about it. Its supervisor
 * fails or retries an active job whose worker died (job heartbeat / expiry); a retry picks the task up
 * again. The housekeeping sweep only settles what pg-boss has given up on: a Started task with a stale
 * heartbeat whose job is no longer created, retry or active (failed, cancelled, gone) is marked Failed.
 * We mark Failed rather than re-enqueue because pg-boss has already spent the retries the task type
 * allows; running it again is the user's decision.
 */
export function createTaskService(deps: {
  queue: JobQueue;
  repo: TaskRepository;
  clock: () => Date;
  log: FastifyBaseLogger;
  heartbeatSeconds: number;
  staleAfterSeconds: number;
  /** Builds a creator's principal at run time (tasks with an access rule). */
  actor?: ActingPrincipal;
}) {
  const { queue, repo, clock, log } = deps;
  const registry = new Map<string, Registered>();
  const running = new Set<AbortController>();

  function parseArgs(taskType: string, options: TaskTypeOptions<unknown>, args: unknown) {
    if (!options.args) return args;
    const parsed = options.args.safeParse(args);
    if (parsed.success) return parsed.data;
    throw badRequest(`Invalid arguments for task ${taskType}`, issuesToFields(parsed.error.issues));
  }

  async function run(job: JobWithMetadata<TaskJob>) {
    const attempt = job.retryCount + 1;
    const lastAttempt = job.retryCount >= job.retryLimit;
    const task = await repo.markStarted(job.data.taskId, attempt, clock());
    if (!task) {
      log.warn({ taskId: job.data.taskId, jobId: job.id }, 'task is finished or gone; job skipped');
      return;
    }
    const registered = registry.get(task.taskType);
    const { taskId } = task;

    const claim = new AbortController();
    running.add(claim);
    const lost = () => claim.abort(job.signal.reason);
    job.signal.addEventListener('abort', lost, { once: true });
    const beat = setInterval(() => {
      repo
        .heartbeat(taskId, attempt, clock())
        .catch((err) => log.warn({ err, taskId }, 'task heartbeat failed'));
    }, deps.heartbeatSeconds * 1000);
    beat.unref();
    claim.signal.addEventListener('abort', () => clearInterval(beat), { once: true });
    const live = () => !claim.signal.aborted;

    const ctx: TaskContext<unknown> = {
      task,
      args: undefined,
      principal: undefined,
      attempt,
      signal: claim.signal,
      async progress(percent, details) {
        if (!live()) return;
        const p = Math.max(0, Math.min(100, Math.round(Number.isFinite(percent) ? percent : 0)));
        await repo.setProgress(taskId, attempt, p, details, clock());
      },
      async subtask(name) {
        const id = await repo.addOutput(taskId, name.slice(0, 4000), clock());
        const end = async (
          status: typeof SubTaskStatus.Success | typeof SubTaskStatus.Failed,
          remark?: string,
        ) => {
          if (live()) await repo.finishOutput(id, status, remark, clock());
        };
        return {
          done: (remark) => end(SubTaskStatus.Success, remark),
          fail: (remark) => end(SubTaskStatus.Failed, remark),
        };
      },
      async outputs(rows) {
        if (!live() || !rows.length) return;
        await repo.addEndedOutputs(
          taskId,
          rows.map((r) => ({
            subTask: r.name.slice(0, 4000),
            status: r.failed ? SubTaskStatus.Failed : SubTaskStatus.Success,
            remark: r.remark,
          })),
          clock(),
        );
      },
    };
    try {
      if (!registered) throw new Error(`no handler for task type ${task.taskType}`);
      const { access } = registered.options;
      if (access) {
        // The one rule for the acting user: the creator as of now. A refusal is final (a retry would see the same).
        if (!deps.actor) throw new Error(`task type ${task.taskType} needs its creator's principal`);
        const actor = await deps.actor(task.createdBy, clock());
        const refused = typeof actor === 'string' ? actor : refusal(access, actor);
        if (refused !== null) {
          log.warn(
            { taskId, createdBy: task.createdBy, refused },
            'task refused: its creator may not run it',
          );
          if (live())
            await repo.finish(taskId, attempt, { status: TaskStatus.Failed, details: refused }, clock());
          return;
        }
        ctx.principal = actor as Principal;
      }
      ctx.args = parseArgs(task.taskType, registered.options, task.taskArguments);
      const result = await registered.handler(ctx);
      if (!live()) return;
      const ok = await repo.finish(
        taskId,
        attempt,
        { status: TaskStatus.Success, result: toJson(result) },
        clock(),
      );
      if (!ok) log.warn({ taskId, attempt }, 'task attempt finished after losing its claim; result dropped');
    } catch (err) {
      if (live()) {
        const message = messageOf(err);
        const write = lastAttempt
          ? repo.finish(taskId, attempt, { status: TaskStatus.Failed, details: message }, clock())
          : repo.noteAttemptFailed(
              taskId,
              attempt,
              `Attempt ${attempt} failed: ${message} (retrying)`,
              clock(),
            );
        await Promise.resolve(write).catch((e) =>
          log.error({ err: e, taskId }, 'could not record task failure'),
        );
      }
      log.warn({ err, taskId, attempt, lastAttempt }, 'task attempt failed');
      throw err;
    } finally {
      clearInterval(beat);
      job.signal.removeEventListener('abort', lost);
      running.delete(claim);
    }
  }

  const service = {
    /** Declares a task type; its jobs run on the queue `task.<taskType>` (tests; modules use handle()). */
    register<A>(taskType: string, handler: TaskHandler<A>, options: TaskTypeOptions<A> = {}) {
      if (!/^[\w.-]+$/.test(taskType)) throw new Error(`invalid task type ${taskType}`);
      if (registry.has(taskType)) throw new Error(`task type ${taskType} is already registered`);
      registry.set(taskType, {
        handler: handler as TaskHandler<unknown>,
        options: options as TaskTypeOptions<unknown>,
      });
      const { args: _args, access: _access, ...jobOptions } = options;
      queue.define<TaskJob>(taskQueueName(taskType), run, jobOptions);
    },

    /** Attaches the one handler of a defined task type (platform/jobs/registry defineTask). */
    handle<A>(def: TaskDefinition<A>, handler: DefinedTaskHandler<A>) {
      service.register<A>(def.type, handler as TaskHandler<A>, {
        ...jobOptionsOf(def as TaskDefinition<unknown>),
        args: def.args,
        access: def.access,
      });
    },

    /**
     * The task a caller starts from a screen (an upload, a large creation): its provider's, created by the caller,
     * so it runs as the caller's principal as of run time.
     */
    createTaskFor(
      caller: { providerId: number; userId: number },
      taskType: string,
      args: unknown,
    ): Promise<TaskRow> {
      return service.createTask({ providerId: caller.providerId, userId: caller.userId, taskType, args });
    },

    /** Records a task (Draft) and queues its run, at scheduleDate when given. */
    async createTask(input: CreateTaskInput): Promise<TaskRow> {
      const registered = registry.get(input.taskType);
      if (!registered) throw new Error(`unknown task type ${input.taskType}`);
      const args = parseArgs(input.taskType, registered.options, input.args);
      const jobId = randomUUID();
      // Outside the transaction: on PGlite (one connection) pg-boss must not query beside an open transaction.
      await queue.prepare(taskQueueName(input.taskType));
      const task = await repo.insertWithJob(
        {
          providerId: input.providerId,
          taskType: input.taskType,
          priority: input.priority ?? 0,
          taskArguments: toJson(args) ?? null,
          scheduleDate: input.scheduleDate ?? null,
          jobId,
          createdBy: input.userId,
        },
        (row, db) =>
          queue.send<TaskJob>(
            taskQueueName(input.taskType),
            { taskId: row.taskId },
            { id: jobId, priority: input.priority, startAfter: input.scheduleDate, db },
          ),
      );
      return task;
    },

    find: (taskId: number) => repo.find(taskId),

    /** Fails Started tasks whose heartbeat is stale and whose job pg-boss no longer holds. */
    async sweepStale() {
      const now = clock();
      const before = new Date(now.getTime() - deps.staleAfterSeconds * 1000);
      let failed = 0;
      for (const t of await repo.listStale(before)) {
        const state = t.jobId ? await queue.jobState(taskQueueName(t.taskType), t.jobId) : undefined;
        if (state === 'created' || state === 'retry' || state === 'active') continue;
        if (await repo.failStale(t.taskId, t.attempts, before, interruptedMessage, now)) {
          failed++;
          log.warn(
            { taskId: t.taskId, jobId: t.jobId, jobState: state ?? 'missing' },
            'stuck task marked Failed',
          );
        }
      }
      return failed;
    },

    /** Runner shutdown: attempts still running stop beating and writing. */
    stop() {
      for (const claim of running) claim.abort(new Error('job runner stopped'));
      running.clear();
    },
  };
  return service;
}
export type TaskService = ReturnType<typeof createTaskService>;
