// Scheduling in the browser (issue 14; part 3 §5 Schedule, §4 Schedule mode and scheduleStatus, §8 Scheduling):
// a published copy of the demo Ready test is scheduled from the tests list in a browser in New York time, saved
// after the confirmation; the server clock is moved and the row's schedule button turns orange (In Progress).
// Each rule's message as the user picks, the overwrite question and the dialog's axe are component tests
// (apps/web/src/features/scheduling/ScheduleDialog.browser.test.tsx); the server's refusal of a request that
// skipped the dialog is an API test (apps/api/src/modules/scheduling/scheduling.int.test.ts) (issue 23).

import { schedulingEndpoints as se } from '@assess/contracts/scheduling';
import { afterAll, describe, expect, it } from 'vitest';
import { apiOf } from './support/api';
import { shot, signIn, url, useBrowser } from './support/browser';
import { searchTestCode } from './support/catalogue';
import { minute, publishedCopy, scheduleWindow } from './support/schedule';
import { advanceServerClock, resetServerClock } from './support/server';

const ZONE = 'America/New_York';
const H = 3_600_000;
const unique = () => `${Date.now().toString(36).slice(-5)}`.toUpperCase();

// This file moves the server's clock: put it back for the files that run after it (the order varies).
afterAll(resetServerClock);

describe('schedule a test from the tests list', () => {
  const s = useBrowser({ timezoneId: ZONE });

  it('a valid window is saved through the dialog, the row turns In Progress later', async () => {
    const { page } = s;
    page.setDefaultTimeout(30_000);
    const code = `SCH${unique()}`;
    await signIn(page, 'erp@example.com');
    const api = apiOf(page);
    const testId = await publishedCopy(api, { code: 'DEMO-READY' }, code, `Schedule E2E ${code}`);
    const { now } = await api.call(se.testScheduling, { params: { testId } });

    await page.goto(url('/admin/testhome'));
    await searchTestCode(page, code);
    const button = page.getByRole('button', { name: `Schedule ${code}` });
    await expect.poll(() => button.isDisabled()).toBe(false);
    await button.click();
    const dialog = page.getByRole('dialog', { name: `Test Schedule/Assign: Schedule E2E ${code}` });

    // a valid window: the assign date defaults to 48 h before the start
    const start = minute(Date.parse(now) + 72 * H);
    await scheduleWindow(page, dialog, start, ZONE, () => shot(page, 'scheduling-dialog'));
    const stored = await api.call(se.testScheduling, { params: { testId } });
    expect(stored.startDate).toBe(start.toISOString());
    expect(stored.assignDate).toBe(new Date(start.getTime() - 48 * H).toISOString());
    expect(stored.scheduleStatus).toBe(3);
    // scheduled, not yet assigned: the button is red (4 green, 5 orange, otherwise red)
    const colourOf = () => button.evaluate((el) => getComputedStyle(el).color);
    await expect.poll(() => button.isDisabled()).toBe(false);
    const red = await colourOf();

    // the clock passes the start: the row reads In Progress and its schedule button turns orange
    await advanceServerClock(73 * 3600);
    await signIn(page, 'erp@example.com');
    await page.reload();
    await searchTestCode(page, code);
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
