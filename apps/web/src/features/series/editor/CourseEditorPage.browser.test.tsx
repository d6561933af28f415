// The test series editor (moved from e2e/series-editor.e2e.ts, issue 23): the Information step's messages word
// for word (code and name lengths, the live 'Course code already present'), the first Next that creates a
// draft, 'Please select test(s)', the Test step's add, remove and trial with their messages, a save refused by a
// conflict (the alert and Reload), and a published series read-only; axe on each. The browser journey keeps a
// series made, reopened and saved on the real server.
import { configurationEndpoints } from '@assess/contracts/configuration';
import { questionBankEndpoints } from '@assess/contracts/questions';
import {
  seriesEditorMessages as m,
  newSeriesValues,
  type SeriesDetail,
  type SeriesEditorTest,
  seriesEditorEndpoints as se,
} from '@assess/contracts/series';
import { TestStatus } from '@assess/contracts/tests';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { configurationLists, tree } from '../../../test/builders';
import { elapsedUntil, expectDelay, nowMs } from '../../../test/delays';
import { apiError, fakeApi } from '../../../test/fakeApi';
import { dayShown, field, setDay, toast } from '../../../test/fields';
import { checkA11y, renderApp } from '../../../test/render';
import { CourseEditorPage } from './CourseEditorPage';

const stored = (patch: Partial<SeriesDetail> = {}): SeriesDetail => ({
  ...newSeriesValues(),
  description: null,
  topicIds: null,
  objective: null,
  targetAudience: null,
  code: 'SER-1',
  name: 'Series One',
  courseId: 21,
  providerId: 1,
  status: TestStatus.Draft,
  isActive: false,
  scheduleStatus: null,
  image: null,
  studentCount: 0,
  version: 1,
  tests: [],
  readOnlyReason: null,
  ...patch,
});

/** The editor's endpoints; the stored series is `detail()` (GET /api/series/:courseId is faked first: the
 * fake tries the latest first, and that path would also match /api/series/code-exists). */
function fakeEditor(detail: () => SeriesDetail = () => stored()) {
  fakeApi
    .on(se.get, () => detail())
    .on(configurationEndpoints.lists, () => configurationLists())
    .on(questionBankEndpoints.tree, () => tree())
    .on(se.codeExists, (req) => ({ exists: req.query.value.toUpperCase() === 'JEE-M' }))
    .on(se.nameExists, () => ({ exists: false }))
    .on(se.testsForTopics, () => []);
}
/** A test in the series (a stored series needs one to pass the Test step). */
const one: SeriesEditorTest = {
  testId: 31,
  code: 'T-A',
  name: 'Test T-A',
  status: TestStatus.Ready,
  providerName: 'Demo ERP Institute',
  sequence: 1,
  testSubscriptionStatus: 1,
};
const next = () => page.getByRole('button', { name: 'Next', exact: true }).click();
const form = (name: string) => page.getByRole('form', { name });
/** Series 21 opened in the editor and walked to its Configuration step. */
async function openConfiguration() {
  await renderApp(<CourseEditorPage />, { path: '/admin/course', url: '/admin/course?courseId=21' });
  await expect.element(page.getByRole('heading', { name: 'Update Test Series: Series One' })).toBeVisible();
  await next();
  await expect.element(form('Test')).toBeVisible();
  await next();
  await expect.element(form('Configuration')).toBeVisible();
}

