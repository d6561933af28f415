import { Readable } from 'node:stream';
import {
  subTaskStatusNames,
  type Task,
  type TaskOutput,
  taskStatusNames,
  taskTypeName,
} from '@assess/contracts/tasks';
import { ZipFile } from 'yazl';

/** What the logs of one task hold besides the listed task: its result and how often it ran. */
export type TaskLog = Task & { result: unknown; attempts: number };

export const logsEntryNames = (taskId: number) => ({
  json: `task-${taskId}.json`,
  csv: `task-${taskId}-outputs.csv`,
});
export const OUTPUT_CSV_HEADER = ['Id', 'Status', 'SubTask', 'StartDateTime', 'EndDateTime', 'Remark'];

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; text a spreadsheet would read as a
 * formula (=, +, -, @, tab, carriage return first) is prefixed with ' so opening the log runs nothing.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

const outputLine = (o: TaskOutput) =>
  csvLine([
    o.id,
    subTaskStatusNames[o.status] ?? String(o.status),
    o.subTask,
    o.startDateTime,
    o.endDateTime,
    o.remark,
  ]);

/** The task as task-{id}.json: every field, with the type and status also by name. */
export function taskJson(task: TaskLog): string {
  const { result, attempts, ...listed } = task;
  return `${JSON.stringify(
    {
      ...listed,
      taskTypeName: taskTypeName(task.taskType),
      taskStatusName: taskStatusNames[task.taskStatus] ?? String(task.taskStatus),
      attempts,
      result: result ?? null,
    },
    null,
    2,
  )}\n`;
}

/**
 * The logs zip of one task (part 2 §7 downloadLogs): task-{id}.json and task-{id}-outputs.csv (UTF-8 with
 * a byte-order mark so spreadsheet programs read it as UTF-8; dates ISO 8601 in UTC). The output rows
 * come batch by batch from `outputs`, so a task with many rows is streamed, not held in memory.
 */
export function logsZip(task: TaskLog, outputs: AsyncIterable<TaskOutput[]>, now: Date): Readable {
  const zip = new ZipFile();
  const names = logsEntryNames(task.taskId);
  zip.addBuffer(Buffer.from(taskJson(task), 'utf8'), names.json, { mtime: now });
  async function* csv() {
    yield `\uFEFF${csvLine(OUTPUT_CSV_HEADER)}`;
    for await (const batch of outputs) yield batch.map(outputLine).join('');
  }
  const csvStream = Readable.from(csv());
  zip.addReadStream(csvStream, names.csv, { mtime: now });
  zip.end();
  const out = zip.outputStream as Readable;
  csvStream.once('error', (err) => out.destroy(err));
  return out;
}
