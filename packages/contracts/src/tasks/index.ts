import { z } from 'zod';
import { pagedSchema } from '../common';

/** Task status (part 2 §3): 0 Draft, 1 Started, 2 Success, 3 Failed. */
export const TaskStatus = { Draft: 0, Started: 1, Success: 2, Failed: 3 } as const;
export type TaskStatusId = (typeof TaskStatus)[keyof typeof TaskStatus];
export const taskStatusNames = ['Draft', 'Started', 'Success', 'Failed'] as const;

/** Task output row status: 0 InProcess, 1 Failed, 2 Success. */
export const SubTaskStatus = { InProcess: 0, Failed: 1, Success: 2 } as const;

export const taskSchema = z.object({
  taskId: z.number().int(),
  taskType: z.string(),
  taskStatus: z.number().int(),
  priority: z.number().int(),
  taskArguments: z.unknown().nullable(),
  taskDetails: z.string().nullable(),
  progress: z.number().min(0).max(100),
  scheduleDate: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  createdDate: z.string(),
});
export type Task = z.infer<typeof taskSchema>;
export const taskListSchema = pagedSchema(taskSchema);

export const taskOutputSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  subTask: z.string(),
  startDateTime: z.string().nullable(),
  endDateTime: z.string().nullable(),
  remark: z.string().nullable(),
});
export type TaskOutput = z.infer<typeof taskOutputSchema>;
