/**
 * Every user-visible task type the product runs (part 2 §3 "Task manager"): its stored name and its readable
 * name (the grid's Type column and the logs). The one list: the API defines each task from its entry here
 * (apps/api platform/jobs defineTask, with its arguments schema, options and handler) and the display names
 * (presentation.ts taskTypeNames) derive from it.
 */
export const taskTypes = {
  studentImport: { type: 'students.import', name: 'Student import' },
  questionSpreadsheet: { type: 'questions.spreadsheet', name: 'Question upload' },
  questionZip: { type: 'questions.zipImport', name: 'Zip import' },
  questionInterchange: { type: 'questions.interchange', name: 'Question import (Moodle XML/GIFT/QTI)' },
  topicwise: { type: 'tests.topicwise', name: 'Topic-wise test creation' },
} as const satisfies Record<string, { type: string; name: string }>;
export type TaskTypeKey = keyof typeof taskTypes;
export type TaskTypeEntry = (typeof taskTypes)[TaskTypeKey];
