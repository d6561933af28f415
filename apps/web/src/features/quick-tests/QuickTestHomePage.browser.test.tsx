// The quick test home (part 3 §2 legend and card colours, §4 card rules, §8 'Test (s) not available.'; moved from
// e2e/quick-tests.e2e.ts, issue 23): the legend with its counts, each card in its state's colour, the menu's
// Delete off for a running card while its Clean Data is on, the pager past 12 cards, the empty state. The browser
// journey keeps building a quick test through the real server and seeing its card turn Scheduled.
import {
  quickTestMessages as m,
  type QuickTestCard,
  quickTestEndpoints as qe,
  quickTestCardColours,
  quickTestCardMessages,
} from '@assess/contracts/quick-tests';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi } from '../../test/fakeApi';
import { checkA11y, renderApp } from '../../test/render';
import { Component as QuickTestHomePage } from './QuickTestHomePage';

let nextId = 1;
/** A card of the signed-in provider (staffSession: provider 1). */
const quickCard = (text: string, patch: Partial<QuickTestCard> = {}): QuickTestCard => {
  const id = nextId++;
  return {
    id,
    testId: id,
    code: `QT-${id}`,
    text,
    description: null,
    status: 1,
    scheduleStatus: null,
    studentsCount: 0,
    questionCount: 5,
    scheduleDate: null,
    startDate: null,
    endDate: null,
    providerId: 1,
    isLocked: false,
    lockedBy: null,
    isActive: true,
    testType: 1,
    ...patch,
  };
};
const legend = { draft: 1, ready: 1, scheduled: 1, inProgress: 1 };
/** '#1565c0' → 'rgb(21, 101, 192)', as getComputedStyle answers. */
const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
const card = (name: string) => page.getByRole('article', { name });

describe('QuickTestHomePage', () => {
  it('shows the legend with counts and each card in its state, colour and menu rules', async () => {
    const cards = [
      quickCard('Quick Draft: Fractions', { description: 'A long description that is cut at 35 characters' }),
      quickCard('Quick Ready: Ratios', { status: 2 }),
      quickCard('Quick Scheduled: Percent', { status: 2, scheduleStatus: 4, studentsCount: 1 }),
      quickCard('Quick In Progress: Averages', { status: 2, scheduleStatus: 5, studentsCount: 3 }),
    ];
    fakeApi.on(qe.list, () => ({ items: cards, totalCount: cards.length, legend }));
    await renderApp(<QuickTestHomePage />);

    const list = page.getByRole('list', { name: 'Legend' });
    for (const label of ['Draft (1)', 'Ready (1)', 'Scheduled (1)', 'In-Progress (1)'])
      await expect.element(list.getByText(label)).toBeVisible();
    for (const [name, state] of [
      ['Quick Draft: Fractions', 'draft'],
      ['Quick Ready: Ratios', 'ready'],
      ['Quick Scheduled: Percent', 'scheduled'],
      ['Quick In Progress: Averages', 'inProgress'],
    ] as const) {
      await expect.element(card(name)).toHaveAttribute('data-state', state);
      expect(getComputedStyle(card(name).element()).borderTopColor).toBe(rgb(quickTestCardColours[state]));
    }
    await expect
      .element(card('Quick Draft: Fractions').getByText('A long description that is cut at 3...'))
      .toBeVisible();
    await expect.element(card('Quick Scheduled: Percent').getByText(/1 student$/)).toBeVisible();
    await checkA11y();

    // a running card cannot be deleted (§4), its Clean Data is on; Analytics only runs then
    const running = card('Quick In Progress: Averages');
    await expect.element(running.getByRole('button', { name: 'Analytics' })).toBeEnabled();
    await expect
      .element(card('Quick Draft: Fractions').getByRole('button', { name: 'Analytics' }))
      .toBeDisabled();
    await running.getByRole('button', { name: 'Actions of Quick In Progress: Averages' }).click();
    const remove = page.getByRole('menuitem', { name: 'Delete' });
    await expect.element(remove).toHaveAttribute('aria-disabled', 'true');
    await expect.element(remove).toHaveAttribute('title', quickTestCardMessages.scheduledNoDelete);
    await expect
      .element(page.getByRole('menuitem', { name: 'Clean Data' }))
      .not.toHaveAttribute('aria-disabled');
    await expect
      .element(page.getByRole('menuitem', { name: 'Edit' }))
      .toHaveAttribute('aria-disabled', 'true');
  });

  it('pages past 12 cards', async () => {
    const many = Array.from({ length: 12 }, (_, i) => quickCard(`Quick ${i + 1}`));
    fakeApi.on(qe.list, ({ query }) =>
      query.pageNumber === 2
        ? { items: [quickCard('Quick 13')], totalCount: 13, legend }
        : { items: many, totalCount: 13, legend },
    );
    await renderApp(<QuickTestHomePage />);
    await expect.element(card('Quick 12')).toBeVisible();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.element(card('Quick 13')).toBeVisible();
  });

  it("shows 'Test (s) not available.' without any card", async () => {
    fakeApi.on(qe.list, () => ({ items: [], totalCount: 0, legend: { ...legend, draft: 0 } }));
    await renderApp(<QuickTestHomePage />);
    await expect.element(page.getByText(m.notAvailable)).toBeVisible();
  });
});
