// The test series list in the browser (issue 14; part 3 §2 Test series list, §4 Test series row rules, §5 New
// test series limit, §8 Test series): the demo series and the row rules, publish, the read-only edit, View
// Tests, Upload resourceImage, delete, axe and screenshots. Series are made through the editor's API (the
// server and its demo data are shared by all test files); the list shows the newest first.

import { licenceMessages } from '@assess/contracts/access';
import { assignmentMessages as am } from '@assess/contracts/assignment';
import { endpointPath } from '@assess/contracts/common';
import { schedulingEndpoints as sch, scheduleMessages as sm } from '@assess/contracts/scheduling';
import {
  seriesEditorMessages as em,
  seriesMessages as m,
  seriesRowMessages as rm,
  seriesEditorEndpoints as se,
  seriesListEndpoints as sl,
} from '@assess/contracts/series';
import { testEditorEndpoints as ed, testListEndpoints as tl } from '@assess/contracts/tests';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { checkA11y, shot, signIn, url, useBrowser, waitForPath } from './support/browser';
import { minute, setPicker as setZonePicker } from './support/schedule';
import { advanceServerClock, resetServerClock } from './support/server';

let seq = 0;
const unique = () => `${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}`.toUpperCase();

async function ok<T>(res: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<T> }) {
  if (!res.ok()) throw new Error(`${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}
const at = (p: string, params: Record<string, unknown>) => url(endpointPath(p, params));

/** A published test of the signed-in provider: a copy of the demo Ready test, activated and published. */
async function publishedTest(page: Page, code: string) {
  const list = await ok<{ items: { testId: number; code: string }[] }>(
    await page.request.get(url(`${tl.list.path}?contentFilter=1&code=DEMO-READY`)),
  );
  const demo = list.items.find((i) => i.code === 'DEMO-READY');
  if (!demo) throw new Error('no DEMO-READY test');
  const { testId } = await ok<{ testId: number }>(
    await page.request.post(at(tl.copy.path, { testId: demo.testId }), {
      data: { code, name: `Series E2E ${code}` },
    }),
  );
  await ok(await page.request.put(at(ed.activate.path, { testId })));
  await ok(await page.request.put(at(ed.publish.path, { testId })));
  return testId;
}

const seriesBody = (code: string, draft: boolean) => ({
  code,
  name: `Series E2E ${code}`,
  description: null,
  difficultyLevel: 2,
  duration: 30,
  price: 499,
  topicIds: null,
  objective: null,
  targetAudience: null,
  expiryDate: '2099-12-31',
  isDynamic: false,
  draft,
});

/** A series through the editor's API: Draft, or Ready with the given tests. */
async function createSeries(page: Page, code: string, testIds: number[] = []) {
  const created = await ok<{ courseId: number; version: number }>(
    await page.request.post(url(se.create.path), { data: seriesBody(code, true) }),
  );
  if (!testIds.length) return created.courseId;
  await ok(await page.request.post(at(se.addTests.path, created), { data: { testIds } }));
  const detail = await ok<{ version: number }>(await page.request.get(at(se.get.path, created)));
  await ok(
    await page.request.put(at(se.update.path, created), {
      data: { ...seriesBody(code, false), version: detail.version },
    }),
  );
  return created.courseId;
}

/** An 8×8 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4oaGBFTEMLQkAgl1GAWqNFmsAAAAASUVORK5CYII=',
  'base64',
);

const LONG = 240_000;
const STEP = 45_000;
const slowSteps = (s: { page: Page }) => beforeEach(() => s.page.setDefaultTimeout(STEP));
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();
const grid = (page: Page) => page.getByRole('grid', { name: 'Test series' });
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const row = (page: Page, code: string) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.locator('[data-field="code"]', { hasText: new RegExp(`^${escapeRegExp(code)}$`) }) });
const scrollGrid = (page: Page, to: 'start' | 'actions') =>
  grid(page)
    .locator('.MuiDataGrid-virtualScroller')
    .evaluate((el, end) => {
      el.scrollLeft = end ? el.scrollWidth : 0;
    }, to === 'actions');
/** Row buttons carry the series code in their names: found on the page (the code cell may be scrolled away). */
const menuItem = (page: Page, item: string) => page.getByRole('menuitem', { name: new RegExp(`^${item}`) });
async function openList(page: Page, filter: 'All' | 'Owned' | 'Subscribed' = 'Owned') {
  await page.goto(url('/admin/testSeries'));
  await page.getByRole('group', { name: 'Test series shown' }).getByRole('button', { name: filter }).click();
}

// This file moves the server's clock: put it back for the files that run after it (the order varies).
afterAll(resetServerClock);

describe('test series list (/admin/testSeries)', () => {
  const s = useBrowser();
  slowSteps(s);

  it(
    'demo series and row rules; publish; the read-only edit; View Tests; axe; screenshots',
    async () => {
      const { page } = s;
      const tag = `S${unique()}`;
      await signIn(page, 'erp@example.com');
      const testId = await publishedTest(page, `${tag}-T1`);
      const readyId = await createSeries(page, `${tag}-RDY`, [testId]);
      await createSeries(page, `${tag}-DRF`);

      await openList(page, 'Owned');
      const ready = row(page, `${tag}-RDY`);
      await ready.waitFor();
      // columns: status, the spec's 'Trail' for status 2 ('Subscription' otherwise), provider name
      await ready.getByText('Ready').waitFor();
      await ready.getByText('Trail', { exact: true }).waitFor();
      await ready.getByText('Demo ERP Institute').waitFor();
      const neet = row(page, 'NEET-F');
      await neet.getByText('Subscription', { exact: true }).waitFor();
      await shot(page, 'series-list');
      await checkA11y(page);

      // the Draft: Publish and Schedule off with the rule's reason; selectable (owned)
      const draft = row(page, `${tag}-DRF`);
      expect(await draft.getByRole('checkbox').isDisabled()).toBe(false);
      await scrollGrid(page, 'actions');
      expect(await page.getByRole('button', { name: `Publish ${tag}-DRF` }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: `Schedule ${tag}-DRF` }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: `More actions for ${tag}-DRF` }).click();
      expect(await menuItem(page, 'Delete').getAttribute('aria-disabled')).toBeNull();
      await page.keyboard.press('Escape');

      // View Tests
      await page.getByRole('button', { name: `View Tests of ${tag}-RDY` }).click();
      const tests = page.getByRole('dialog', { name: `Tests of Series E2E ${tag}-RDY` });
      await tests.getByRole('cell', { name: `${tag}-T1`, exact: true }).waitFor();
      await shot(page, 'series-list-view-tests');
      await tests.getByRole('button', { name: 'Close' }).click();
      await tests.waitFor({ state: 'detached' });

      // Publish after the confirmation: the spec's success, then Publish off and Edit read-only
      await page.getByRole('button', { name: `Publish ${tag}-RDY` }).click();
      await page
        .getByRole('dialog')
        .filter({ hasText: m.confirmPublish })
        .getByRole('button', { name: 'Publish' })
        .click();
      await toast(page, m.published).waitFor();
      await scrollGrid(page, 'start');
      await ready.getByText('Published').waitFor();
      await scrollGrid(page, 'actions');
      await expect
        .poll(() => page.getByRole('button', { name: `Publish ${tag}-RDY` }).isDisabled())
        .toBe(true);
      await page.getByRole('button', { name: `View ${tag}-RDY` }).click();
      await page.waitForURL(
        (u) => u.pathname === '/admin/course' && u.searchParams.get('courseId') === String(readyId),
      );
      await page.getByText(em.published).first().waitFor();
      await shot(page, 'series-edit-read-only');
      // the server refuses a second publish with the rule's reason
      const again = await page.request.put(at(sl.publish.path, { courseId: readyId }));
      expect(again.status()).toBe(403);
      expect((await again.json()).message).toBe(rm.published);
    },
    LONG,
  );

  it(
    'a subscribed series: not selectable, delete off (not owner); delete and clean data of an own one',
    async () => {
      const { page } = s;
      const tag = `D${unique()}`;
      await signIn(page, 'erp@example.com');
      await createSeries(page, `${tag}-DEL`);

      await openList(page, 'Subscribed');
      const partner = row(page, 'CP-JEE-ADV');
      await partner.waitFor();
      expect(await partner.getByRole('checkbox').isDisabled()).toBe(true);
      await scrollGrid(page, 'actions');
      await page.getByRole('button', { name: 'More actions for CP-JEE-ADV' }).click();
      await menuItem(page, 'Delete').filter({ hasText: rm.notOwner }).waitFor();
      expect(await menuItem(page, 'Delete').getAttribute('aria-disabled')).toBe('true');
      await shot(page, 'series-list-subscribed-menu');
      await page.keyboard.press('Escape');

      await openList(page, 'Owned');
      const own = row(page, `${tag}-DEL`);
      await own.waitFor();
      expect(await own.getByRole('checkbox').isDisabled()).toBe(false);
      await scrollGrid(page, 'actions');
      // Upload resourceImage: a PDF named .png is refused by its content; a PNG is stored and shown
      await page.getByRole('button', { name: `More actions for ${tag}-DEL` }).click();
      await menuItem(page, 'Upload resourceImage').click();
      const upload = page.getByRole('dialog', { name: `Upload resourceImage: Series E2E ${tag}-DEL` });
      const file = upload.getByLabel('Resource image file');
      await file.setInputFiles({
        name: 'cover.png',
        mimeType: 'image/png',
        buffer: Buffer.from('%PDF-1.4\n%%EOF'),
      });
      await upload.getByRole('button', { name: 'Upload' }).click();
      await toast(page, m.notAnImage).waitFor();
      await file.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
      await upload.getByRole('button', { name: 'Upload' }).click();
      await toast(page, m.imageUploaded).waitFor();
      const img = upload.getByRole('img', { name: `Image of Series E2E ${tag}-DEL` });
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await shot(page, 'series-list-upload-image');
      await upload.getByRole('button', { name: 'Close' }).first().click();
      await upload.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: `More actions for ${tag}-DEL` }).click();
      await menuItem(page, 'Clean data').click();
      await page
        .getByRole('dialog')
        .filter({ hasText: m.confirmCleanup })
        .getByRole('button', { name: 'Clean' })
        .click();
      await toast(page, m.cleanedUp).waitFor();
      await page.getByRole('button', { name: `More actions for ${tag}-DEL` }).click();
      await menuItem(page, 'Delete').click();
      await page
        .getByRole('dialog')
        .filter({ hasText: m.confirmDelete })
        .getByRole('button', { name: 'Delete' })
        .click();
      await toast(page, m.deleted).waitFor();
      await own.waitFor({ state: 'detached' });
    },
    LONG,
  );

  it(
    "'+ New' at the package limit: the spec's message, no navigation (counted by the server)",
    async () => {
      const { page } = s;
      await signIn(page, 'trial@example.com');
      // fill the trial package's TestSeries allowance (the editor's create refuses beyond it)
      const { count, limit } = await ok<{ count: number; limit: number }>(
        await page.request.get(url(sl.count.path)),
      );
      for (let i = count; i < limit; i++)
        await ok(await page.request.post(url(se.create.path), { data: seriesBody(`LIM${unique()}`, true) }));
      await openList(page, 'Owned');
      await page.getByRole('button', { name: '+ New' }).click();
      const message = licenceMessages.TestSeries.replace('{n}', String(limit));
      await toast(page, message).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/testSeries');
      await shot(page, 'series-list-package-limit');
    },
    LONG,
  );
});

// ---------- the flow: editor → schedule → assign → the clock → publish (moves the server clock: last) ----------

const ZONE = 'America/New_York';
const H = 3_600_000;

/** A date-time picker of the schedule dialog, typed in New York time (e2e/support/schedule.ts). */
const setPicker = (dialog: Locator, label: string, d: Date | null) => setZonePicker(dialog, label, d, ZONE);

/** A Ready test of the caller: a copy of the demo Ready test, activated. */
async function readyTest(page: Page, code: string) {
  const list = await ok<{ items: { testId: number; code: string }[] }>(
    await page.request.get(url(`${tl.list.path}?contentFilter=1&code=DEMO-READY`)),
  );
  const demo = list.items.find((i) => i.code === 'DEMO-READY');
  if (!demo) throw new Error('no DEMO-READY test');
  const { testId } = await ok<{ testId: number }>(
    await page.request.post(at(tl.copy.path, { testId: demo.testId }), {
      data: { code, name: `Flow E2E ${code}` },
    }),
  );
  await ok(await page.request.put(at(ed.activate.path, { testId })));
  return testId;
}

describe('the issue 14 flow from the series list', () => {
  const s = useBrowser({ timezoneId: ZONE });
  slowSteps(s);

  it(
    'create a series with three tests, schedule it (each refusal, then a valid window), assign students, In Progress by the clock, publish',
    async () => {
      const { page } = s;
      const tag = `F${unique()}`;
      const name = `Flow Series ${tag}`;
      await signIn(page, 'erp@example.com');
      const codes = [`${tag}-A`, `${tag}-B`, `${tag}-C`];
      for (const c of codes) await readyTest(page, c);

      // + New (under the package limit) → the editor; three tests; Save
      await openList(page, 'Owned');
      await page.getByRole('button', { name: '+ New' }).click();
      await waitForPath(page, '/admin/course');
      await page.getByRole('textbox', { name: /^Course Code/ }).fill(tag);
      await page.getByRole('textbox', { name: /^Course Name/ }).fill(name);
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('form', { name: 'Test' }).waitFor();
      await page.waitForURL((u) => u.searchParams.has('courseId'));
      const courseId = Number(new URL(page.url()).searchParams.get('courseId'));
      const offered = page.getByRole('group', { name: 'Tests offered' });
      for (const c of codes) await offered.getByRole('checkbox', { name: new RegExp(`^${c} ·`) }).check();
      await page.getByRole('button', { name: 'Add selected (3)' }).click();
      await page.getByText(em.testAdded).first().waitFor();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('form', { name: 'Configuration' }).waitFor();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText(em.saved).first().waitFor();
      await waitForPath(page, '/admin/testSeries');
      await page
        .getByRole('group', { name: 'Test series shown' })
        .getByRole('button', { name: 'Owned' })
        .click();
      const flow = row(page, tag);
      await flow.getByText('Ready').waitFor();

      // the server refuses a schedule that skipped the dialog, with the rule's message
      const sched = await ok<{ now: string }>(
        await page.request.get(at(sch.seriesScheduling.path, { courseId })),
      );
      const now = new Date(sched.now).getTime();
      const skipped = await page.request.put(at(sch.scheduleSeries.path, { courseId }), {
        data: {
          scheduleStartDateTime: new Date(now + 47 * H).toISOString(),
          scheduleEndDateTime: new Date(now + 49 * H).toISOString(),
          assignDateTime: new Date(now + 47 * H).toISOString(),
        },
      });
      expect(skipped.status()).toBe(400);
      expect((await skipped.json()).message).toBe(sm.startTooSoon);

      // Schedule: each refusal under its field, then a valid window after the confirmation
      await scrollGrid(page, 'actions');
      await page.getByRole('button', { name: `Schedule ${tag}` }).click();
      const dialog = page.getByRole('dialog', { name: `Course Schedule/Assign: ${name}` });
      await dialog.getByRole('radio', { name: 'Later' }).waitFor();
      const save = dialog.getByRole('button', { name: 'Save' });
      await setPicker(dialog, 'Start Date', minute(now + 47 * H));
      await dialog.getByText(sm.startTooSoon).waitFor();
      expect(await save.isDisabled()).toBe(true);
      const start = minute(now + 72 * H);
      await setPicker(dialog, 'Start Date', start);
      await setPicker(dialog, 'End Date', new Date(start.getTime() + 10 * 60_000));
      await dialog.getByText(sm.endTooSoon).waitFor();
      await setPicker(dialog, 'End Date', new Date(start.getTime() + 30 * 24 * H));
      await setPicker(dialog, 'Assigned Date', new Date(start.getTime() - 47 * H));
      await dialog.getByText(sm.assignTooLate).waitFor();
      await setPicker(dialog, 'Assigned Date', new Date(now - 30 * H));
      await dialog.getByText(sm.assignBeforeToday).waitFor();
      await shot(page, 'series-flow-schedule-refusals');
      await setPicker(dialog, 'Assigned Date', new Date(start.getTime() - 48 * H));
      await expect.poll(() => save.isDisabled()).toBe(false);
      await save.click();
      await page
        .getByRole('dialog')
        .filter({ hasText: sm.confirmSeries })
        .getByRole('button', { name: /OK|Yes|Confirm/ })
        .click();
      await toast(page, sm.seriesScheduled).waitFor();
      await dialog.waitFor({ state: 'detached' });

      // Assign three demo students through Course User Mapping
      await scrollGrid(page, 'actions');
      await page.getByRole('button', { name: `Assign ${tag} to students` }).click();
      const mapping = page.getByRole('dialog', { name: `Course User Mapping for: ${name}` });
      const available = mapping.getByRole('grid', { name: 'Available students' });
      await mapping.getByRole('searchbox', { name: 'Search available' }).fill('example.com');
      await expect
        .poll(async () => available.getByRole('row').filter({ hasText: '@example.com' }).count())
        .toBeGreaterThanOrEqual(3);
      const candidates = available.getByRole('row').filter({ hasText: '@example.com' });
      for (let i = 0; i < 3; i++) await candidates.nth(i).getByRole('checkbox').check();
      await mapping.getByRole('button', { name: 'Assign (3)' }).click();
      await toast(page, am.usersMappedToSeries).waitFor();
      await mapping.getByRole('heading', { name: 'Assigned students (3)' }).waitFor();
      await shot(page, 'series-flow-assigned');
      await mapping.getByRole('button', { name: 'Close' }).first().click();
      await mapping.waitFor({ state: 'detached' });

      // the server clock passes the start: the row reads In Progress (sessions end: sign in again)
      await advanceServerClock(73 * 3600);
      await signIn(page, 'erp@example.com');
      await openList(page, 'Owned');
      await flow.getByText('In Progress').waitFor();
      await scrollGrid(page, 'actions');
      const scheduleColour = await page
        .getByRole('button', { name: `Schedule ${tag}` })
        .evaluate((el) => getComputedStyle(el).color);
      expect(scheduleColour).not.toBe('rgba(0, 0, 0, 0.26)');

      // publish: the spec's success; the row stays In Progress (the clock's), Publish off, Edit read-only
      await page.getByRole('button', { name: `Publish ${tag}` }).click();
      await page
        .getByRole('dialog')
        .filter({ hasText: m.confirmPublish })
        .getByRole('button', { name: 'Publish' })
        .click();
      await toast(page, m.published).waitFor();
      await expect.poll(() => page.getByRole('button', { name: `Publish ${tag}` }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: `View ${tag}` }).waitFor();
      // Delete is off once scheduled (scheduleStatus ≥ 4) and the server refuses it
      const del = await page.request.delete(at(sl.delete.path, { courseId }));
      expect(del.status()).toBe(403);
      expect((await del.json()).message).toBe(rm.scheduledNoDelete);
      await scrollGrid(page, 'start');
      await shot(page, 'series-flow-in-progress-published');
      await checkA11y(page);
    },
    LONG * 2,
  );
});
