// /rtl, the right-to-left demo layout (moved from e2e/shell.e2e.ts, issue 23; spec part 1 §2): the sidebar at the
// right edge, the top bar, the menu icons, the dashboard's cards and a dialog's text fields mirrored (MUI's styles
// through the RTL emotion cache); on a phone the drawer opens from the right; the rest of the console stays left
// to right after a visit of /rtl. Layout geometry in real Chromium at the journeys' 1366 px and a 400 px phone.
import { ProviderType, Role } from '@assess/contracts/access';
import { accountsEndpoints as ae } from '@assess/contracts/auth';
import {
  type DashboardWidget,
  dashboardCards,
  dashboardEndpoints,
  visibleDashboardWidgets,
} from '@assess/contracts/dashboard';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { DashboardPage } from '../../features/dashboard/DashboardPage';
import { providerProfile } from '../../test/builders';
import { fakeApi } from '../../test/fakeApi';
import { checkA11y, renderApp } from '../../test/render';
import { roleSession } from '../../test/roleSession';
import type { RouteHandle } from '../routes/areas';
import { AdminLayout } from './AdminLayout';
import { RtlLayout } from './RtlLayout';

const session = roleSession(Role.SuperUser, ProviderType.ERP, 1);
const dashboard = { element: <DashboardPage />, handle: { title: 'Dashboard' } satisfies RouteHandle };

/** /rtl and /admin/dashboard as router.tsx lays them out, the ERP admin signed in, its dashboard drawn. */
async function openRtl() {
  const widgets = visibleDashboardWidgets(session.privilegeObject).map((id, i): DashboardWidget => {
    if (id === 'messages') return { id, kind: 'messages', scheduledCount: 1, deliveredCount: 2 };
    if (id === 'trendingSeries') return { id, kind: 'table', rows: [] };
    if (id in dashboardCards) return { id, kind: 'count', count: (i + 1) * 10 } as DashboardWidget;
    return { id, kind: 'chart', lable: ['10', '11'], values: [3, 5] } as DashboardWidget;
  });
  fakeApi.on(dashboardEndpoints.get, () => ({ updatedAt: '2026-03-01T10:00:00Z', widgets }));
  const rendered = await renderApp(<Outlet />, {
    session,
    path: '/',
    url: '/rtl',
    children: [
      { path: 'rtl', element: <RtlLayout />, children: [{ index: true, ...dashboard }] },
      { path: 'admin', element: <AdminLayout />, children: [{ path: 'dashboard', ...dashboard }] },
    ],
  });
  await expect.element(page.getByTestId('card-students')).toBeVisible();
  return rendered;
}

const box = (selector: string | Element) => {
  const el = typeof selector === 'string' ? document.querySelector(selector) : selector;
  if (!el) throw new Error(`${selector} is not there`);
  return el.getBoundingClientRect();
};
const centreX = (r: DOMRect) => r.x + r.width / 2;
const nav = 'nav[aria-label="Main menu"]';
const el = (l: { element(): Element }) => l.element();

afterEach(async () => {
  await page.viewport(1366, 768);
});

describe('RtlLayout (/rtl)', () => {
  it('mirrors the sidebar, the top bar, the menu icons, the cards and the text fields', async () => {
    fakeApi
      .on(ae.provider, () => providerProfile())
      .on(ae.providerEmailExists, () => ({ exists: false }))
      .on(ae.providerMobileExists, () => ({ exists: false }));
    await openRtl();
    await expect.element(page.getByTestId('topbar-title')).toHaveTextContent('Dashboard');
    expect(document.documentElement.dir).toBe('rtl');
    // MUI's styles of this subtree come from the RTL emotion cache.
    expect(document.querySelectorAll('style[data-emotion^="muirtl"]').length).toBeGreaterThan(0);
    expect(window.innerWidth).toBe(1366);
    const sidebar = box(nav);
    expect(Math.round(sidebar.x + sidebar.width)).toBe(1366);

    // Top bar: the sidebar toggle at the right end, the account menu at the left end. MUI's physical
    // edge="start" margin (margin-left: -12px) is flipped to the right by the RTL style plugin.
    const toggle = el(page.getByRole('button', { name: 'Collapse sidebar' }));
    const account = el(page.getByRole('button', { name: /Account menu/ }));
    expect(box(toggle).x).toBeGreaterThan(box(account).x);
    expect(getComputedStyle(toggle).marginRight).toBe('-12px');
    expect(getComputedStyle(toggle).marginLeft).toBe('0px');

    // Menu entries: the icon to the right of the label.
    const entry = document.querySelector(`${nav} a[data-menu-key="dashboard"]`);
    const label = [...(entry?.querySelectorAll('*') ?? [])].find(
      (e) => e.children.length === 0 && e.textContent === 'Dashboard',
    );
    if (!entry || !label) throw new Error('no Dashboard entry in the menu');
    expect(centreX(box(entry.querySelector('svg') as Element))).toBeGreaterThan(centreX(box(label)));
    // Cards: the first card at the right of the second, its icon to the right of its title.
    const cards = document.querySelectorAll('[data-testid^="card-"]');
    expect(box(cards[0]).x).toBeGreaterThan(box(cards[1]).x);
    expect(centreX(box(cards[0].querySelector('svg') as Element))).toBeGreaterThan(
      centreX(box(cards[0].querySelector('h2') as Element)),
    );
    await expect.poll(() => document.querySelector('[data-testid="chart-classWise"] svg')).not.toBeNull();

    // The account menu opens under its button, inside the window.
    await page.getByRole('button', { name: /Account menu/ }).click();
    await expect.element(page.getByRole('menu')).toBeVisible();
    expect(box(el(page.getByRole('menu'))).x).toBeGreaterThanOrEqual(0);
    // Text fields (in a dialog, a portal): the label stands at the right edge of its field.
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit provider' });
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await expect.element(name).toHaveValue('Demo ERP Institute');
    const field = box(el(name));
    const nameLabel = box(
      [...el(dialog).querySelectorAll('label')].find((l) => l.textContent?.includes('Name')) as Element,
    );
    expect(nameLabel.x + nameLabel.width).toBeGreaterThan(field.x + field.width - 40);
    expect(nameLabel.x).toBeGreaterThan(field.x + field.width / 2);
    // /rtl's own theme animates (only the tests' default theme asks for reduced motion): axe once the dialog's fade
    // and its buttons' colour transitions have ended, or a half-faded button fails the contrast rule
    await expect
      .poll(() => document.getAnimations().filter((a) => a instanceof CSSTransition).length)
      .toBe(0);
    await checkA11y();
  });

  it('on a phone the drawer opens from the right', async () => {
    await page.viewport(400, 800);
    await openRtl();
    const open = page.getByRole('button', { name: 'Open menu' });
    expect(box(el(open)).x).toBeGreaterThan(200);
    await open.click();
    await expect
      .element(page.getByRole('navigation', { name: 'Main menu' }).getByText('Dashboard'))
      .toBeVisible();
    // the drawer's paper ends at the right edge once it has slid in
    await expect.poll(() => Math.round(box(nav).right)).toBe(400);
  });

  it('the rest of the console stays left to right after a visit of /rtl', async () => {
    const { router } = await openRtl();
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await expect.poll(() => router.state.location.pathname).toBe('/admin/dashboard');
    await expect.poll(() => document.documentElement.dir).toBe('ltr');
    await expect.element(page.getByTestId('card-students')).toBeVisible();
    expect(box(nav).x).toBe(0);
    const toggle = el(page.getByRole('button', { name: 'Collapse sidebar' }));
    expect(getComputedStyle(toggle).marginLeft).toBe('-12px');
  });
});
