// The full test editor (moved from e2e/test-editor.e2e.ts, issue 23): the live 'Test code already present', a
// create refused by the server with the spec's alert (and its OK back to a new test), the duration rule word for
// word, the readiness items with a passing score above the total, a published test read-only, and a Read Only
// user who sees a test without the means to change it; axe; a test whose welcome and conclude messages are HTML
// (the demo's DEMO-DRAFT) opened through a slow first mount of its editors, on to its sections; the phone layout.
// The browser journey keeps a test made through the three steps, activated, published and previewed.

import { commonMessages } from '@assess/contracts/common';
import { configurationEndpoints } from '@assess/contracts/configuration';
import { sectionEndpoints } from '@assess/contracts/sections';
import {
  testEditorEndpoints as ed,
  testMessages as m,
  newTestConfiguration,
  readinessMessages as rd,
  type TestDetail,
  TestStatus,
  testReadiness,
} from '@assess/contracts/tests';
import Box from '@mui/material/Box';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { configurationLists } from '../../../test/builders';
import { apiError, fakeApi } from '../../../test/fakeApi';
import { dayShown, field, setDay } from '../../../test/fields';
import { checkA11y, renderApp } from '../../../test/render';
import { staffSession } from '../../../test/session';
import { ReadinessPanel } from './ReadinessPanel';
import { TestEditorPage } from './TestEditorPage';

const stored = (patch: Partial<TestDetail> = {}): TestDetail => ({
  ...newTestConfiguration,
  testId: 7,
  providerId: 1,
  code: 'T-7',
  name: 'Seven',
  objective: null,
  targetAudience: null,
  description: null,
  welcomeMessage: null,
  concludeMessage: null,
  version: 1,
  status: TestStatus.Draft,
  readOnlyReason: null,
  isLocked: false,
  isActive: false,
  lockedBy: null,
  ...patch,
});

/** The editor's endpoints; GET /api/tests/:testId first (the fake tries the latest first, and that path would
 * also match /api/tests/code-exists). */
function fakeEditor(detail: TestDetail = stored()) {
  fakeApi
    .on(ed.get, () => detail)
    .on(configurationEndpoints.lists, () => configurationLists())
    .on(ed.codeExists, (req) => ({ exists: req.query.value.toUpperCase() === 'DEMO-READY' }))
    .on(ed.nameExists, () => ({ exists: false }));
}
const next = () => page.getByRole('button', { name: 'Next', exact: true }).click();
const form = (name: string) => page.getByRole('form', { name });
const existing = { path: '/admin/test', url: '/admin/test?testId=7' };

