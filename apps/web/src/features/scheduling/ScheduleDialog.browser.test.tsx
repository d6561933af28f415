// The schedule dialog's rule messages (moved from e2e/scheduling.e2e.ts, issue 23): each refusal shows under its
// field as the user picks (the contracts' scheduleIssues, the server's rules), Save stays off until the window is
// valid, then the confirmation, the overwrite question and the spec's toast.
import { scheduleMessages as m, schedulingEndpoints as se } from '@assess/contracts/scheduling';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { type Locator, page } from 'vitest/browser';
import { fakeApi } from '../../test/fakeApi';
import { pasteInto } from '../../test/fields';
import { checkA11y, renderApp } from '../../test/render';
import { ScheduleDialog } from './ScheduleDialog';

const H = 3_600_000;
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** Whole minutes (the picker has no seconds). */
const minute = (ms: number) => new Date(Math.ceil(ms / 60_000) * 60_000);

/** Sets (or clears, with null) a date-time picker: pasted as the picker shows it (test/fields pasteInto). */
const setPicker = (dialog: Locator, label: string, d: Date | null) =>
  pasteInto(dialog.getByRole('group', { name: label }), d && dayjs(d).format('DD-MMM-YYYY hh:mm A'));

const now = Date.now();
const unscheduled = {
  name: 'Physics Mock',
  status: 3,
  scheduleStatus: null,
  assignDate: null,
  startDate: null,
  endDate: null,
  mode: null,
  endRequired: true,
  seriesWindow: null,
  now: new Date(now).toISOString(),
};

describe('ScheduleDialog', () => {
  it('shows each rule as the user picks, keeps Save off until the window is valid, then saves', async () => {
    fakeApi
      .on(se.testScheduling, () => unscheduled)
      .on(se.scheduleTest, ({ body }) => ({
        message: m.testScheduled,
        scheduling: { ...unscheduled, startDate: body.scheduleStartDateTime, scheduleStatus: 3, mode: 2 },
      }));
    let closed = false;
    await renderApp(
      <ScheduleDialog
        target={{ kind: 'test', testId: 7, name: 'Physics Mock' }}
        onClose={() => {
          closed = true;
        }}
      />,
    );
    const dialog = page.getByRole('dialog', { name: 'Test Schedule/Assign: Physics Mock' });
    await expect.element(dialog.getByRole('radio', { name: 'Later' })).toBeChecked();
    const save = dialog.getByRole('button', { name: 'Save' });

    // start too soon (47 h)
    await setPicker(dialog, 'Start Date', minute(now + 47 * H));
    await expect.element(dialog.getByText(m.startTooSoon)).toBeVisible();
    await expect.element(save).toBeDisabled();
    // a valid start: the assign date defaults to 48 h before it
    const start = minute(now + 72 * H);
    await setPicker(dialog, 'Start Date', start);
    await setPicker(dialog, 'End Date', new Date(start.getTime() + 10 * 60_000));
    await expect.element(dialog.getByText(m.endTooSoon)).toBeVisible();
    await setPicker(dialog, 'End Date', null);
    await expect.element(dialog.getByText(m.endRequired)).toBeVisible();
    await setPicker(dialog, 'End Date', new Date(start.getTime() + 2 * H));
    await setPicker(dialog, 'Assigned Date', new Date(start.getTime() - 47 * H));
    await expect.element(dialog.getByText(m.assignTooLate)).toBeVisible();
    await setPicker(dialog, 'Assigned Date', new Date(now - 30 * H));
    await expect.element(dialog.getByText(m.assignBeforeToday)).toBeVisible();
    await expect.element(save).toBeDisabled();
    await checkA11y();
    await setPicker(dialog, 'Assigned Date', new Date(start.getTime() - 48 * H));
    await expect.element(save).toBeEnabled();

    await save.click();
    const confirm = page.getByRole('dialog').filter({ hasText: m.confirmTest });
    await confirm.getByRole('button', { name: /OK|Yes|Confirm/ }).click();
    await expect.element(page.getByRole('alert').filter({ hasText: m.testScheduled })).toBeVisible();
    await expect.poll(() => closed).toBe(true);
    const [sent] = fakeApi.requestsTo(se.scheduleTest);
    expect(sent.body).toMatchObject({
      scheduleStartDateTime: start.toISOString(),
      scheduleEndDateTime: new Date(start.getTime() + 2 * H).toISOString(),
      assignDateTime: new Date(start.getTime() - 48 * H).toISOString(),
      isScheduleOverride: false,
      timeZone: zone,
    });
  });

  it('replaces an existing schedule only after the overwrite question; Cancel there sends nothing', async () => {
    const start = minute(now + 72 * H);
    fakeApi.on(se.testScheduling, () => ({
      ...unscheduled,
      scheduleStatus: 3,
      mode: 2,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 2 * H).toISOString(),
      assignDate: new Date(start.getTime() - 48 * H).toISOString(),
    }));
    await renderApp(
      <ScheduleDialog target={{ kind: 'test', testId: 7, name: 'Physics Mock' }} onClose={() => {}} />,
    );
    const dialog = page.getByRole('dialog', { name: 'Test Schedule/Assign: Physics Mock' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect.element(save).toBeEnabled();
    await save.click();
    await page
      .getByRole('dialog')
      .filter({ hasText: m.confirmTest })
      .getByRole('button', { name: /OK|Yes|Confirm/ })
      .click();
    const overwrite = page.getByRole('dialog').filter({ hasText: m.confirmOverwrite });
    await overwrite.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(overwrite).not.toBeInTheDocument();
    expect(fakeApi.requestsTo(se.scheduleTest)).toEqual([]);
  });

  it('is read-only while the test is in progress (schedule status 5)', async () => {
    fakeApi.on(se.testScheduling, () => ({
      ...unscheduled,
      scheduleStatus: 5,
      mode: 2,
      startDate: new Date(now - H).toISOString(),
      endDate: new Date(now + H).toISOString(),
      assignDate: new Date(now - 49 * H).toISOString(),
    }));
    await renderApp(
      <ScheduleDialog target={{ kind: 'test', testId: 7, name: 'Physics Mock' }} onClose={() => {}} />,
    );
    const dialog = page.getByRole('dialog', { name: 'Test Schedule/Assign: Physics Mock' });
    await expect.element(dialog.getByText(m.inProgress)).toBeVisible();
    await expect.element(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
