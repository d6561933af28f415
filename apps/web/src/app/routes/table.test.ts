// The console's route table as the browser router gets it (spec part 1 §2, part 3 §2): every public, auth, admin,
// learner and player URL reaches its route with its title; unknown paths reach a 'Page not found'; every screen
// of its own belongs to a listed area. The component tests render the layouts and guards with stand-in screens;
// this is the table they stand in for.
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { adminAreas, learnerAreas, type RouteHandle } from './areas';
import { adminPages, learnerPages, routes } from './table';

/** The deepest matched route of a URL: its path pattern, its title and whether it redirects or loads a screen. */
function reached(url: string) {
  const matches = matchRoutes(routes, url) ?? [];
  const last = matches.at(-1)?.route as (RouteObject & { handle?: RouteHandle }) | undefined;
  return {
    title: last?.handle?.title,
    menuArea: last?.handle?.menuArea,
    redirects: Boolean(last?.element) && !last?.lazy,
    lazy: Boolean(last?.lazy),
  };
}

describe('the route table', () => {
  it('public and sign-in URLs reach their screens', () => {
    expect(reached('/')).toMatchObject({ redirects: true });
    for (const [url, title] of [
      ['/letsStart', 'Welcome'],
      ['/counseling', 'Counselling'],
      ['/assessment', 'Assessment'],
      ['/auth', 'Log in'],
      ['/auth/signUp', 'Sign Up'],
      ['/auth/forgotPassword', 'Forgot Password'],
      ['/forgotPass/some-token', 'Reset Password'],
      ['/take/12', 'Test'],
      ['/attempt/34', 'Test'],
    ])
      expect(reached(url), url).toMatchObject({ title, lazy: true });
  });

  it('/admin goes to the dashboard; every admin area has its route and title, menu areas marked', () => {
    expect(reached('/admin')).toMatchObject({ redirects: true });
    expect(reached('/admin/dashboard')).toMatchObject({ title: 'Dashboard', lazy: true });
    for (const a of adminAreas)
      expect(reached(`/admin/${a.path}`), a.path).toMatchObject({
        title: a.title,
        menuArea: !a.hidden,
        lazy: true,
      });
    expect(reached('/admin/no-such-area')).toMatchObject({ title: 'Page not found', lazy: true });
  });

  it('every learner area has its route and title; /rtl shows the dashboard', () => {
    for (const a of learnerAreas)
      expect(reached(`/${a.path}`), a.path).toMatchObject({ title: a.title, lazy: true });
    expect(reached('/rtl')).toMatchObject({ title: 'Dashboard', lazy: true });
  });

  it('unknown paths reach Page not found; every screen of its own belongs to a listed area', () => {
    expect(reached('/no-such-page')).toMatchObject({ title: 'Page not found', lazy: true });
    const admin = new Set(adminAreas.map((a) => a.path));
    expect(Object.keys(adminPages).filter((p) => !admin.has(p))).toEqual([]);
    const learner = new Set(learnerAreas.map((a) => a.path));
    expect(Object.keys(learnerPages).filter((p) => !learner.has(p))).toEqual([]);
  });
});
