import { SubTaskStatus, TaskStatus } from '@assess/contracts/tasks';
import { and, eq } from 'drizzle-orm';
import { SPREADSHEET_TASK_TYPE } from '../../modules/question-imports/spreadsheet.job';
import type { Db } from '../../platform/db/client';
import { taskOutputs, tasks } from '../schema';
import type { DemoProviderIds } from './demo';
import { demoUserId } from './demo-kit';

const MINUTE = 60_000;
export const DEMO_TASK_TYPE = SPREADSHEET_TASK_TYPE;
export const DEMO_TASK_FILE = 'Motion questions.xlsx';

/** [SubTask, Remark] of the demo upload's rows; the fifth failed. */
const rows: [string, string | null][] = [
  ["Sheet 'Single Choice Questions': question PHY-MOT-101", 'Question uploaded'],
  ["Sheet 'Single Choice Questions': question PHY-MOT-102", 'Question uploaded'],
  ["Sheet 'Multiple Choice Questions': question PHY-MOT-201", 'Question uploaded'],
  ["Sheet 'True False': question PHY-MOT-301", 'Question uploaded'],
  [
    "Sheet 'NUMERICAL': question PHY-MOT-401",
    "Row 3: the answer '9.8 m/s2' is not a number; a Numerical question takes a numeric answer. Question not uploaded.",
  ],
  ["Sheet 'NUMERICAL': question PHY-MOT-402", 'Question uploaded'],
];

/**
 * The task manager's demo (issue 12): one finished question upload of Demo ERP Institute, two days ago,
 * with an output row per question, one of them Failed with its remark. Its result has the upload
 * result's counts. Written directly (no job: the task is history). Skipped when it exists already.
 */
export async function seedDemoTasks(db: Db, now: Date, ids: DemoProviderIds) {
  const erp = ids.get('erp');
  if (erp === undefined) return;
  const [seeded] = await db
    .select({ taskId: tasks.taskId })
    .from(tasks)
    .where(and(eq(tasks.providerId, erp), eq(tasks.taskType, DEMO_TASK_TYPE)))
    .limit(1);
  if (seeded) return;
  const by = await demoUserId(db, 'erp@example.com');
  const created = new Date(now.getTime() - 2 * 24 * 60 * MINUTE);
  const at = (seconds: number) => new Date(created.getTime() + seconds * 1000);
  const failed = rows.filter(([, remark]) => remark !== 'Question uploaded').length;
  const [task] = await db
    .insert(tasks)
    .values({
      providerId: erp,
      taskType: DEMO_TASK_TYPE,
      taskStatus: TaskStatus.Success,
      taskArguments: { fileName: DEMO_TASK_FILE, topic: 'Motion', languageId: 1, choiceFormatId: 1 },
      taskDetails: `${DEMO_TASK_FILE}: ${rows.length - failed} of ${rows.length} questions uploaded`,
      progress: 100,
      result: {
        totalQuestionCount: rows.length,
        uploadedQuestionCount: rows.length - failed,
        duplicateQuestionCodeCount: 0,
        duplicateQuestionCodes: [],
        invalidQuestionCodes: ['PHY-MOT-401'],
      },
      attempts: 1,
      startDate: at(1),
      endDate: at(2 + rows.length * 2),
      heartbeatAt: at(2 + rows.length * 2),
      createdBy: by,
      updatedBy: by,
      createdDate: created,
      updatedDate: at(2 + rows.length * 2),
    })
    .returning({ taskId: tasks.taskId });
  await db.insert(taskOutputs).values(
    rows.map(([subTask, remark], i) => ({
      taskId: task.taskId,
      subTask,
      status: remark === 'Question uploaded' ? SubTaskStatus.Success : SubTaskStatus.Failed,
      startDateTime: at(2 + i * 2),
      endDateTime: at(3 + i * 2),
      remark,
    })),
  );
}
