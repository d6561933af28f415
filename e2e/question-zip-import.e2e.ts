// The zip tree import in the browser (issue 12; part 2 §2 "Zip import dialog", §4, §5, §8): the tree's Bulk
// Import, the picker's rules, a zip with one validation error ('Zip is not validate!'), fixed, then imported
// as a task; the questions show under their topic. Each test makes its own category and topic (unique names).

import { zipImportMessages as m, zipAnswerColumns } from '@assess/contracts/question-imports';
import { questionBankEndpoints as qb } from '@assess/contracts/questions';
import * as XLSX from '@e965/xlsx';
import { beforeEach, describe, it } from 'vitest';
import yazl from 'yazl';
import { apiOf } from './support/api';
import { checkA11y, shot, signIn, url, useBrowser } from './support/browser';
import { PNG, unique } from './support/questionBank';

function answers(rows: unknown[][]) {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([[...zipAnswerColumns], ...rows]), 'Answers');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** `<root>/<topic>/` with an SCQ and an MCQ image question and Answers.xlsx. */
function zipOf(root: string, topic: string, codes: string[], scqAnswer: string): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(PNG, `${root}/${topic}/SCQ/${codes[0]}.png`);
  zip.addBuffer(PNG, `${root}/${topic}/SCQ/Solutions/${codes[0]}.png`);
  zip.addBuffer(PNG, `${root}/${topic}/MCQ/${codes[1]}.png`);
  zip.addBuffer(
    answers([
      [codes[0], scqAnswer, 'LOW'],
      [codes[1], 'a, c', 'HIGH'],
    ]),
    `${root}/${topic}/Answers.xlsx`,
  );
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
    zip.end();
  });
}

const file = (name: string, buffer: Buffer) => ({ name, mimeType: 'application/zip', buffer });

describe('question imports: zip tree import (Bulk Import)', () => {
  const s = useBrowser();
  beforeEach(() => s.page.setDefaultTimeout(45_000));

  it('a zip with one validation error is listed, fixed, then imported; the questions show under the topic', async () => {
    const { page } = s;
    const tag = unique();
    const root = `Zip E2E ${tag}`;
    const topic = `Optics ${tag}`;
    const codes = [`ZS${tag}`, `ZM${tag}`];
    await signIn(page, 'erp@example.com');
    const api = apiOf(page);
    const cat = await api.call(qb.createCategory, { body: { name: root } });
    await api.call(qb.createTopic, { body: { name: topic, categoryId: cat.node.id } });

    await page.goto(url('/admin/import'));
    await page.getByRole('tree', { name: 'Your categories and topics' }).waitFor();
    await page.getByRole('button', { name: 'Bulk Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Import' });
    await dialog.getByLabel(/^Number of Choices/).waitFor();
    const input = dialog.getByTestId('zip-import-file');

    // §5 the picker: not a zip, more than one file, none selected
    await input.setInputFiles(file('questions.rar', Buffer.from('x')));
    await dialog.getByText(m.extension).waitFor();
    await input.setInputFiles([file('a.zip', PNG), file('b.zip', PNG)]);
    await dialog.getByText(m.oneFile).waitFor();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText(m.selectFile).waitFor();
    // §5 number of choices 2..6
    await dialog.getByLabel(/^Number of Choices/).fill('7');
    await dialog.getByLabel(/^Number of Choices/).blur();
    await dialog.getByText(m.numberOfChoices).waitFor();
    await dialog.getByLabel(/^Number of Choices/).fill('4');

    // one validation error: an SCQ answer that is not one of the 4 choices
    const broken = await zipOf(root, topic, codes, 'g');
    await input.setInputFiles(file(`${root}.zip`, broken));
    await dialog.getByText(`${root}.zip`).waitFor();
    await input.setInputFiles(file(`${root}.zip`, broken));
    await dialog.getByText(m.duplicateFile).waitFor();
    await shot(page, 'question-zip-import-form');
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const problems = page.getByRole('dialog', { name: m.notValid });
    await problems.getByText(m.answerInvalid).waitFor();
    await problems.getByText(`${root}/${topic}/Answers.xlsx row 2: SCQ ${codes[0]} 'g'`).waitFor();
    await shot(page, 'question-zip-import-not-valid');
    await checkA11y(page);
    await problems.getByRole('button', { name: 'OK' }).click();
    await problems.waitFor({ state: 'hidden' });

    // fixed: the answer is (b)
    await input.setInputFiles(file(`${root}.zip`, await zipOf(root, topic, codes, '(b)')));
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText(m.imported).waitFor({ timeout: 60_000 });
    await shot(page, 'question-zip-import-success');
    // the form closes 2 s after success
    await dialog.waitFor({ state: 'hidden' });

    // the questions are in the topic's grid
    await page.getByRole('treeitem', { name: root, exact: true }).locator('.tree-row').first().click();
    await page.getByRole('treeitem', { name: topic, exact: true }).locator('.tree-row').first().click();
    const grid = page.getByRole('grid', { name: `Questions of ${topic}` });
    for (const code of codes) await grid.getByRole('row').filter({ hasText: code }).waitFor();
    await shot(page, 'question-zip-import-questions');

    // the import shows in the task manager (newest first) with its subtask per type folder
    await page.goto(url('/admin/taskManager'));
    const tasks = page.getByRole('grid', { name: 'Tasks' });
    const zipRow = tasks.getByRole('row').filter({ hasText: 'Zip import' }).first();
    await zipRow.getByText('Success', { exact: true }).waitFor({ timeout: 30_000 });
    await zipRow.getByRole('button', { name: /^Details of task / }).click();
    const details = page.getByRole('dialog', { name: 'Task Details: Zip import' });
    await details
      .getByRole('grid', { name: 'Subtasks' })
      .getByRole('row')
      .filter({ hasText: 'SCQ' })
      .first()
      .waitFor();
    await shot(page, 'question-zip-import-task');
  });
});
