// The admin dashboard (issue 24; part 3 §2 "Admin dashboard"; part 1 §2): the four cards per role, package and
// privilege (each leads to its page; Products opens the Subscriptions dialog), part 1's Interests and Messages
// cards, the Trending Test Series table, the loading skeleton, the empty answer, the phone width and axe (moved
// from e2e/dashboard.e2e.ts, issue 23). The browser journey keeps the ERP's look through the real server.
import { Package, ProviderType, Role } from '@assess/contracts/access';
import type { Session } from '@assess/contracts/auth';
import {
  type DashboardWidget,
  dashboardCards,
  dashboardEndpoints,
  dashboardMessages,
  trendingSeriesTexts,
  visibleDashboardWidgets,
} from '@assess/contracts/dashboard';
import { AllocationMode, licenceEndpoints } from '@assess/contracts/providers';
import { describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { AdminLayout } from '../../app/layout/AdminLayout';
import type { RouteHandle } from '../../app/routes/areas';
import { apiError, fakeApi } from '../../test/fakeApi';
import { checkA11y, renderApp } from '../../test/render';
import { roleSession } from '../../test/roleSession';
import { DashboardPage } from './DashboardPage';

const trendingRows = [
  { courseId: 11, name: 'JEE Main Mock Series', tests: 12, attempts: 40 },
  { courseId: 12, name: 'NEET Biology Drill', tests: 5, attempts: 9 },
];

/** What the server answers: the caller's widgets (the same rule), counts 10, 20, ... in card order. */
function fakeDashboard(session: Session, rows = trendingRows) {
  const widgets = visibleDashboardWidgets(session.privilegeObject).map((id, i): DashboardWidget => {
    if (id === 'messages') return { id, kind: 'messages', scheduledCount: 1, deliveredCount: 2 };
    if (id === 'trendingSeries') return { id, kind: 'table', rows };
    if (id in dashboardCards) return { id, kind: 'count', count: (i + 1) * 10 } as DashboardWidget;
    return { id, kind: 'chart', lable: ['10'], values: [3] } as DashboardWidget;
  });
  fakeApi.on(dashboardEndpoints.get, () => ({ updatedAt: '2026-03-01T10:00:00Z', widgets }));
}

async function renderDashboard(session: Session, rows = trendingRows) {
  fakeDashboard(session, rows);
  return renderApp(<DashboardPage />, { session, path: '/admin/dashboard' });
}

const cardIds = () =>
  [...document.querySelectorAll('[data-testid^="card-"]')].map((e) => e.getAttribute('data-testid'));

const roles = {
  partner: roleSession(Role.ContentPublisher, ProviderType.ContentPartner, 5, Package.Gold),
  erp: roleSession(Role.SuperUser, ProviderType.ERP, 1, Package.Platinum),
  erpSilver: roleSession(Role.SuperUser, ProviderType.ERP, 1, Package.Silver),
  quick: roleSession(Role.SuperUserSimplifiedTest, ProviderType.SimplifiedTest),
  aggregator: roleSession(Role.Aggregator, ProviderType.Aggregator),
  trial: roleSession(Role.TrialAdministrator, ProviderType.Subscriber, 9, Package.Trial),
  readonly: roleSession(Role.ReadOnly, ProviderType.ERP, 1, Package.Platinum),
};

describe('DashboardPage: the four cards per role (part 3 §2)', () => {
  it('ERP on Platinum: Test Series, Tests, Questions, Students first, each leading to its page', async () => {
    await renderDashboard(roles.erp);
    await expect.element(page.getByTestId('card-testSeries')).toBeVisible();
    // each card's figure (the fake counts 10, 20, ... in the answer's order)
    const figures = cardIds().map((id) => document.querySelector(`[data-testid="${id}"] p`)?.textContent);
    expect(figures.slice(0, 4)).toEqual(['10', '20', '30', '40']);
    expect(cardIds().slice(0, 4)).toEqual([
      'card-testSeries',
      'card-tests',
      'card-questions',
      'card-students',
    ]);
    for (const [id, title, path] of [
      ['testSeries', 'Test Series', '/admin/testSeries'],
      ['tests', 'Tests', '/admin/testhome'],
      ['questions', 'Questions', '/admin/questions'],
      ['students', 'Students', '/admin/users'],
    ]) {
      const card = page.getByTestId(`card-${id}`);
      await expect.element(card.getByRole('heading', { name: title })).toBeVisible();
      await expect.element(card.getByRole('link')).toHaveAttribute('href', path);
    }
    await checkA11y();
  });

  it('the Test Series card shows only for packages 3 and 4', async () => {
    await renderDashboard(roles.erpSilver);
    await expect.element(page.getByTestId('card-tests')).toBeVisible();
    expect(page.getByTestId('card-testSeries').query()).toBeNull();
  });

  it('a quick-test provider gets Quick Tests in the second place', async () => {
    await renderDashboard(roles.quick);
    const card = page.getByTestId('card-quickTests');
    await expect.element(card.getByRole('heading', { name: 'Quick Tests' })).toBeVisible();
    await expect.element(card.getByRole('link')).toHaveAttribute('href', '/admin/simplifiedtesthome');
    expect(page.getByTestId('card-tests').query()).toBeNull();
  });

  it('role 7: Providers, Products, Provision Licenses, Assigned Licenses; Products opens the Subscriptions dialog', async () => {
    const session = roles.aggregator;
    fakeApi.on(licenceEndpoints.allocation, ({ params }) => ({
      providerId: params.providerId,
      providerName: 'Demo Aggregator',
      mode: AllocationMode.View,
      rows: [],
    }));
    await renderDashboard(session);
    await expect.element(page.getByTestId('card-providers')).toBeVisible();
    expect(cardIds().slice(0, 4)).toEqual([
      'card-providers',
      'card-products',
      'card-provisionLicenses',
      'card-assignedLicenses',
    ]);
    for (const id of ['testSeries', 'tests', 'questions', 'students'])
      expect(page.getByTestId(`card-${id}`).query()).toBeNull();
    await expect
      .element(page.getByTestId('card-providers').getByRole('link'))
      .toHaveAttribute('href', '/admin/providerlist');
    await expect
      .element(page.getByTestId('card-provisionLicenses').getByRole('link'))
      .toHaveAttribute('href', '/admin/transactions');
    await page.getByTestId('card-products').getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: `Subscriptions: ${session.userDetails.providerName}` });
    await expect.element(dialog).toBeVisible();
    expect(fakeApi.requestsTo(licenceEndpoints.allocation)[0].params.providerId).toBe(
      session.userDetails.providerId,
    );
    await checkA11y();
  });
});

