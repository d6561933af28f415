import fs from 'node:fs';
import {
  SPREADSHEET_COLUMNS,
  spreadsheetEndpoints,
  spreadsheetMessages,
} from '@assess/contracts/question-imports';
import { questionBankEndpoints } from '@assess/contracts/questions';
import {
  LOGS_FILE_PATTERN,
  TASK_DETAILS_GRID_CHARS,
  taskEndpoints,
  taskMessages,
} from '@assess/contracts/tasks';
import * as XLSX from '@e965/xlsx';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { apiOf } from './support/api';
import { checkA11y, shot, signIn, url, useBrowser } from './support/browser';
import { newStudent, startStudentImport, uniqueWord } from './support/students';

const DEMO_DETAILS = 'Motion questions.xlsx: 5 of 6 questions uploaded';

/** Starts a student import of two fresh students through the API; returns its task id (not waited for). */
async function studentImportTask(page: Page) {
  const { taskId } = await startStudentImport(page, [newStudent(), newStudent()]);
  if (!taskId) throw new Error('the import has no task');
  return taskId;
}

/**
 * Uploads a question workbook to the ERP's Motion topic through the API: one valid single choice question
 * and one without an answer (refused). Returns the task id and the two codes.
 */
async function startQuestionUpload(page: Page) {
  const word = uniqueWord().toUpperCase().slice(0, 12);
  const codes = [`TM-${word}-1`, `TM-${word}-2`];
  const col = (values: Partial<Record<(typeof SPREADSHEET_COLUMNS)[number], string>>) =>
    SPREADSHEET_COLUMNS.map((c) => values[c] ?? '');
  const wb = XLSX.utils.book_new();
  const rows = [
    col({ 'Question Code': codes[0], Question: 'Which is a unit of force?', Choice: 'Joule' }),
    col({ Choice: 'Newton', 'Is Answer': 'X' }),
    col({ 'Question Code': codes[1], Question: 'Which is a unit of power?', Choice: 'Watt' }),
    col({ Choice: 'Pascal' }),
  ];
  XLSX.utils.book_append_sheet(
    wb,
    XLSX.utils.aoa_to_sheet([[...SPREADSHEET_COLUMNS], ...rows]),
    'Single Choice Questions',
  );
  const api = apiOf(page);
  const tree = await api.call(questionBankEndpoints.tree);
  const motion = tree.nodes.find((n) => n.nodeType === 'topic' && n.owned && n.name === 'Motion');
  if (!motion) throw new Error('the demo topic Motion is missing');
  const body = new FormData();
  body.append('options', JSON.stringify({ topicId: motion.id, objective: null, targetAudience: null }));
  const sheet = XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  body.append('file', new Blob([sheet], { type: 'application/octet-stream' }), 'task-manager-questions.xlsx');
  const queued = await api.call(spreadsheetEndpoints.upload, { body });
  expect(queued.message).toBe(spreadsheetMessages.checkTaskManager);
  return { taskId: queued.taskId, codes };
}

