// The public pages (moved from e2e/auth.e2e.ts, issue 23; spec part 1 §2): /letsStart's sign-in link opens /auth,
// an unknown path says 'Page not found' with a way back to the start page, a coming-soon page shows its route's
// title; axe. The browser journey walks /letsStart → Assessment → Counselling → /auth through the real router.
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { RouteHandle } from '../../app/routes/areas';
import { checkA11y, renderApp } from '../../test/render';
import { ComingSoonPage } from './ComingSoonPage';
import { LetsStartPage } from './LetsStartPage';
import { NotFoundPage } from './NotFoundPage';

describe('public pages', () => {
  it("/letsStart: 'Sign in to the console' opens /auth; axe", async () => {
    const { router } = await renderApp(<LetsStartPage />, { session: null, path: '/letsStart' });
    await expect.element(page.getByRole('heading', { level: 1 })).toBeVisible();
    await checkA11y();
    await page.getByRole('link', { name: 'Sign in to the console' }).click();
    await expect.element(page.getByTestId('navigated-away')).toBeVisible();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it("an unknown path: 'Page not found', back to the start page; axe", async () => {
    const { router } = await renderApp(<NotFoundPage />, { session: null, path: '/no-such-page' });
    await expect.element(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
    await expect.element(page.getByText('The address you opened does not exist.')).toBeVisible();
    await checkA11y();
    await page.getByRole('link', { name: 'Go to the start page' }).click();
    expect(router.state.location.pathname).toBe('/letsStart');
  });

  it('a coming-soon page shows its route title', async () => {
    await renderApp(<Outlet />, {
      session: null,
      path: '/',
      url: '/counseling',
      children: [
        {
          path: 'counseling',
          element: <ComingSoonPage />,
          handle: { title: 'Counselling' } satisfies RouteHandle,
        },
      ],
    });
    await expect.element(page.getByRole('heading', { name: 'Counselling', level: 1 })).toBeVisible();
    await expect.element(page.getByText('Coming soon')).toBeVisible();
    await checkA11y();
  });
});