describe('DashboardPage: Trending Test Series (TrendingTestSeries)', () => {
  it('lists the series names and their test counts', async () => {
    await renderDashboard(roles.trial);
    const table = page.getByRole('table', { name: trendingSeriesTexts.title });
    await expect.element(table).toBeVisible();
    await expect.element(table.getByRole('columnheader', { name: 'Test Series' })).toBeVisible();
    await expect.element(table.getByRole('columnheader', { name: 'Tests' })).toBeVisible();
    const rows = table.getByRole('row');
    await expect.element(rows.nth(1)).toHaveTextContent('JEE Main Mock Series12');
    await expect.element(rows.nth(2)).toHaveTextContent('NEET Biology Drill5');
    await checkA11y();
  });

  it('says so when nothing was attempted lately', async () => {
    await renderDashboard(roles.erp, []);
    await expect
      .element(page.getByTestId('trending-series').getByText(trendingSeriesTexts.empty))
      .toBeVisible();
  });

  it('without the privilege there is no table', async () => {
    await renderDashboard(roles.readonly);
    await expect.element(page.getByTestId('card-tests')).toBeVisible();
    expect(page.getByTestId('trending-series').query()).toBeNull();
  });
});

describe('DashboardPage: part 1 cards, loading and empty', () => {
  it('Interests and Messages lead to their pages; Messages shows Scheduled and Delivered', async () => {
    await renderDashboard(roles.erp);
    await expect
      .element(page.getByTestId('card-interests').getByRole('link'))
      .toHaveAttribute('href', '/admin/Configuration');
    const messages = page.getByTestId('card-messages');
    await expect.element(messages.getByRole('link')).toHaveAttribute('href', '/admin/notifications');
    await expect.element(messages.getByText('Scheduled')).toBeVisible();
    await expect.element(messages.getByText('Delivered')).toBeVisible();
  });

  it('while the answer loads, skeletons of the cards and charts are announced once; then the cards', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const session = roles.erp;
    fakeApi.on(dashboardEndpoints.get, async () => {
      await held;
      return {
        updatedAt: '2026-03-01T10:00:00Z',
        widgets: [{ id: 'students' as const, kind: 'count' as const, count: 4 }],
      };
    });
    await renderApp(<DashboardPage />, { session, path: '/admin/dashboard' });
    const skeleton = page.getByRole('status').filter({ hasText: 'Loading the dashboard' });
    await expect.element(skeleton).toBeVisible();
    expect(page.getByTestId('card-students').query()).toBeNull();
    await checkA11y();
    release();
    await expect.element(page.getByTestId('card-students')).toBeVisible();
    expect(skeleton.query()).toBeNull();
  });

  it("a failed load is only logged, 'error in fetching details.' (part 1 §8): no message on the page, no figures", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      fakeApi.on(dashboardEndpoints.get, () => apiError(500, 'down'));
      await renderApp(<DashboardPage />, { session: roles.erp, path: '/admin/dashboard' });
      await expect.poll(() => logged.mock.calls.length).toBeGreaterThan(0);
      expect(logged).toHaveBeenCalledWith(dashboardMessages.fetchFailed, expect.anything());
      expect(page.getByText('down').query()).toBeNull();
      expect(page.getByText(dashboardMessages.fetchFailed).query()).toBeNull();
      expect(document.querySelector('[data-testid="card-students"] p')?.textContent ?? '').not.toMatch(/\d/);
    } finally {
      logged.mockRestore();
    }
  });

  it('an answer without students shows zeros and the charts’ empty state', async () => {
    const session = roles.erp;
    const widgets = visibleDashboardWidgets(session.privilegeObject).map((id): DashboardWidget => {
      if (id === 'messages') return { id, kind: 'messages', scheduledCount: 0, deliveredCount: 0 };
      if (id === 'trendingSeries') return { id, kind: 'table', rows: [] };
      if (id in dashboardCards) return { id, kind: 'count', count: 0 } as DashboardWidget;
      return { id, kind: 'chart', lable: [], values: [] } as DashboardWidget;
    });
    fakeApi.on(dashboardEndpoints.get, () => ({ updatedAt: '2026-03-01T10:00:00Z', widgets }));
    await renderApp(<DashboardPage />, { session, path: '/admin/dashboard' });
    for (const id of ['classWise', 'cityWise', 'stateWise', 'topInterest'])
      await expect.element(page.getByTestId(`chart-${id}`).getByText('Data not found')).toBeVisible();
    expect(document.querySelector('[data-testid="card-students"] p')?.textContent).toBe('0');
  });

  it('a content publisher (no Student area) gets no Students card and no charts', async () => {
    await renderDashboard(roles.partner);
    await expect.element(page.getByTestId('card-questions')).toBeVisible();
    expect(page.getByTestId('card-students').query()).toBeNull();
    expect(page.getByTestId('chart-classWise').query()).toBeNull();
  });
});

describe('DashboardPage: on a phone', () => {
  it('in the admin layout at 390 px, the cards and charts fit the width (no sideways scrolling)', async () => {
    await page.viewport(390, 844);
    fakeDashboard(roles.erp);
    await renderApp(<AdminLayout />, {
      session: roles.erp,
      path: '/admin',
      url: '/admin/dashboard',
      children: [
        {
          path: 'dashboard',
          element: <DashboardPage />,
          handle: { title: 'Dashboard' } satisfies RouteHandle,
        },
      ],
    });
    await expect.element(page.getByTestId('card-students')).toBeVisible();
    await expect.poll(() => document.querySelector('[data-testid="chart-topInterest"] svg')).not.toBeNull();
    expect(window.innerWidth).toBe(390);
    expect(document.documentElement.scrollWidth - window.innerWidth).toBeLessThanOrEqual(0);
    await page.viewport(1366, 768);
  });
});
