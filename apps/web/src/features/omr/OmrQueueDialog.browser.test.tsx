// The correction queue (issue 25): a queued sheet's reasons, its unclear question, the student id and marks
// editable; Save and score sends the fix and the server's refusal or result shows; an empty queue says so.
import { omrEndpoints as e, omrMessages as m, type OmrQueueItem } from '@assess/contracts/omr';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { apiError, fakeApi } from '../../test/fakeApi';
import { checkA11y, renderApp } from '../../test/render';
import { OmrQueueDialog } from './OmrQueueDialog';

const item: OmrQueueItem = {
  sheetId: 5,
  formId: 3,
  page: 1,
  fileName: 'batch/sheet-002.jpg',
  status: 2,
  reasons: ['1 question(s) with an unclear mark.'],
  studentIdRead: '00042',
  userId: 42,
  studentName: 'Diya Iyer',
  confidence: 0.4,
  answers: [[[1], null, [3]]],
  sections: [{ sectionName: 'Mechanics', questionCount: 3, numberOfChoices: 4, choiceType: 3 }],
  attemptId: null,
  score: null,
  createdAt: new Date().toISOString(),
};

describe('OmrQueueDialog', () => {
  it('shows the queued sheet, refuses an unknown student with the message, then scores the fix', async () => {
    let queue = [item];
    fakeApi
      .on(e.sheets, () => ({ items: queue }))
      .on(e.scan, () => apiError(404, m.sheetNotFound))
      .on(e.correct, ({ body }) => {
        if (body.studentId === '99999') return apiError(400, m.unknownStudent);
        queue = [];
        return { message: m.corrected, attemptId: 9, score: 2 };
      });
    await renderApp(<OmrQueueDialog testId={7} name="Physics Mock" onClose={() => undefined} />);
    const dialog = page.getByRole('dialog', { name: 'Correction queue · Physics Mock' });
    await expect.element(dialog.getByText('1 question(s) with an unclear mark.')).toBeVisible();
    await expect.element(dialog.getByText('No scan stored for this sheet.')).toBeVisible();
    await expect.element(dialog.getByText('unclear', { exact: true })).toBeVisible();
    await expect.element(dialog.getByRole('checkbox', { name: 'Question 1 choice A)' })).toBeChecked();
    await checkA11y();
    const id = dialog.getByRole('textbox', { name: 'Student ID' });
    await userEvent.clear(id);
    await userEvent.type(id, '99999');
    await dialog.getByRole('button', { name: 'Save and score' }).click();
    await expect.element(dialog.getByText(m.unknownStudent)).toBeVisible();
    await userEvent.clear(id);
    await userEvent.type(id, '00042');
    await dialog.getByRole('checkbox', { name: 'Question 2 choice B)' }).click();
    await dialog.getByRole('button', { name: 'Save and score' }).click();
    await expect.element(page.getByText(`${m.corrected} Score 2.`)).toBeVisible();
    expect(fakeApi.requestsTo(e.correct).at(-1)?.body).toEqual({
      studentId: '00042',
      answers: [[[1], [2], [3]]],
    });
    await expect.element(dialog.getByText('No sheet waits for correction.')).toBeVisible();
  });
});
