import { authEndpoints, authMessages } from '@assess/contracts/auth';
import { describe, expect, it } from 'vitest';
import { apiOf, failure } from './support/api';
import { shot, signIn, signInViaForm, url, useBrowser, waitForPath } from './support/browser';
import { expectedMenuLabels, menuLabels, topBarTitle } from './support/console';
import { accountMenuItem } from './support/ui';

describe('landing and sign-in', () => {
  const s = useBrowser();

  it('/ goes to /letsStart, whose sign-in link opens /auth', async () => {
    const { page } = s;
    await page.goto(url('/'));
    await waitForPath(page, '/letsStart');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shot(page, 'letsStart');
    await page.getByRole('link', { name: 'Sign in to the console' }).click();
    await waitForPath(page, '/auth');
    await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
  });

  // the form's fields and links with axe, and empty fields refused before any call:
  // apps/web/src/features/auth/SignInPage.browser.test.tsx (issue 23)

  it('erp signs in through the form and lands on /admin/dashboard with its menu', async () => {
    const { page } = s;
    await signInViaForm(page, 'erp@example.com');
    await waitForPath(page, '/admin/dashboard');
    expect(await topBarTitle(page)).toBe('Dashboard');
    expect(await menuLabels(page)).toEqual(await expectedMenuLabels(page));
    await shot(page, 'admin-dashboard-erp');
  });

  it.each([
    ['a wrong password', 'curator@example.com', 'Wrong@1234', authMessages.invalidCredentials],
    ['an ended validity', 'expired@example.com', undefined, authMessages.notActive],
    ['an ended trial', 'trialover@example.com', undefined, authMessages.trialEnded],
  ])('%s shows the server message', async (_what, user, password, message) => {
    const { page } = s;
    await signInViaForm(page, user, password);
    const alert = page.getByTestId('sign-in-error');
    await alert.waitFor();
    expect((await alert.textContent())?.trim()).toBe(message);
    expect(new URL(page.url()).pathname).toBe('/auth');
    await shot(page, `auth-error-${user.split('@')[0]}`);
  });

  it('the sign-up, forgot-password and reset views lead back to Log in (accounts.e2e.ts tests them)', async () => {
    const { page } = s;
    for (const [path, title, name] of [
      ['/auth/signUp', 'Sign Up', 'auth-sign-up'],
      ['/auth/forgotPassword', 'Forgot Password', 'auth-forgot-password'],
      ['/forgotPass/some-token', 'Link is expired !', 'forgot-pass-token'],
    ]) {
      await page.goto(url(path));
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      await shot(page, name);
    }
    await page.getByRole('link', { name: 'Log in' }).click();
    await waitForPath(page, '/auth');
  });

  it('/counseling and /assessment are coming-soon pages; unknown paths say so', async () => {
    const { page } = s;
    for (const [path, title] of [
      ['/counseling', 'Counselling'],
      ['/assessment', 'Assessment'],
      ['/no-such-page', 'Page not found'],
    ]) {
      await page.goto(url(path));
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      await shot(page, `public-${path.slice(1)}`);
    }
  });
});

describe('guards and sign-out', () => {
  const s = useBrowser();

  it('nobody signed in: /admin/users and /admin go to /auth', async () => {
    const { page } = s;
    await page.goto(url('/admin/users'));
    await waitForPath(page, '/auth');
    await page.goto(url('/admin'));
    await waitForPath(page, '/auth');
    await page.goto(url('/dashboard'));
    await waitForPath(page, '/auth');
  });

  it('a student signs in to /dashboard with the learner menu; /admin sends them back there', async () => {
    const { page } = s;
    await signInViaForm(page, 'student@example.com');
    await waitForPath(page, '/dashboard');
    expect(await topBarTitle(page)).toBe('Dashboard');
    const labels = await menuLabels(page);
    expect(labels).toEqual(['Dashboard', 'Assigned Tests', 'Test Series']);
    expect(labels).toEqual(await expectedMenuLabels(page));
    await shot(page, 'learner-dashboard');
    for (const [path, title] of [
      ['/testviewer', 'Assigned Tests'],
      ['/courses', 'Test Series'],
      ['/courseTestViewer', 'Test Series Tests'],
    ]) {
      await page.goto(url(path));
      expect(await topBarTitle(page)).toBe(title);
      await shot(page, `learner${path.replace('/', '-')}`);
    }
    await page.goto(url('/admin/users'));
    await waitForPath(page, '/dashboard');
  });

  it('staff opening a learner route or /auth go to /admin/dashboard', async () => {
    const { page } = s;
    await signIn(page, 'erp@example.com');
    await page.goto(url('/testviewer'));
    await waitForPath(page, '/admin/dashboard');
    await page.goto(url('/auth'));
    await waitForPath(page, '/admin/dashboard');
  });

  it('Log out goes to /letsStart; /admin then redirects to /auth', async () => {
    const { page } = s;
    await signIn(page, 'subscriber@example.com', { fresh: true });
    await page.goto(url('/admin'));
    await waitForPath(page, '/admin/dashboard');
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
