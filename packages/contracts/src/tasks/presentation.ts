import { type TaskCounts, TaskStatus, taskStatusNames } from './schemas';
import { taskTypes } from './types';

/** The task manager's messages (part 2 §8). */
export const taskMessages = {
  /** Task remarks copy. */
  remarkCopied: 'Text copied into clipboard',
  /** A task runs as its creator as of run time (ours): the creator's account was switched off meanwhile. */
  creatorInactive: 'The task did not run: the user who created it is no longer active.',
  /** ... or the creator's roles no longer grant what the task needs (area: privilege). */
  creatorLacksPrivilege: (privilege: string) =>
    `The task did not run: the user who created it no longer has the privilege ${privilege}.`,
} as const;

/** Readable names of the task types by stored name (derived from taskTypes). A type not listed shows its raw name. */
export const taskTypeNames: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(taskTypes).map((t) => [t.type, t.name]),
);
export const taskTypeName = (taskType: string) =>
  Object.hasOwn(taskTypeNames, taskType) ? taskTypeNames[taskType] : taskType;

/** `text` cut to `max` characters with an ellipsis (the grid's details and subtask columns). */
export function cutText(text: string | null | undefined, max: number): string {
  if (!text) return '';
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join('')}...`;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Logs_{timestamp}.zip (part 2 §7 downloadLogs): Logs_yyyyMMdd_HHmmss.zip in the runtime's local time. */
export function logsFileName(at: Date): string {
  const date = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}`;
  return `Logs_${date}_${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}.zip`;
}
export const LOGS_FILE_PATTERN = /^Logs_\d{8}_\d{6}\.zip$/;

const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);
const listed = (v: unknown) => (Array.isArray(v) ? v.length : 0);
const distinctItems = (groups: unknown) =>
  Array.isArray(groups)
    ? new Set(groups.flatMap((g) => (Array.isArray(g?.all) ? (g.all as unknown[]) : []))).size
    : 0;

/**
 * What a finished task's result says about how many items it handled, or null when it says nothing.
 * Understood shapes: `{ total, succeeded, failed }` (what a new task type should return); the question
 * spreadsheet upload's `{ totalQuestionCount, uploadedQuestionCount, ... }`; the interchange import's
 * `{ total, imported, ... }`; the zip import's `{ imported, duplicateCodes[], invalid[] }`; the student
 * import's `{ imported, groups }` (rows refused while importing are the distinct lines of its groups).
 */
export function resultCounts(result: unknown): TaskCounts | null {
  if (!result || typeof result !== 'object' || Array.isArray(result)) return null;
  const r = result as Record<string, unknown>;
  const succeeded =
    count(r.succeeded) ?? count(r.uploadedQuestionCount) ?? count(r.importedCount) ?? count(r.imported);
  if (succeeded === undefined) return null;
  const total = count(r.total) ?? count(r.totalQuestionCount) ?? count(r.totalCount);
  const failed = count(r.failed) ?? count(r.failedCount);
  if (failed !== undefined) return { total: total ?? succeeded + failed, succeeded, failed };
  if (total !== undefined) return { total, succeeded, failed: Math.max(0, total - succeeded) };
  const refused = distinctItems(r.groups) + listed(r.duplicateCodes) + listed(r.invalid);
  return { total: succeeded + refused, succeeded, failed: refused };
}

/** What a task's status chip says and how it looks: the status, or what the items say of a finished task. */
export type TaskOutcome = { label: string; tone: 'default' | 'primary' | 'success' | 'warning' | 'error' };

/**
 * A finished task is a Success only when none of its items failed: every item refused (all duplicates) reads
 * 'Failed', some refused 'Partly failed' (ours), so a 9-of-16 failed upload is never a green Success.
 */
export function taskOutcome(task: { taskStatus: number; counts: TaskCounts | null }): TaskOutcome {
  const name = taskStatusNames[task.taskStatus] ?? String(task.taskStatus);
  switch (task.taskStatus) {
    case TaskStatus.Started:
      return { label: name, tone: 'primary' };
    case TaskStatus.Failed:
      return { label: name, tone: 'error' };
    case TaskStatus.Success: {
      const c = task.counts;
      if (!c || c.failed === 0) return { label: name, tone: 'success' };
      return c.succeeded === 0
        ? { label: taskStatusNames[TaskStatus.Failed], tone: 'error' }
        : { label: 'Partly failed', tone: 'warning' };
    }
    default:
      return { label: name, tone: 'default' };
  }
}
