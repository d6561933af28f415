import { z } from 'zod';
import { MAX_PAGE_SIZE, pagedSchema, pageQuerySchema, pageQueryUpTo } from '../common';
import { windowFields } from '../common/fields';
import { idParamSchema, intParamSchema } from '../common/ints';

/** Task status (part 2 §3): 0 Draft, 1 Started, 2 Success, 3 Failed. */
export const TaskStatus = { Draft: 0, Started: 1, Success: 2, Failed: 3 } as const;
export type TaskStatusId = (typeof TaskStatus)[keyof typeof TaskStatus];
export const taskStatusNames = ['Draft', 'Started', 'Success', 'Failed'] as const;

/** Task output row status: 0 InProcess, 1 Failed, 2 Success. */
export const SubTaskStatus = { InProcess: 0, Failed: 1, Success: 2 } as const;
export type SubTaskStatusId = (typeof SubTaskStatus)[keyof typeof SubTaskStatus];
export const subTaskStatusNames = ['InProcess', 'Failed', 'Success'] as const;

/** Task manager grid (part 2 §9): details cut to 30 characters, subtask text to 90, detail grid page size 7. */
export const TASK_DETAILS_GRID_CHARS = 30;
export const SUBTASK_GRID_CHARS = 90;
export const TASK_OUTPUT_PAGE_SIZE = 7;

/** How many items a task handled: from its result when it reports them, else from its output rows. */
export const taskCountsSchema = z.object({
  total: z.number().int().min(0),
  succeeded: z.number().int().min(0),
  failed: z.number().int().min(0),
});
export type TaskCounts = z.infer<typeof taskCountsSchema>;

/** A task as the task manager lists it (part 2 §3 "Task"); dates are ISO strings. */
export const taskSchema = z.object({
  taskId: z.number().int(),
  taskType: z.string(),
  taskStatus: z.number().int(),
  priority: z.number().int(),
  taskArguments: z.unknown().nullable(),
  taskDetails: z.string().nullable(),
  progress: z.number().min(0).max(100),
  /** Null when neither the result nor output rows say how many items the task handled. */
  counts: taskCountsSchema.nullable(),
  scheduleDate: z.string().nullable(),
  ...windowFields,
  createdDate: z.string(),
});
export type Task = z.infer<typeof taskSchema>;
export const taskListSchema = pagedSchema(taskSchema);
export type TaskList = z.infer<typeof taskListSchema>;

/** GET /api/tasks?pageNumber&pageSize (the spec's GET /api/TaskManagers). */
export const taskListQuerySchema = pageQuerySchema;
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

export const taskIdParamSchema = z.object({ taskId: idParamSchema });

/** A task output row (part 2 §3 "Task output row"). */
export const taskOutputSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  subTask: z.string(),
  startDateTime: z.string().nullable(),
  endDateTime: z.string().nullable(),
  remark: z.string().nullable(),
});
export type TaskOutput = z.infer<typeof taskOutputSchema>;

/**
 * GET /api/tasks/:taskId/outputs (the spec's getOutputDetails/{taskId}): a page of the output rows in
 * the order they were written (page size 7 by default, the details grid's), optionally one status only.
 */
export const taskOutputQuerySchema = pageQueryUpTo(MAX_PAGE_SIZE, TASK_OUTPUT_PAGE_SIZE).extend({
  status: intParamSchema.min(SubTaskStatus.InProcess).max(SubTaskStatus.Success).optional(),
});
export type TaskOutputQuery = z.infer<typeof taskOutputQuerySchema>;
export const taskOutputListSchema = pagedSchema(taskOutputSchema);
export type TaskOutputList = z.infer<typeof taskOutputListSchema>;
