import { describe, expect, it } from 'vitest';
import { INTERCHANGE_TASK_TYPE, ZIP_IMPORT_TASK_TYPE } from '../question-imports';
import {
  cutText,
  LOGS_FILE_PATTERN,
  logsFileName,
  resultCounts,
  taskOutcome,
  taskTypeName,
} from './presentation';
import { TaskStatus } from './schemas';

describe('task manager presentation', () => {
  it('a finished task with failed items is not a Success: all failed reads Failed, some Partly failed', () => {
    const done = (total: number, succeeded: number) => ({
      taskStatus: TaskStatus.Success,
      counts: { total, succeeded, failed: total - succeeded },
    });
    // 16 rows, all duplicates; 9 of 16 failed; none failed; no counts
    expect(taskOutcome(done(16, 0))).toEqual({ label: 'Failed', tone: 'error' });
    expect(taskOutcome(done(16, 7))).toEqual({ label: 'Partly failed', tone: 'warning' });
    expect(taskOutcome(done(16, 16))).toEqual({ label: 'Success', tone: 'success' });
    expect(taskOutcome({ taskStatus: TaskStatus.Success, counts: null })).toEqual({
      label: 'Success',
      tone: 'success',
    });
    expect(taskOutcome({ taskStatus: TaskStatus.Failed, counts: null })).toEqual({
      label: 'Failed',
      tone: 'error',
    });
    expect(taskOutcome({ taskStatus: TaskStatus.Started, counts: null }).label).toBe('Started');
  });

  it('names the known task types and shows an unknown type as it is', () => {
    expect(taskTypeName('students.import')).toBe('Student import');
    expect(taskTypeName('questions.spreadsheet')).toBe('Question upload');
    expect(taskTypeName(ZIP_IMPORT_TASK_TYPE)).toBe('Zip import');
    expect(taskTypeName(INTERCHANGE_TASK_TYPE)).toBe('Question import (Moodle XML/GIFT/QTI)');
    expect(taskTypeName('reports.monthly')).toBe('reports.monthly');
    expect(taskTypeName('toString')).toBe('toString');
  });

  it('cuts text to the given number of characters (not UTF-16 units) with an ellipsis', () => {
    expect(cutText('a'.repeat(30), 30)).toBe('a'.repeat(30));
    expect(cutText('a'.repeat(31), 30)).toBe(`${'a'.repeat(30)}...`);
    expect(cutText('😀'.repeat(31), 30)).toBe(`${'😀'.repeat(30)}...`);
    expect(cutText(null, 30)).toBe('');
  });

  it('names the logs zip Logs_{timestamp}.zip', () => {
    const name = logsFileName(new Date(2026, 10, 23, 9, 5, 7));
    expect(name).toBe('Logs_20261123_090507.zip');
    expect(name).toMatch(LOGS_FILE_PATTERN);
  });

  it('reads counts from the result shapes the imports report', () => {
    expect(resultCounts({ total: 6, succeeded: 5, failed: 1 })).toEqual({
      total: 6,
      succeeded: 5,
      failed: 1,
    });
    expect(
      resultCounts({
        totalQuestionCount: 10,
        uploadedQuestionCount: 7,
        duplicateQuestionCodeCount: 2,
        invalidQuestionCodes: ['X'],
      }),
    ).toEqual({ total: 10, succeeded: 7, failed: 3 });
    expect(
      resultCounts({
        imported: 3,
        groups: [
          { message: 'a', content: [], all: ['row 4', 'row 5'] },
          { message: 'b', content: [], all: ['row 5'] },
        ],
      }),
    ).toEqual({ total: 5, succeeded: 3, failed: 2 });
    expect(resultCounts({ imported: 5, groups: [] })).toEqual({ total: 5, succeeded: 5, failed: 0 });
    expect(resultCounts({ importedCount: 4, failedCount: 1 })).toEqual({ total: 5, succeeded: 4, failed: 1 });
    // the interchange import
    expect(
      resultCounts({ format: 'gift', total: 9, imported: 6, duplicates: 2, refused: 1, rows: [] }),
    ).toEqual({ total: 9, succeeded: 6, failed: 3 });
    // the zip import
    expect(
      resultCounts({ imported: 7, duplicateCodes: ['A', 'B'], invalid: [{ code: 'C', message: 'x' }] }),
    ).toEqual({ total: 10, succeeded: 7, failed: 3 });
  });

  it('says nothing for a result without counts', () => {
    for (const r of [
      null,
      undefined,
      'done',
      3,
      [],
      {},
      { imported: -1 },
      { imported: 1.5 },
      { message: 'x' },
    ])
      expect(resultCounts(r)).toBeNull();
  });
});
