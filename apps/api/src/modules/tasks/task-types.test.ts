import { taskTypeNames } from '@assess/contracts/tasks';
import { describe, expect, it } from 'vitest';
import { SPREADSHEET_TASK_TYPE } from '../question-imports/spreadsheet.job';
import { IMPORT_TASK_TYPE } from '../student-import/student-import.service';

describe('task types', () => {
  it('every import the API registers has a readable name in the task manager', () => {
    expect(taskTypeNames[IMPORT_TASK_TYPE]).toBe('Student import');
    expect(taskTypeNames[SPREADSHEET_TASK_TYPE]).toBe('Question upload');
  });
});
