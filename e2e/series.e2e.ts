// The test series list in the browser (issue 14; part 3 §2 Test series list, §8): one happy path through the
// real server — a Ready series (made through the API; the editor's journey is series-editor.e2e.ts) is
// scheduled, assigned to students, reads In Progress by the server's clock and is published. View Tests, the row
// rules, the refusals (schedule, delete, publish twice, the package limit, the image's content) and the messages
// word for word are the component tests' (features/series/TestSeriesPage.browser.test.tsx, series/list/
// SeriesListDialogs, scheduling/ScheduleDialog) and the API's (apps/api/src/modules/series/series-*.int.test.ts,
// scheduling/scheduling.int.test.ts).

import { assignmentMessages as am } from '@assess/contracts/assignment';
import { schedulingEndpoints as sch, scheduleMessages as sm } from '@assess/contracts/scheduling';
import { seriesMessages as m, seriesEditorEndpoints as se } from '@assess/contracts/series';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiOf } from './support/api';
import { checkA11y, shot, signIn, url, useBrowser } from './support/browser';
import { confirm, createSeries, demoCopy, gridRow, scrollGrid, toast, unique } from './support/catalogue';
import { minute, setPicker } from './support/schedule';
import { advanceServerClock, resetServerClock } from './support/server';

const LONG = 240_000;
const STEP = 45_000;
const ZONE = 'America/New_York';
const H = 3_600_000;
const grid = (page: Page) => page.getByRole('grid', { name: 'Test series' });

async function openOwned(page: Page) {
  await page.goto(url('/admin/testSeries'));
  await page.getByRole('group', { name: 'Test series shown' }).getByRole('button', { name: 'Owned' }).click();
}

// This file moves the server's clock: put it back for the files that run after it (the order varies).
afterAll(resetServerClock);

describe('test series list (/admin/testSeries)', () => {
  const s = useBrowser({ timezoneId: ZONE });

  it(
    'a Ready series: schedule, assign students, In Progress by the clock, publish',
    async () => {
      const { page } = s;
      page.setDefaultTimeout(STEP);
      const tag = `F${unique()}`;
      const name = `E2E ${tag}`;
      await signIn(page, 'erp@example.com');
      const api = apiOf(page);
      const testId = await demoCopy(page, `${tag}-T`, 'ready');
      const courseId = await createSeries(page, tag);
      await api.call(se.addTests, { params: { courseId }, body: { testIds: [testId] } });
      const held = await api.call(se.get, { params: { courseId } });
      await api.call(se.update, {
        params: { courseId },
        body: {
          code: held.code,
          name: held.name,
          description: held.description,
          difficultyLevel: held.difficultyLevel,
          duration: held.duration,
          price: held.price,
          topicIds: held.topicIds,
          objective: held.objective,
          targetAudience: held.targetAudience,
          expiryDate: held.expiryDate,
          isDynamic: held.isDynamic,
          draft: false,
          version: held.version,
        },
      });

      await openOwned(page);
      const flow = gridRow(grid(page), tag);
      await flow.getByText('Ready').waitFor();
      await scrollGrid(grid(page), 'actions');
      // View Tests (the series' tests in order): apps/web/src/features/series/list/SeriesListDialogs.browser.test.tsx
      // and apps/api/src/modules/series/series-list.int.test.ts 'View Tests lists the tests in order' (issue 23)

      // Schedule: a valid window, after the confirmation
      const { now } = await api.call(sch.seriesScheduling, { params: { courseId } });
      const start = minute(new Date(now).getTime() + 72 * H);
      await page.getByRole('button', { name: `Schedule ${tag}` }).click();
      const dialog = page.getByRole('dialog', { name: `Course Schedule/Assign: ${name}` });
      await dialog.getByRole('radio', { name: 'Later' }).waitFor();
      await setPicker(dialog, 'Start Date', start, ZONE);
      await setPicker(dialog, 'End Date', new Date(start.getTime() + 30 * 24 * H), ZONE);
      await setPicker(dialog, 'Assigned Date', new Date(start.getTime() - 48 * H), ZONE);
      const save = dialog.getByRole('button', { name: 'Save' });
      await expect.poll(() => save.isDisabled()).toBe(false);
      await save.click();
      await confirm(page, sm.confirmSeries, /OK|Yes|Confirm/);
      await toast(page, sm.seriesScheduled).waitFor();
      await dialog.waitFor({ state: 'detached' });

      // Assign two demo students through Course User Mapping
      await scrollGrid(grid(page), 'actions');
      await page.getByRole('button', { name: `Assign ${tag} to students` }).click();
      const mapping = page.getByRole('dialog', { name: `Course User Mapping for: ${name}` });
      const available = mapping.getByRole('grid', { name: 'Available students' });
      await mapping.getByRole('searchbox', { name: 'Search available' }).fill('example.com');
      const candidates = available.getByRole('row').filter({ hasText: '@example.com' });
      await expect.poll(() => candidates.count()).toBeGreaterThanOrEqual(2);
      for (let i = 0; i < 2; i++) await candidates.nth(i).getByRole('checkbox').check();
      await mapping.getByRole('button', { name: 'Assign (2)' }).click();
      await toast(page, am.usersMappedToSeries).waitFor();
      await mapping.getByRole('heading', { name: 'Assigned students (2)' }).waitFor();
      await mapping.getByRole('button', { name: 'Close' }).first().click();
      await mapping.waitFor({ state: 'detached' });

      // the server clock passes the start: the row reads In Progress (sessions end: sign in again)
      await advanceServerClock(73 * 3600);
      await signIn(page, 'erp@example.com');
      await openOwned(page);
      await flow.getByText('In Progress').waitFor();

      // publish: the spec's success; Publish off, Edit read-only
      await scrollGrid(grid(page), 'actions');
      await page.getByRole('button', { name: `Publish ${tag}` }).click();
      await confirm(page, m.confirmPublish, 'Publish');
      await toast(page, m.published).waitFor();
      await expect.poll(() => page.getByRole('button', { name: `Publish ${tag}` }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: `View ${tag}` }).waitFor();
      await scrollGrid(grid(page), 'start');
      await shot(page, 'series-flow-in-progress-published');
      await checkA11y(page);
    },
    LONG,
  );
});
