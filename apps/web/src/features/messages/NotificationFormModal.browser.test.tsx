// The message form's rules (moved from e2e/messages.e2e.ts, issue 23): the form's refusals in one toast, the
// attachment rules as files are picked (extension, size, duplicate, at most four), and the schedule field that
// push locks at now. The browser journey keeps sending a message with an attachment through the real server.
import { notificationMessages as m, notificationEndpoints as ne } from '@assess/contracts/messages';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi } from '../../test/fakeApi';
import { chooseFiles, field, pasteInto, toast } from '../../test/fields';
import { checkA11y, renderApp } from '../../test/render';
import { NotificationFormModal } from './NotificationFormModal';

/** Sees a toast, then closes it (as the user may: the next one waits for it, up to 5 s otherwise). */
async function seeToast(text: string) {
  await expect.element(toast(text)).toBeVisible();
  await toast(text).getByRole('button', { name: 'Close' }).click();
}

const pdf = (name: string, size = 1000) =>
  new File(['%PDF-1.7\n', name, ' '.repeat(size)], `${name}.pdf`, { type: 'application/pdf' });

function fakeTargets() {
  fakeApi.on(ne.targets, () => ({
    kind: 'subscriptionTypes' as const,
    providers: [],
    subscriptionTypes: [{ id: 1, name: 'Silver' }],
    testSeries: [{ id: 4, name: 'JEE Series' }],
    interests: [{ id: 100, name: 'Science' }],
  }));
}
/** The console's date-time format (the schedule dialog's). */
const FORMAT = 'DD-MMM-YYYY hh:mm A';
const dialog = () => page.getByRole('dialog', { name: 'New Message' });
/** Picks files (in the page: userEvent.upload would copy the 10 MB file from the runner byte by byte). */
const pickFiles = (files: File[]) => chooseFiles(dialog().getByTestId('attachment-input'), files);

describe('NotificationFormModal', () => {
  // moved from e2e/messages.e2e.ts (issue 23)
  it('Add stays off until the title and the message are written', async () => {
    fakeTargets();
    await renderApp(<NotificationFormModal open notificationId={null} onClose={() => {}} />);
    const d = dialog();
    const add = d.getByRole('button', { name: 'Add', exact: true });
    await expect.element(add).toBeDisabled();
    await field(d, 'Title').fill('Moved');
    await expect.element(add).toBeDisabled();
    await field(d, 'Message').fill('   ');
    await expect.element(add).toBeDisabled();
    await field(d, 'Message').fill('The mock test moves to Saturday.');
    await expect.element(add).toBeEnabled();
  });

  it('checks the form rules in one toast and the attachment rules when files are picked', async () => {
    fakeTargets();
    await renderApp(<NotificationFormModal open notificationId={null} onClose={() => {}} />);
    const d = dialog();
    await field(d, 'Title').fill('Rules');
    await field(d, 'Message').fill('Body');
    await d.getByRole('button', { name: 'Add', exact: true }).click();
    await seeToast(`${m.selectSubscriptionTypeOrTestSeries} ${m.selectChannel}`);
    expect(fakeApi.requestsTo(ne.create)).toEqual([]);
    await checkA11y();

    pickFiles([new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' })]);
    await seeToast(m.extensionNotSupported);
    pickFiles([pdf('big', 10 * 1024 * 1024 + 1)]);
    await seeToast(m.fileTooLarge);
    pickFiles([pdf('a')]);
    await expect.poll(() => d.getByRole('listitem').elements().length).toBe(1);
    pickFiles([pdf('a')]);
    await seeToast(m.duplicateFile);
    pickFiles(['b', 'c', 'd', 'e'].map((n) => pdf(n)));
    await expect.element(toast(m.tooManyFiles)).toBeVisible();
    await expect.poll(() => d.getByRole('listitem').elements().length).toBe(4);
  });

  it('the Schedule Date reads DD-Mon-YYYY hh:mm AM/PM; push locks it at now; without push the default is tomorrow 00:00', async () => {
    fakeTargets();
    await renderApp(<NotificationFormModal open notificationId={null} onClose={() => {}} />);
    const schedule = dialog().getByRole('group', { name: 'Schedule Date' });
    // what the picker shows, without its direction marks (a native datetime-local showed mm/dd/yyyy, --:-- --)
    const shown = () => {
      const [d, mo, y, h, mi, a] = schedule
        .getByRole('spinbutton')
        .elements()
        .map((e) => (e.textContent ?? '').replace(/[\u2066-\u2069\u200e\u200f]/g, ''));
      return `${d}-${mo}-${y} ${h}:${mi} ${a}`;
    };
    const locked = () => schedule.getByRole('spinbutton').first().element().getAttribute('aria-disabled');
    const tomorrow = dayjs().add(1, 'day').startOf('day');
    await expect.poll(shown).toBe(tomorrow.format(FORMAT));
    expect(shown()).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4} 12:00 AM$/);
    expect(locked()).not.toBe('true');
    await dialog().getByLabelText('Push Notification').click();
    await expect.poll(locked).toBe('true');
    const now = dayjs();
    expect([now.format(FORMAT), now.subtract(1, 'minute').format(FORMAT)]).toContain(shown());
    await dialog().getByLabelText('Push Notification').click();
    await expect.poll(locked).not.toBe('true');
    expect(shown()).toBe(tomorrow.format(FORMAT));
    // a date-time typed as the picker shows it stays
    await pasteInto(schedule, '05-Dec-2026 03:30 PM');
    await expect.poll(shown).toBe('05-Dec-2026 03:30 PM');
    await checkA11y();
  });
});
