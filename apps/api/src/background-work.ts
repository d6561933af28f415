import { analyticsRollupJob } from './modules/analytics/jobs';
import { attemptCloserJob } from './modules/learner/jobs';
import { dispatchJob, sendJob } from './modules/messages/jobs';
import { omrReadTask } from './modules/omr/tasks';
import { interchangeTask, spreadsheetTask, zipImportTask } from './modules/question-imports/tasks';
import { scheduleClockJob } from './modules/scheduling/jobs';
import { studentImportTask } from './modules/student-import/tasks';
import { topicwiseTask } from './modules/topicwise/tasks';
import { housekeepingJob } from './platform/jobs';

/**
 * Every kind of background work, listed once (issue 28). A module defines its user-visible task types in its
 * `tasks.ts` (platform/jobs defineTask: the name from contracts taskTypes, the arguments' schema, who may run
 * it, options) and its system jobs in its `jobs.ts` (defineJob: queue name, options), and attaches exactly one
 * handler to each where it registers (`deps.tasks.handle(def, handler)`, `deps.jobs.handle(def, handler)`).
 * The architecture test fails on a definition missing here or without exactly one handler.
 */
export const taskDefinitions = [
  studentImportTask,
  spreadsheetTask,
  zipImportTask,
  interchangeTask,
  topicwiseTask,
  omrReadTask,
] as const;
export const jobDefinitions = [
  housekeepingJob,
  scheduleClockJob,
  attemptCloserJob,
  dispatchJob,
  sendJob,
  analyticsRollupJob,
] as const;