describe('CourseEditorPage', () => {
  it('shows the field rules word for word and creates nothing; the live check marks a code present', async () => {
    fakeEditor();
    await renderApp(<CourseEditorPage />, { path: '/admin/course' });
    await expect.element(page.getByRole('heading', { name: 'New Test Series' })).toBeVisible();
    await field(form('Information'), 'Course Code').fill('AB');
    await field(form('Information'), 'Course Name').fill('XY');
    await next();
    await expect.element(page.getByText(m.codeLength)).toBeVisible();
    await expect.element(page.getByText(m.nameLength)).toBeVisible();
    await field(form('Information'), 'Course Code').fill('jee-m');
    await expect.element(page.getByText(m.codeExists)).toBeVisible();
    expect(fakeApi.requestsTo(se.create)).toEqual([]);
    await checkA11y();
  });

  it("the first Next creates a draft; the Test step's Next wants a test: 'Please select test(s)'", async () => {
    fakeEditor();
    fakeApi.on(se.create, () => ({ courseId: 21, version: 1, status: TestStatus.Draft, message: m.saved }));
    await renderApp(<CourseEditorPage />, { path: '/admin/course' });
    await field(form('Information'), 'Course Code').fill('SER-1');
    await field(form('Information'), 'Course Name').fill('Series One');
    await next();
    await expect.element(form('Test')).toBeVisible();
    expect(fakeApi.requestsTo(se.create).map((r) => r.body)).toEqual([
      expect.objectContaining({ code: 'SER-1', name: 'Series One', draft: true }),
    ]);
    await expect.element(page.getByTestId('series-status')).toHaveTextContent('Draft');
    await next();
    await expect.element(page.getByRole('alert').filter({ hasText: m.selectTests })).toBeVisible();
    await checkA11y();
  });

  // moved from e2e/series-editor.e2e.ts (a test removed again, issue 23); the server's: series-editor-tests.int
  it("the Test step adds the picked tests, removes one and makes one a trial, each with the spec's message", async () => {
    const offered = ['T-A', 'T-B'].map((code, i) => ({
      testId: 31 + i,
      code,
      name: `Test ${code}`,
      status: TestStatus.Ready,
      providerName: 'Demo ERP Institute',
      owned: true,
    }));
    const inSeries = (ids: number[], trial: number[] = []): SeriesEditorTest[] =>
      offered
        .filter((t) => ids.includes(t.testId))
        .map((t, i) => ({
          testId: t.testId,
          code: t.code,
          name: t.name,
          status: t.status,
          providerName: t.providerName,
          sequence: i + 1,
          testSubscriptionStatus: trial.includes(t.testId) ? 2 : 1,
        }));
    const changed = (tests: SeriesEditorTest[], message: string) => ({ tests, message, assignedStudents: 0 });
    fakeEditor();
    fakeApi
      .on(se.update, () => ({ courseId: 21, version: 2, status: TestStatus.Draft, message: m.saved }))
      .on(se.testsForTopics, () => offered)
      .on(se.addTests, ({ body }) => changed(inSeries(body.testIds), m.testAdded))
      .on(se.removeTest, () => changed(inSeries([31]), m.testRemoved))
      .on(se.testSubscription, () => changed(inSeries([31], [31]), m.subscriptionChanged));
    await renderApp(<CourseEditorPage />, { path: '/admin/course', url: '/admin/course?courseId=21' });
    await expect.element(page.getByRole('heading', { name: 'Update Test Series: Series One' })).toBeVisible();
    await next();
    await expect.element(form('Test')).toBeVisible();
    const rows = () => page.getByRole('table', { name: 'Tests in this series' }).getByRole('row');
    const offeredGroup = page.getByRole('group', { name: 'Tests offered' });
    for (const code of ['T-A', 'T-B'])
      await offeredGroup.getByRole('checkbox', { name: new RegExp(`^${code} ·`) }).click();
    await page.getByRole('button', { name: 'Add selected (2)' }).click();
    await expect.element(toast(m.testAdded)).toBeVisible();
    await expect.poll(() => rows().elements().length).toBe(3); // the header and two tests
    await page.getByRole('button', { name: 'Remove T-B' }).click();
    await expect.element(toast(m.testRemoved)).toBeVisible();
    await expect.poll(() => rows().elements().length).toBe(2);
    const trial = page.getByRole('switch', { name: 'Trial: T-A' });
    await trial.click();
    await expect.element(toast(m.subscriptionChanged)).toBeVisible();
    await expect.element(trial).toBeChecked();
    await checkA11y();
    expect(fakeApi.requestsTo(se.addTests).map((r) => r.body)).toEqual([
      { testIds: [31, 32], testSubscriptionStatus: 1 },
    ]);
    expect(fakeApi.requestsTo(se.removeTest).map((r) => r.params)).toEqual([{ courseId: 21, testId: 32 }]);
    expect(fakeApi.requestsTo(se.testSubscription).map((r) => r.body)).toEqual([
      { testSubscriptionStatus: 2 },
    ]);
  });

  it.each([
    ['Save', 2000],
    ['Save as Draft', 4000],
  ] as const)('%s goes back to the list %i ms later, not sooner (§9)', async (button, ms) => {
    fakeEditor(() => stored({ tests: [one] }));
    let answeredAt = 0;
    fakeApi.on(se.update, () => {
      answeredAt = nowMs();
      return { courseId: 21, version: 2, status: TestStatus.Ready, message: m.saved };
    });
    await openConfiguration();
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect.element(toast(m.saved)).toBeVisible();
    const away = page.getByTestId('navigated-away');
    expectDelay(await elapsedUntil(answeredAt, () => away.elements().length > 0), ms);
  });

  it('a save refused by a conflict says so, and Reload brings the stored series back', async () => {
    let detail = stored();
    fakeEditor(() => detail);
    fakeApi.on(se.update, () => apiError(409, m.conflict));
    await renderApp(<CourseEditorPage />, { path: '/admin/course', url: '/admin/course?courseId=21' });
    await expect.element(page.getByRole('heading', { name: 'Update Test Series: Series One' })).toBeVisible();
    detail = stored({ description: 'Changed in another tab.', version: 2 });
    await next();
    await expect.element(toast(m.notSaved)).toBeVisible();
    const alert = page.getByRole('alert').filter({ hasText: m.conflict });
    await expect.element(alert).toBeVisible();
    await alert.getByRole('button', { name: 'Reload' }).click();
    await expect.element(field(form('Information'), 'Description')).toHaveValue('Changed in another tab.');
  });

  it("the Test step shows each test's Status as the lists' chip, not plain text", async () => {
    const draft: SeriesEditorTest = {
      ...one,
      testId: 32,
      code: 'T-B',
      name: 'Test T-B',
      status: TestStatus.Draft,
      sequence: 2,
    };
    fakeEditor(() => stored({ tests: [one, draft] }));
    fakeApi.on(se.update, () => ({ courseId: 21, version: 2, status: TestStatus.Draft, message: m.saved }));
    await renderApp(<CourseEditorPage />, { path: '/admin/course', url: '/admin/course?courseId=21' });
    await expect.element(page.getByRole('heading', { name: 'Update Test Series: Series One' })).toBeVisible();
    await next();
    const row = (code: string) =>
      page
        .getByRole('table', { name: 'Tests in this series' })
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: code, exact: true }) });
    await expect.element(row('T-A')).toBeVisible();
    const chip = (code: string) => row(code).element().querySelector('.MuiChip-root');
    expect(chip('T-A')?.textContent).toBe('Ready');
    expect(chip('T-A')?.classList.contains('MuiChip-filled')).toBe(true);
    expect(chip('T-B')?.textContent).toBe('Draft');
    expect(chip('T-B')?.classList.contains('MuiChip-outlined')).toBe(true);
    await checkA11y();
  });

  it('the Expiry Date reads DD-Mon-YYYY like every date of the console, and a day picked is saved as such', async () => {
    fakeEditor(() => stored({ tests: [one], expiryDate: '2099-12-31' }));
    fakeApi.on(se.update, () => ({ courseId: 21, version: 2, status: TestStatus.Draft, message: m.saved }));
    await openConfiguration();
    // a native date input showed the browser's own mm/dd/yyyy (12/31/2099 in en-US)
    expect(dayShown(form('Configuration'), 'Expiry Date')).toBe('31-Dec-2099');
    await setDay(form('Configuration'), 'Expiry Date', '2030-06-15');
    await checkA11y();
    await page.getByRole('button', { name: 'Save as Draft' }).click();
    await expect.element(toast(m.saved)).toBeVisible();
    expect(fakeApi.requestsTo(se.update).at(-1)?.body).toMatchObject({ expiryDate: '2030-06-15' });
  });

  it('a published series opens read-only: the notice, no Save as Draft, Save off', async () => {
    fakeEditor(() => stored({ status: TestStatus.Published, readOnlyReason: m.published }));
    await renderApp(<CourseEditorPage />, { path: '/admin/course', url: '/admin/course?courseId=21' });
    await expect.element(page.getByText(m.published)).toBeVisible();
    await expect.element(field(form('Information'), 'Course Code')).toBeDisabled();
    expect(page.getByRole('button', { name: 'Save as Draft' }).elements()).toHaveLength(0);
    await checkA11y();
    await next();
    await next();
    await expect.element(form('Configuration')).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  });
});
