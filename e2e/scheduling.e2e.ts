// Scheduling in the browser (issue 14; part 3 §5 Schedule, §4 Schedule mode and scheduleStatus, §8 Scheduling):
// a published copy of the demo Ready test is scheduled from the tests list in a browser in New York time. The
// server refuses a request that skips the dialog with the rule's message, then a valid window is saved after the
// confirmation; the server clock is moved and the row's schedule button turns orange (In Progress). Each rule's
// message as the user picks, and the overwrite question, are component tests (issue 23:
// apps/web/src/features/scheduling/ScheduleDialog.browser.test.tsx).

import { endpointPath } from '@assess/contracts/common';
import { scheduleMessages as m, schedulingEndpoints as se } from '@assess/contracts/scheduling';
import { testEditorEndpoints as ed, testListEndpoints as tl } from '@assess/contracts/tests';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { checkA11y, shot, signIn, url, useBrowser } from './support/browser';
import { advanceServerClock, resetServerClock } from './support/server';

const ZONE = 'America/New_York';
const H = 3_600_000;
const unique = () => `${Date.now().toString(36).slice(-5)}`.toUpperCase();
const path = (p: string, testId: number) => url(endpointPath(p, { testId }));

async function ok<T>(res: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<T> }) {
  if (!res.ok()) throw new Error(`${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A published copy of the demo Ready test. */
async function publishedTest(page: Page, code: string) {
  const list = await ok<{ items: { testId: number; code: string }[] }>(
    await page.request.get(url(`${tl.list.path}?contentFilter=1&code=DEMO-READY`)),
  );
  const demo = list.items.find((i) => i.code === 'DEMO-READY');
  if (!demo) throw new Error('no DEMO-READY');
  const { testId } = await ok<{ testId: number }>(
    await page.request.post(path(tl.copy.path, demo.testId), {
      data: { code, name: `Schedule E2E ${code}` },
    }),
  );
  await ok(await page.request.put(path(ed.activate.path, testId)));
  await ok(await page.request.put(path(ed.publish.path, testId)));
  return testId;
}

/** The wall clock of an instant in New York, as the picker's sections want it (DD MM YYYY hh mm A). */
function keysOf(d: Date) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: ZONE,
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

/** Sets (or clears, with null) a date-time picker of the dialog by typing into its sections. */
async function setPicker(dialog: Locator, label: string, d: Date | null) {
  const group = dialog.getByRole('group', { name: label });
  await group.click();
  await group.page().keyboard.press('ControlOrMeta+a');
  await group.page().keyboard.press('Backspace');
  if (d) await group.page().keyboard.type(keysOf(d), { delay: 20 });
  await group.page().keyboard.press('Tab');
}
/** Whole minutes (the picker has no seconds). */
const minute = (ms: number) => new Date(Math.ceil(ms / 60_000) * 60_000);

// This file moves the server's clock: put it back for the files that run after it (the order varies).
afterAll(resetServerClock);

describe('schedule a test from the tests list', () => {
  const s = useBrowser({ timezoneId: ZONE });

  it('the server refuses a skipped dialog, a valid window is saved, In Progress later', async () => {
    const { page } = s;
    page.setDefaultTimeout(30_000);
    const code = `SCH${unique()}`;
    await signIn(page, 'erp@example.com');
    const testId = await publishedTest(page, code);
    const sched = await ok<{ now: string }>(await page.request.get(path(se.testScheduling.path, testId)));
    const now = new Date(sched.now).getTime();

    // the server refuses a request that skipped the dialog, with the rule's message
    const skipped = await page.request.put(path(se.scheduleTest.path, testId), {
      data: {
        scheduleStartDateTime: new Date(now + 47 * H).toISOString(),
        scheduleEndDateTime: new Date(now + 49 * H).toISOString(),
        assignDateTime: new Date(now + 47 * H).toISOString(),
      },
    });
    expect(skipped.status()).toBe(400);
    expect((await skipped.json()).message).toBe(m.startTooSoon);

    await page.goto(url('/admin/testhome'));
    const bar = page.getByRole('region', { name: 'Filter and bulk update' });
    await bar.getByRole('combobox', { name: /^Field/ }).click();
    await page.getByRole('option', { name: 'Code', exact: true }).click();
    await bar.getByRole('textbox', { name: 'Value' }).fill(code);
    await bar.getByRole('button', { name: 'Search' }).click();
    const button = page.getByRole('button', { name: `Schedule ${code}` });
    await expect.poll(() => button.isDisabled()).toBe(false);
    await button.click();
    const dialog = page.getByRole('dialog', { name: `Test Schedule/Assign: Schedule E2E ${code}` });
    await dialog.getByRole('radio', { name: 'Later' }).waitFor();
    const save = dialog.getByRole('button', { name: 'Save' });

    // a valid window: the assign date defaults to 48 h before the start
    const start = minute(now + 72 * H);
    await setPicker(dialog, 'Start Date', start);
    await setPicker(dialog, 'End Date', new Date(start.getTime() + 2 * H));
    await expect.poll(() => save.isDisabled()).toBe(false);
    await shot(page, 'scheduling-dialog');
    await checkA11y(page);

    await save.click();
    const confirm = page.getByRole('dialog').filter({ hasText: m.confirmTest });
    await confirm.getByRole('button', { name: /OK|Yes|Confirm/ }).click();
    await page.getByRole('alert').filter({ hasText: m.testScheduled }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const stored = await ok<{ startDate: string; scheduleStatus: number }>(
      await page.request.get(path(se.testScheduling.path, testId)),
    );
    expect(stored.startDate).toBe(start.toISOString());
    expect(stored.scheduleStatus).toBe(3);
    // scheduled, not yet assigned: the button is red (4 green, 5 orange, otherwise red)
    const colourOf = () => button.evaluate((el) => getComputedStyle(el).color);
    await expect.poll(() => button.isDisabled()).toBe(false);
    const red = await colourOf();

    // the clock passes the start: the row reads In Progress and its schedule button turns orange
    await advanceServerClock(73 * 3600);
    await signIn(page, 'erp@example.com');
    await page.reload();
    await bar.getByRole('combobox', { name: /^Field/ }).click();
    await page.getByRole('option', { name: 'Code', exact: true }).click();
    await bar.getByRole('textbox', { name: 'Value' }).fill(code);
    await bar.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ hasText: code });
    await row.getByText('In Progress').waitFor();
    await expect.poll(() => button.isDisabled()).toBe(false);
    const orange = await colourOf();
    expect(orange).not.toBe(red);
    // an orange hue: red above green above blue (the theme's warning.dark)
    const [r, g, b] = (orange.match(/\d+/g) ?? []).map(Number);
    expect(r > g && g > b).toBe(true);
    await shot(page, 'scheduling-in-progress');
  }, 300_000);
});