describe('TestEditorPage', () => {
  it('the live check marks a code present; a create the server refuses shows the spec alert', async () => {
    fakeEditor();
    fakeApi.on(ed.create, () => apiError(400, m.codeOrNameExists));
    await renderApp(<TestEditorPage />, { path: '/admin/test' });
    await expect.element(page.getByRole('heading', { name: 'New Test' })).toBeVisible();
    await field(form('Information'), 'Test Code').fill('demo-ready');
    await field(form('Information'), 'Test Name').fill('Another name');
    await expect.element(page.getByText(m.codeExists)).toBeVisible();
    await checkA11y();
    // another editor takes the code between the live check and Next: the server refuses the create
    await field(form('Information'), 'Test Code').fill('DEMO-DRAFT');
    await next();
    const refused = page.getByRole('alert').filter({ hasText: m.codeOrNameExists });
    await expect.element(refused).toBeVisible();
    await expect.element(refused.getByRole('link', { name: 'OK' })).toHaveAttribute('href', '/admin/test');
    await expect.element(form('Information')).toBeVisible();
  });

  it('the Configuration step says the duration rule word for word and saves nothing', async () => {
    fakeEditor();
    fakeApi.on(ed.update, () => ({ testId: 7, version: 2, status: TestStatus.Draft, message: m.saved }));
    await renderApp(<TestEditorPage />, existing);
    await expect.element(page.getByTestId('test-status')).toHaveTextContent('Draft');
    await next();
    await expect.element(form('Configuration')).toBeVisible();
    await field(form('Configuration'), 'Duration (minutes)').fill('400');
    await next();
    await expect.element(page.getByText(m.durationRange).first()).toBeVisible();
    // the Information step's Next saved once; the refused Configuration sends nothing
    expect(fakeApi.requestsTo(ed.update)).toHaveLength(1);
    await checkA11y();
  });

  it('the Expiry Date reads DD-Mon-YYYY like every date of the console, and a day picked is saved as such', async () => {
    fakeEditor(stored({ expiryDate: '2099-12-31' }));
    fakeApi.on(ed.update, () => ({ testId: 7, version: 2, status: TestStatus.Draft, message: m.saved }));
    await renderApp(<TestEditorPage />, existing);
    await expect.element(page.getByTestId('test-status')).toHaveTextContent('Draft');
    await next();
    await expect.element(form('Configuration')).toBeVisible();
    // a native date input showed the browser's own mm/dd/yyyy (12/31/2099 in en-US)
    expect(dayShown(form('Configuration'), 'Expiry Date')).toBe('31-Dec-2099');
    await setDay(form('Configuration'), 'Expiry Date', '2030-06-15');
    await page.getByRole('button', { name: 'Save as Draft' }).click();
    await expect.poll(() => fakeApi.requestsTo(ed.update)).toHaveLength(2);
    expect(fakeApi.requestsTo(ed.update)[1]?.body).toMatchObject({ expiryDate: '2030-06-15' });
  });

  it('the readiness items say a passing score above the total in the rule’s words', async () => {
    const section = { poolId: 1, code: 'S1', name: 'Maths', questionCount: 5, supply: 5, fixedNotReady: 0 };
    const configuration = {
      duration: 30,
      passingScore: 9,
      masteryScore: null,
      totalScore: 5,
      attemptsAllowed: 1,
    };
    await renderApp(<ReadinessPanel report={testReadiness({ sections: [section], configuration })} />);
    const panel = page.getByRole('region', { name: 'Before the test can be Ready' });
    await expect.element(panel).toBeVisible();
    const missing = panel.getByRole('listitem').filter({ hasText: rd.passingScore });
    await expect.element(missing).toHaveAttribute('data-ok', 'false');
    await expect.element(missing.getByRole('img', { name: 'Missing' })).toBeInTheDocument();
    await expect.element(missing.getByText('Passing score 9 is above the total score 5.')).toBeVisible();
    // the other items hold
    expect(
      panel
        .getByRole('listitem')
        .elements()
        .filter((e) => e.dataset.ok === 'false'),
    ).toHaveLength(1);
    await checkA11y();
  });

  it('a published test opens read-only: the notice, the fields off, no Save as Draft', async () => {
    fakeEditor(stored({ status: TestStatus.Published, readOnlyReason: m.published }));
    await renderApp(<TestEditorPage />, existing);
    await expect.element(page.getByText(m.published)).toBeVisible();
    await expect.element(field(form('Information'), 'Test Name')).toBeDisabled();
    expect(page.getByRole('button', { name: 'Save as Draft' }).elements()).toHaveLength(0);
  });

  it('a Read Only user sees a test without being able to change it', async () => {
    fakeEditor(stored({ name: 'Read only view' }));
    const session = staffSession({
      privilegeObject: { packageId: 4, privileges: { Test: ['ViewTest'] }, roles: [{ id: 4 }] },
    });
    await renderApp(<TestEditorPage />, { ...existing, session });
    await expect.element(page.getByText(commonMessages.forbidden)).toBeVisible();
    await expect.element(field(form('Information'), 'Test Name')).toHaveValue('Read only view');
    await expect.element(field(form('Information'), 'Test Name')).toBeDisabled();
    expect(page.getByRole('button', { name: 'Save as Draft' }).elements()).toHaveLength(0);
    await checkA11y();
  });

  // moved from e2e/test-editor.e2e.ts ("the demo's DEMO-DRAFT", issue 23)
  it('a test whose messages are HTML (the demo’s DEMO-DRAFT) opens in the editor, on to its sections', async () => {
    // A loaded machine: TipTap destroys an editor that was not mounted within 1 ms of its creation (its check
    // runs on a 1 ms timer) and hands out a new one on mount; here the first editors' checks run at once, as
    // on a machine whose render took longer than that, so the step must live through the replacement.
    const later = window.setTimeout;
    let early = 3;
    window.setTimeout = ((fn: TimerHandler, ms?: number, ...args: unknown[]) => {
      if (ms === 1 && early > 0 && typeof fn === 'function' && String(fn).includes('isComponentMounted')) {
        early--;
        fn(...args);
        return 0;
      }
      return later(fn, ms, ...args);
    }) as typeof window.setTimeout;
    try {
      fakeEditor(
        stored({
          code: 'DEMO-DRAFT',
          welcomeMessage: '<p>Welcome to the test. Read each question carefully.</p>',
          concludeMessage: '<p>Thank you for taking the test.</p>',
        }),
      );
      fakeApi
        .on(ed.update, () => ({ testId: 7, version: 2, status: TestStatus.Draft, message: m.saved }))
        .on(ed.readiness, () => testReadiness({ sections: [], configuration: newTestConfiguration }))
        .on(sectionEndpoints.list, () => ({
          testId: 7,
          testCode: 'DEMO-DRAFT',
          testName: 'Seven',
          editable: true,
          readOnlyReason: null,
          sections: [],
          maxSections: 10,
          maxQuestions: 100,
        }));
      await renderApp(<TestEditorPage />, existing);
      const welcome = page.getByRole('textbox', { name: 'Welcome Message' });
      await expect
        .element(welcome.getByText('Welcome to the test. Read each question carefully.'))
        .toBeVisible();
      await expect
        .element(
          page.getByRole('textbox', { name: 'Conclude Message' }).getByText('Thank you for taking the test.'),
        )
        .toBeVisible();
      expect(page.getByText('Something went wrong').elements()).toHaveLength(0);
      await next();
      await expect.element(form('Configuration')).toBeVisible();
      await next();
      await expect.element(form('Questions')).toBeVisible();
      await expect.element(page.getByRole('heading', { name: /^Sections/ })).toBeVisible();
      await expect.element(page.getByRole('button', { name: 'Add Section' }).first()).toBeEnabled();
      expect(early, 'the first editors were checked at once').toBeLessThan(3);
    } finally {
      window.setTimeout = later;
    }
  });

  // moved from e2e/test-editor.e2e.ts ('on a phone the steps and buttons fit', issue 23)
  it('on a phone the steps and buttons fit', async () => {
    await page.viewport(390, 844);
    try {
      fakeEditor();
      // inside the console's main area as the shell pads it on a phone (app/layout/Shell.tsx)
      await renderApp(
        <Box component="main" sx={{ p: { xs: 2, sm: 3 } }}>
          <TestEditorPage />
        </Box>,
        { path: '/admin/test' },
      );
      await expect.element(form('Information')).toBeVisible();
      await expect.element(page.getByRole('button', { name: 'Next', exact: true })).toBeVisible();
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    } finally {
      await page.viewport(1366, 768);
    }
  });
});
