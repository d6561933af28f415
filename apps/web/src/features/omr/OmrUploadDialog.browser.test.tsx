// Upload answers (issue 25, part 3 §5 "OMR answer upload", §8): §5's rules on the client with §8's words, the
// background task's progress and summary, the correction queue's button.
import { omrEndpoints as e, omrMessages as m, OMR_ZIP_MAX_BYTES } from '@assess/contracts/omr';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { apiError, fakeApi } from '../../test/fakeApi';
import { checkA11y, renderApp } from '../../test/render';
import { OmrUploadDialog, zipIssue } from './OmrUploadDialog';

const zip = (name = 'answers.zip', bytes = 10) =>
  new File([new Uint8Array(bytes)], name, { type: 'application/zip' });
const input = () => document.querySelector<HTMLInputElement>('input[type=file]') as HTMLInputElement;

async function open() {
  let queue = 0;
  await renderApp(
    <OmrUploadDialog testId={7} name="Physics Mock" onClose={() => undefined} onQueue={() => (queue += 1)} />,
  );
  const dialog = page.getByRole('dialog', { name: 'Upload answers · Physics Mock' });
  await expect.element(dialog.getByText('Choose zip file')).toBeVisible();
  return { dialog, queued: () => queue };
}

describe('OmrUploadDialog', () => {
  it('§5 on the client: the extension, one file, the same file twice, the size, no file', () => {
    const a = zip();
    expect(zipIssue(null, [zip('answers.rar')])).toBe(m.extension);
    expect(zipIssue(null, [a, zip('b.zip')])).toBe(m.oneFile);
    expect(zipIssue(a, [a])).toBe(m.duplicateFile);
    expect(zipIssue(null, [zip('big.zip', OMR_ZIP_MAX_BYTES + 1)])).toBe(m.tooLarge);
    expect(zipIssue(null, [])).toBe(m.selectFile);
    expect(zipIssue(null, [a])).toBeNull();
  });

  it('a wrong file shows §8’s message; a zip is read by a task whose summary shows, and queued sheets open the queue', async () => {
    const { dialog, queued } = await open();
    await checkA11y();
    await userEvent.upload(input(), [zip('answers.rar')]);
    await expect.element(dialog.getByText(m.extension)).toBeVisible();
    await expect.element(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
    let state: 'running' | 'succeeded' = 'running';
    fakeApi
      .on(e.readOmrSheet, () => ({ message: m.uploadSuccess, taskId: 41 }))
      .on(e.status, () => ({
        taskId: 41,
        state,
        progress: state === 'running' ? 50 : 100,
        read: state === 'running' ? 0 : 1,
        queued: state === 'running' ? 0 : 1,
        failed: 0,
        duplicates: 0,
        message: state === 'running' ? null : `${m.uploadSuccess}Read 1, queued 1, failed 0.`,
      }));
    await userEvent.upload(input(), [zip()]);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect.element(dialog.getByRole('progressbar', { name: 'Reading progress' })).toBeVisible();
    await expect.element(dialog.getByText('Check Task manager for status')).toBeVisible();
    state = 'succeeded';
    await expect.element(dialog.getByText(`${m.uploadSuccess}Read 1, queued 1, failed 0.`)).toBeVisible();
    expect((fakeApi.requestsTo(e.readOmrSheet)[0].body as unknown as FormData).get('zipFile')).toBeInstanceOf(
      File,
    );
    await dialog.getByRole('button', { name: 'Correction queue' }).click();
    expect(queued()).toBe(1);
  });

  it('the server’s refusal shows its message', async () => {
    const { dialog } = await open();
    fakeApi.on(e.readOmrSheet, () => apiError(413, m.tooLarge));
    await userEvent.upload(input(), [zip()]);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect.element(dialog.getByText(m.tooLarge)).toBeVisible();
  });
});
