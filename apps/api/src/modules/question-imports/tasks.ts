import {
  interchangeEndpoints,
  spreadsheetEndpoints,
  zipImportEndpoints,
} from '@assess/contracts/question-imports';
import { taskTypes } from '@assess/contracts/tasks';
import { defineTask } from '../../platform/jobs/registry';
import { interchangeTaskArgs } from './interchange.job';
import { spreadsheetTaskArgs } from './spreadsheet.job';
import { ZIP_RETRY_LIMIT, zipTaskArgs } from './zip.job';

/**
 * The question imports' background tasks, each run as the user who started it (with the privilege of the
 * route that started it: a section upload needs UpdateTest, a topic upload ImportQuestionsFromExcel).
 */
export const spreadsheetTask = defineTask(taskTypes.questionSpreadsheet, {
  args: spreadsheetTaskArgs,
  access: spreadsheetEndpoints.status.access,
  // One attempt: a rerun would see its own questions as duplicates (nothing is written twice either way).
  retryLimit: 0,
  expireInSeconds: 15 * 60,
});

export const zipImportTask = defineTask(taskTypes.questionZip, {
  args: zipTaskArgs,
  access: zipImportEndpoints.import.access,
  // A retry re-checks the zip and skips what the first run wrote; 2,000 images take about a minute.
  retryLimit: ZIP_RETRY_LIMIT,
  expireInSeconds: 30 * 60,
});

export const interchangeTask = defineTask(taskTypes.questionInterchange, {
  args: interchangeTaskArgs,
  access: interchangeEndpoints.import.access,
  // A retried run finds the questions it wrote as duplicates; an hour covers the largest file.
  retryLimit: 1,
  expireInSeconds: 60 * 60,
});
