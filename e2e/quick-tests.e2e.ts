// Quick tests in the browser (issue 16): quick@example.com builds a quick test through the four tabs (Test
// Details; Sections: a question written in the section; Save & Next activates;
// schedule; a student assigned), and its card on the home is Scheduled.
// Moved down (issue 23): the home's legend, card colours and menu rules (QuickTestHomePage.browser.test.tsx); the
// Test Details messages, the taken name, the tab in the address, Save & Next's readiness refusal on Sections and
// its warning gone once the sections change (QuickTestWizardPage.browser.test.tsx); the
// server's taken name and readiness (apps/api/src/modules/quick-tests/quick-tests.int.test.ts); a spreadsheet
// uploaded into a section (e2e/sections.e2e.ts, the same Sections step).

import { quickTestMessages as m } from '@assess/contracts/quick-tests';
import { schedulingEndpoints as se } from '@assess/contracts/scheduling';
import { sectionMessages, testMessages } from '@assess/contracts/tests';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiOf } from './support/api';
import { checkA11y, shot, signIn, url, useBrowser } from './support/browser';
import { minute, scheduleWindow } from './support/schedule';

const LONG = 300_000;
const H = 3_600_000;
const unique = () => Date.now().toString(36).slice(-6).toUpperCase();
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();
const card = (page: Page, name: string) => page.getByRole('article', { name });

/** The browser's zone (the schedule dialog picks and shows dates in it). */
const ZONE = 'Asia/Kolkata';

describe('quick tests: home and four-tab wizard', () => {
  const s = useBrowser({ timezoneId: ZONE });
  beforeEach(() => s.page.setDefaultTimeout(45_000));

  it(
    'builds a quick test through the four tabs and sees its card Scheduled',
    async () => {
      const { page } = s;
      const tag = unique();
      const name = `E2E Quick ${tag}`;
      await signIn(page, 'quick@example.com');
      const api = apiOf(page);

      // Home: the demo cards
      await page.goto(url('/admin/simplifiedtesthome'));
      await card(page, 'Quick Draft: Fractions').waitFor();
      await shot(page, 'quick-tests-home');
      await checkA11y(page);

      // Test Details: creation (Draft) → Sections after 2 s
      await page.getByRole('button', { name: 'New', exact: true }).click();
      await page.getByRole('textbox', { name: /^Test Name/ }).fill(name);
      await page.getByRole('textbox', { name: /^Passing Score/ }).fill('3');
      await page.getByRole('button', { name: 'Create Test' }).click();
      await toast(page, m.created).waitFor();
      await page.getByRole('heading', { name: /^Sections/ }).waitFor();
      const testId = Number(new URL(page.url()).searchParams.get('testId'));
      expect(testId).toBeGreaterThan(0);

      // Sections: Save & Next refused before the default section has its questions ('Test not activated.'), the
      // warning gone once a question is written: QuickTestWizardPage.browser.test.tsx, quick-tests.int.test.ts
      // a question written in the section through its New Question dialog
      const section = page.getByRole('article', { name: /Default Section/ });
      await section.getByRole('button', { name: 'New Question' }).click();
      const q = page.getByRole('dialog', { name: /^Create Question in Default Section/ });
      await q.getByLabel('Question Text', { exact: true }).fill(`Written in the section ${tag}: 2 + 1?`);
      for (const [i, t] of ['2', '3', '4'].entries())
        await q.getByLabel(`Choice (${'abc'[i]})`, { exact: true }).fill(t);
      await q.getByRole('radio', { name: 'Choice (b) is correct' }).check();
      await q.getByRole('checkbox', { name: 'Arithmetic', exact: true }).check();
      await shot(page, 'quick-tests-wizard-new-question');
      await q.getByRole('button', { name: 'Save', exact: true }).click();
      await toast(page, sectionMessages.questionCreated).waitFor();
      await q.waitFor({ state: 'detached' });
      await page.getByText('Fixed: 1', { exact: true }).first().waitFor();
      // 1 fixed question in a section that allows 5 would not be ready: the section now allows 1
      await section.getByRole('button', { name: 'Edit Default Section' }).click();
      const edit = page.getByRole('dialog', { name: 'Update Section' });
      await edit.getByLabel(/^Number of Questions Allowed/).fill('1');
      await edit.getByRole('button', { name: 'Update' }).click();
      await edit.waitFor({ state: 'detached' });
      await shot(page, 'quick-tests-wizard-sections');

      // Save & Next activates (Ready) and moves to the schedule after 3 s
      await page.getByRole('button', { name: 'Save & Next' }).click();
      await toast(page, testMessages.activatedAndSaved).waitFor();
      await page.getByRole('button', { name: 'Schedule Test' }).waitFor();
      // the wizard's axe scan is its component test's (a scan here can catch the Save button's colour mid-way
      // through MUI's transition as it comes back on: a false contrast failure)

      // Schedule through the tab's schedule dialog (start ≥ 48 h ahead, assigned 48 h before by default); its
      // save moves to Students Onboarding
      const { now } = await api.call(se.testScheduling, { params: { testId } });
      const begin = minute(Date.parse(now) + 72 * H);
      await page.getByRole('button', { name: 'Schedule Test' }).click();
      const dialog = page.getByRole('dialog', { name: `Test Schedule/Assign: ${name}` });
      await scheduleWindow(page, dialog, begin, ZONE, () => shot(page, 'quick-tests-wizard-schedule'));
      const stored = await api.call(se.testScheduling, { params: { testId } });
      expect(stored.startDate).toBe(begin.toISOString());
      expect(stored.assignDate).toBe(new Date(begin.getTime() - 48 * H).toISOString());

      // Students Onboarding (the wizard moved there when the schedule was saved): one student assigned
      const tabs = page.getByRole('tablist', { name: 'Quick test steps' });
      await tabs.getByRole('tab', { name: 'Students Onboarding', selected: true }).waitFor();
      await page.getByRole('button', { name: 'Assign To Student' }).click();
      const mapping = page.getByRole('dialog', { name: `Test User Mapping for: ${name}` });
      await mapping
        .getByRole('grid', { name: 'Available students' })
        .getByRole('row')
        .filter({ hasText: 'asha.quick@example.com' })
        .getByRole('checkbox')
        .check();
      await mapping.getByRole('button', { name: 'Assign (1)' }).click();
      await mapping
        .getByRole('grid', { name: 'Assigned students' })
        .getByRole('row')
        .filter({ hasText: 'asha.quick@example.com' })
        .waitFor();
      await mapping.getByRole('button', { name: 'Close' }).first().click();
      // the tab lists who is assigned
      await page
        .getByRole('tabpanel', { name: 'Students Onboarding' })
        .getByRole('grid', { name: 'Assigned students' })
        .getByRole('row')
        .filter({ hasText: 'asha.quick@example.com' })
        .waitFor();
      await shot(page, 'quick-tests-wizard-students');

      // Save → home after 3 s; the card is Scheduled with its student
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL(/\/admin\/simplifiedtesthome/);
      const mine = card(page, name);
      await mine.waitFor();
      expect(await mine.getAttribute('data-state')).toBe('scheduled');
      await mine.getByText('1 student').waitFor();
      await shot(page, 'quick-tests-home-scheduled');
    },
    LONG,
  );
});