function zipEntryNames(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('not a zip'));
      const names: string[] = [];
      zip.on('entry', (e: yauzl.Entry) => {
        names.push(e.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Pages the task grid forward (10 a page, newest first) to the page holding the task whose details are `details`. */
async function showPageHolding(page: Page, details: string) {
  const { items } = await apiOf(page).call(taskEndpoints.list, { query: { pageNumber: 1, pageSize: 100 } });
  const index = items.findIndex((t) => t.taskDetails === details);
  if (index < 0) throw new Error(`no task with the details ${details}`);
  for (let p = 0; p < Math.floor(index / 10); p++) {
    await page.getByRole('button', { name: 'Go to next page' }).click();
  }
}

// The task manager through the real server (issue 23: one journey, one sign-in): a fresh student import and a
// fresh question upload reach their outcome in the grid without a reload; the demo upload's row, its details with
// a remark copied, and the logs downloaded from the details and from a row.
// Moved down: the page on a phone and the area closed to the aggregator
// (apps/web/src/features/task-manager/TaskManagerPage.browser.test.tsx); a question upload's subtask per sheet and
// its refused question's remark (apps/api/src/modules/question-imports/spreadsheet-topic.int.test.ts 'one output
// row per sheet', 'duplicates (any case) and invalid codes are listed with reasons'; the details dialog of a
// question upload: the demo upload's below).
describe('task manager', () => {
  const s = useBrowser();

  it('lists a fresh student import and question upload and the demo upload; details, copy a remark, download the logs', async () => {
    const { page, context } = s;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url('') });
    await signIn(page, 'erp@example.com');
    const importTaskId = await studentImportTask(page);
    const upload = await startQuestionUpload(page);
    await page.goto(url('/admin/taskManager'));
    const grid = page.getByRole('grid', { name: 'Tasks' });
    await grid.waitFor({ timeout: 30_000 });

    // the fresh import: named, and Success with its counts without reloading the page
    const importRow = grid.locator(`[role="row"][data-id="${importTaskId}"]`);
    await importRow.getByText('Student import', { exact: true }).waitFor();
    await importRow.getByText('Success', { exact: true }).waitFor({ timeout: 30_000 });
    await expect.poll(() => importRow.locator('[data-field="total"]').innerText()).toBe('2');
    expect(await importRow.locator('[data-field="succeeded"]').innerText()).toBe('2');
    expect(await importRow.locator('[data-field="failed"]').innerText()).toBe('0');

    // the fresh question upload: one of its two questions refused, Partly failed with its counts
    const uploadRow = grid.locator(`[role="row"][data-id="${upload.taskId}"]`);
    await uploadRow.getByText('Question upload', { exact: true }).waitFor();
    await uploadRow.getByText('Partly failed', { exact: true }).waitFor({ timeout: 30_000 });
    await expect.poll(() => uploadRow.locator('[data-field="total"]').innerText()).toBe('2');
    expect(await uploadRow.locator('[data-field="succeeded"]').innerText()).toBe('1');
    expect(await uploadRow.locator('[data-field="failed"]').innerText()).toBe('1');

    // the demo upload: type, status, counts, dates, details cut to 30 characters with the whole in a tooltip.
    // It is the provider's oldest task: other browser files (their order varies) may have pushed it off page 1.
    await showPageHolding(page, DEMO_DETAILS);
    const demoRow = grid.getByRole('row').filter({ hasText: 'Motion questions.xlsx' });
    await demoRow.getByText('Question upload', { exact: true }).waitFor();
    // 1 of its 6 questions failed: not a green Success
    await demoRow.getByText('Partly failed', { exact: true }).waitFor();
    expect(await demoRow.getByText('Success', { exact: true }).count()).toBe(0);
    expect(await demoRow.locator('[data-field="total"]').innerText()).toBe('6');
    expect(await demoRow.locator('[data-field="failed"]').innerText()).toBe('1');
    const dateTime = /^\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}:\d{2} (AM|PM)$/;
    expect(await demoRow.getByTestId('task-start').innerText()).toMatch(dateTime);
    expect(await demoRow.getByTestId('task-end').innerText()).toMatch(dateTime);
    const cut = `${DEMO_DETAILS.slice(0, TASK_DETAILS_GRID_CHARS)}...`;
    await demoRow.getByText(cut, { exact: true }).hover();
    await page.getByRole('tooltip').getByText(DEMO_DETAILS, { exact: true }).waitFor();
    await page.mouse.move(0, 0);
    await shot(page, 'task-manager-grid');
    await checkA11y(page);

    // details: the subtasks, 7 a page, with the failed row's remark copied
    await demoRow.getByRole('button', { name: /^Details of task/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Task Details: Question upload' });
    const subtasks = dialog.getByRole('grid', { name: 'Subtasks' });
    await subtasks.getByText("Sheet 'NUMERICAL': question PHY-MOT-401", { exact: true }).waitFor();
    await expect.poll(() => subtasks.locator('[role="row"][data-id]').count()).toBe(6);
    await dialog.getByText(DEMO_DETAILS, { exact: true }).waitFor();
    const failed = subtasks.getByRole('row').filter({ hasText: 'PHY-MOT-401' });
    await failed.getByText('Failed', { exact: true }).waitFor();
    await failed.getByRole('button', { name: /^Copy remark of subtask/ }).click();
    await page.getByText(taskMessages.remarkCopied, { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      "Row 3: the answer '9.8 m/s2' is not a number; a Numerical question takes a numeric answer. Question not uploaded.",
    );
    await shot(page, 'task-manager-details');
    await checkA11y(page);

    // Logs: Logs_{timestamp}.zip with the task's JSON and its outputs
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Logs', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(LOGS_FILE_PATTERN);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 2).toString()).toBe('PK');
    const names = await zipEntryNames(file);
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/^task-\d+\.json$/);
    expect(names[1]).toMatch(/^task-\d+-outputs\.csv$/);

    // the row's Logs button downloads the import's logs
    await page.getByRole('button', { name: 'Close', exact: true }).first().click();
    await dialog.waitFor({ state: 'hidden' });
    const [rowDownload] = await Promise.all([
      page.waitForEvent('download'),
      importRow.getByRole('button', { name: `Logs of task ${importTaskId}` }).click(),
    ]);
    expect(rowDownload.suggestedFilename()).toMatch(LOGS_FILE_PATTERN);
    expect(await zipEntryNames(await rowDownload.path())).toEqual([
      `task-${importTaskId}.json`,
      `task-${importTaskId}-outputs.csv`,
    ]);
  });
});
