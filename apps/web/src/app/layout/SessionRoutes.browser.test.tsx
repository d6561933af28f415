// Who may open which signed-in area (moved from e2e/auth.e2e.ts, issue 23; spec part 1 §2 "Sign-in", part 3 §2):
// nobody signed in (or a session the server no longer knows) goes to /auth; a student in the admin area goes to
// /dashboard with the learner menu and titles; staff on a learner route or on /auth go to /admin/dashboard; Log out
// calls sign-out, says 'Signed out.' and ends on /letsStart, after which /admin goes to /auth. The areas' screens
// are stand-ins. The browser journey keeps the sign-in through the form and the sign-out through the real server.
import { visibleMenu } from '@assess/contracts/access';
import { authEndpoints, authMessages, type Session } from '@assess/contracts/auth';
import { inboxEndpoints } from '@assess/contracts/messages';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { SignInPage } from '../../features/auth/SignInPage';
import { menuContextOf } from '../../features/auth/session';
import { LetsStartPage } from '../../features/landing/LetsStartPage';
import { apiError, fakeApi } from '../../test/fakeApi';
import { renderApp } from '../../test/render';
import { staffSession, studentSession } from '../../test/session';
import { learnerAreas, type RouteHandle } from '../routes/areas';
import { AdminLayout } from './AdminLayout';
import { LearnerLayout } from './LearnerLayout';

const screen = (title: string, menuArea?: boolean) => ({
  element: <p>the {title} screen</p>,
  handle: { title, menuArea } satisfies RouteHandle,
});

/** The console's route tree as router.tsx lays it out, with stand-in screens. */
const routes: RouteObject[] = [
  { path: 'letsStart', element: <LetsStartPage /> },
  { path: 'auth', element: <SignInPage /> },
  {
    path: 'admin',
    element: <AdminLayout />,
    children: [
      { index: true, element: <Navigate to="/admin/dashboard" replace /> },
      { path: 'dashboard', ...screen('Dashboard') },
      { path: 'users', ...screen('Students', true) },
    ],
  },
  { element: <LearnerLayout />, children: learnerAreas.map((a) => ({ path: a.path, ...screen(a.title) })) },
];

async function renderRoutes(session: Session | null, url: string) {
  fakeApi.on(inboxEndpoints.unreadCount, () => ({ count: 0 }));
  return renderApp(<Outlet />, { session, path: '/', url, children: routes });
}

const title = () => page.getByTestId('topbar-title');
const menuLabels = () =>
  [...document.querySelectorAll('nav[aria-label="Main menu"] [data-menu-key]')].map(
    (e) => e.textContent?.trim() ?? '',
  );

describe('signed-in areas: who may open what', () => {
  it('nobody signed in: /admin/users, /admin and /dashboard go to /auth', async () => {
    const { router } = await renderRoutes(null, '/admin/users');
    await expect.element(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    expect(router.state.location.pathname).toBe('/auth');
    for (const url of ['/admin', '/dashboard']) {
      await router.navigate(url);
      await expect.poll(() => router.state.location.pathname).toBe('/auth');
    }
    expect(page.getByText('the Students screen').query()).toBeNull();
  });

  it('a session the server no longer knows (401) goes to /auth', async () => {
    const { router, client } = await renderRoutes(staffSession(), '/admin/users');
    await expect.element(title()).toHaveTextContent('Students');
    fakeApi.on(authEndpoints.session, () => apiError(401, authMessages.sessionExpired));
    await client.resetQueries();
    await expect.poll(() => router.state.location.pathname).toBe('/auth');
    await expect.element(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  });

  it('a student has the learner menu and titles; /admin/users sends them to /dashboard', async () => {
    const session = studentSession();
    const { router } = await renderRoutes(session, '/dashboard');
    await expect.element(title()).toHaveTextContent('Dashboard');
    expect(menuLabels()).toEqual(['Dashboard', 'Assigned Tests', 'Test Series']);
    expect(menuLabels()).toEqual(visibleMenu(menuContextOf(session)).map((e) => e.label));
    for (const [url, name] of [
      ['/testviewer', 'Assigned Tests'],
      ['/courses', 'Test Series'],
      ['/courseTestViewer', 'Test Series Tests'],
    ]) {
      await router.navigate(url);
      await expect.element(title()).toHaveTextContent(name);
      await expect.element(page.getByText(`the ${name} screen`)).toBeVisible();
    }
    await router.navigate('/admin/users');
    await expect.poll(() => router.state.location.pathname).toBe('/dashboard');
    await expect.element(page.getByText('the Dashboard screen')).toBeVisible();
  });

  it('staff opening a learner route or /auth go to /admin/dashboard', async () => {
    const { router } = await renderRoutes(staffSession(), '/testviewer');
    await expect.poll(() => router.state.location.pathname).toBe('/admin/dashboard');
    await expect.element(title()).toHaveTextContent('Dashboard');
    await router.navigate('/auth');
    await expect.poll(() => router.state.location.pathname).toBe('/admin/dashboard');
    expect(page.getByText('the Assigned Tests screen').query()).toBeNull();
  });

  it("Log out signs out, says 'Signed out.' on /letsStart; /admin then goes to /auth", async () => {
    fakeApi
      .on(authEndpoints.signOut, () => ({ message: authMessages.signedOut }))
      .on(authEndpoints.session, () => apiError(401, authMessages.sessionExpired));
    const { router } = await renderRoutes(staffSession(), '/admin');
    await expect.poll(() => router.state.location.pathname).toBe('/admin/dashboard');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect.element(page.getByText(authMessages.signedOut)).toBeVisible();
    expect(router.state.location.pathname).toBe('/letsStart');
    await expect.element(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
    expect(fakeApi.requestsTo(authEndpoints.signOut)).toHaveLength(1);
    await router.navigate('/admin');
    await expect.poll(() => router.state.location.pathname).toBe('/auth');
  });
});
