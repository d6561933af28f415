import { authEndpoints, authMessages } from '@assess/contracts/auth';
import { describe, expect, it } from 'vitest';
import { apiOf, failure } from './support/api';
import { shot, signInViaForm, url, useBrowser, waitForPath } from './support/browser';
import { expectedMenuLabels, menuLabels, topBarTitle } from './support/console';
import { accountMenuItem } from './support/ui';

// The public pages, sign-in and sign-out through the real server (issue 23): one journey. The rules of the routes
// (guards, where a sign-in lands) are component tests, the server's refusals API tests: see the notes below.
describe('landing, sign-in and sign-out', () => {
  const s = useBrowser();

  it('/ → /letsStart → Assessment, Counselling → /auth → erp signs in with its menu → Log out → /admin goes to /auth', async () => {
    const { page } = s;
    await page.goto(url('/'));
    await waitForPath(page, '/letsStart');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shot(page, 'letsStart');
    // the coming-soon pages through the router's routes (their frame and title rule, and the not-found page:
    // apps/web/src/features/landing/PublicPages.browser.test.tsx, issue 23)
    const site = page.getByRole('navigation', { name: 'Site' });
    for (const [name, path] of [
      ['Assessment', '/assessment'],
      ['Counselling', '/counseling'],
    ]) {
      await site.getByRole('link', { name }).click();
      await waitForPath(page, path);
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      await shot(page, `public-${path.slice(1)}`);
    }
    await page.getByRole('link', { name: 'Back to the start page' }).click();
    await page.getByRole('link', { name: 'Sign in to the console' }).click();
    await waitForPath(page, '/auth');
    // the form's fields and links with axe, empty fields refused before any call, the server's refusal shown:
    // apps/web/src/features/auth/SignInPage.browser.test.tsx (issue 23)
    // the wrong password, ended validity and ended trial messages: apps/api/src/modules/auth/auth.int.test.ts
    // the sign-up, forgot-password and reset views' titles and their way back to Log in:
    // apps/web/src/features/auth/AuthViews.browser.test.tsx (their journeys: e2e/accounts.e2e.ts)

    await signInViaForm(page, 'erp@example.com');
    await waitForPath(page, '/admin/dashboard');
    expect(await topBarTitle(page)).toBe('Dashboard');
    expect(await menuLabels(page)).toEqual(await expectedMenuLabels(page));
    await shot(page, 'admin-dashboard-erp');
    // the menu of every other demo role, the phone drawer and the /rtl layout (e2e/shell.e2e.ts, folded away):
    // apps/web/src/app/layout/AdminLayout.browser.test.tsx and RtlLayout.browser.test.tsx (issue 23)
    // a student lands on /dashboard with the learner menu and titles, /admin sends them back; nobody signed in goes
    // to /auth; staff on a learner route or /auth go to /admin/dashboard; a sign-in's landing page:
    // apps/web/src/app/layout/SessionRoutes.browser.test.tsx and apps/web/src/features/auth/AuthViews.browser.test.tsx

    await accountMenuItem(page, 'Log out');
    await waitForPath(page, '/letsStart');
    await page.getByRole('link', { name: 'Sign in', exact: true }).waitFor();
    await page.getByText(authMessages.signedOut).waitFor();
    await shot(page, 'after-sign-out');
    await page.goto(url('/admin'));
    await waitForPath(page, '/auth');
    expect((await failure(await apiOf(page).send(authEndpoints.session))).status).toBe(401);
  });
});
