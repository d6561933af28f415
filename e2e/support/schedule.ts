// Scheduling in the browser journeys (issue 23: one copy of what quick-tests, scheduling and the player's set-up
// repeated): a published copy of a demo test through the typed client, and the schedule dialog's date-time pickers
// (DD MM YYYY hh mm A sections) typed in the browser's zone, then saved through the confirmation.
import { scheduleMessages } from '@assess/contracts/scheduling';
import { testEditorEndpoints as ed, testListEndpoints as tl } from '@assess/contracts/tests';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ApiClient } from './api';

/** Whole minutes (the pickers have no seconds). */
export const minute = (ms: number) => new Date(Math.ceil(ms / 60_000) * 60_000);

/** A published copy (copied, activated, published) of the provider's test with this code or name. */
export async function publishedCopy(
  api: ApiClient,
  source: { code?: string; name?: string },
  code: string,
  name: string,
) {
  const list = await api.call(tl.list, { query: { contentFilter: 1, pageSize: 100, code: source.code } });
  const demo = list.items.find((t) => t.code === source.code || t.name === source.name);
  if (!demo) throw new Error(`no test ${source.code ?? source.name} in the demo data`);
  const { testId } = await api.call(tl.copy, { params: { testId: demo.testId }, body: { code, name } });
  await api.call(ed.activate, { params: { testId } });
  await api.call(ed.publish, { params: { testId } });
  return testId;
}

/** The wall clock of an instant in `zone`, as the picker's sections want it (DD MM YYYY hh mm A). */
function pickerKeys(d: Date, zone: string) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}${p.month}${p.year}${p.hour}${p.minute}${p.dayPeriod === 'PM' ? 'P' : 'A'}`;
}

/** Sets (or clears, with null) a date-time picker of the dialog by typing into its sections (`zone`: the page's). */
export async function setPicker(dialog: Locator, label: string, d: Date | null, zone: string) {
  const group = dialog.getByRole('group', { name: label });
  await group.click();
  await group.page().keyboard.press('ControlOrMeta+a');
  await group.page().keyboard.press('Backspace');
  if (d) await group.page().keyboard.type(pickerKeys(d, zone), { delay: 20 });
  await group.page().keyboard.press('Tab');
}

/**
 * In the open schedule dialog: a window from `start` for two hours (the assign date left at its default, 48 h
 * before), saved through the confirmation; waits for the spec's toast and the dialog to close.
 */
export async function scheduleWindow(
  page: Page,
  dialog: Locator,
  start: Date,
  zone: string,
  /** Runs once the window is valid, before Save (the opt-in screenshot). */
  filled?: () => Promise<unknown>,
) {
  await dialog.getByRole('radio', { name: 'Later' }).waitFor();
  await setPicker(dialog, 'Start Date', start, zone);
  await setPicker(dialog, 'End Date', new Date(start.getTime() + 2 * 3_600_000), zone);
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect.poll(() => save.isDisabled()).toBe(false);
  await filled?.();
  await save.click();
  await page
    .getByRole('dialog')
    .filter({ hasText: scheduleMessages.confirmTest })
    .getByRole('button', { name: /OK|Yes|Confirm/ })
    .click();
  await page.getByRole('alert').filter({ hasText: scheduleMessages.testScheduled }).first().waitFor();
  await dialog.waitFor({ state: 'detached' });
}
