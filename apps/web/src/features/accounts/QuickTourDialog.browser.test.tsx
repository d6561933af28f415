// The trial's quick tour (issue 24; part 3 §2 "Admin dashboard", part 1 §2): six steps with Skip, Next and
// Finish; the first is the trial notice (days remaining written 'day'/'days', the support contact from the
// configuration), then one step per menu entry (questions, tests, series, students, analytics). The browser
// journey (e2e/dashboard.e2e.ts) walks it once for the demo trial account.
import { accountsEndpoints as ae } from '@assess/contracts/auth';
import { describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi } from '../../test/fakeApi';
import { checkA11y, renderApp } from '../../test/render';
import { QuickTourDialog, tourSteps } from './QuickTourDialog';

const trial = (daysRemaining: number) =>
  fakeApi.on(ae.trial, () => ({
    packageId: 4,
    validTo: '2026-12-31T18:29:59Z',
    daysRemaining,
    supportContact: 'support@example.com',
  }));

async function renderTour(days: number) {
  trial(days);
  const onClose = vi.fn();
  await renderApp(<QuickTourDialog open onClose={onClose} validTo={null} />);
  const tour = page.getByRole('dialog', { name: 'Welcome to your trial' });
  await expect.element(tour).toBeVisible();
  return { onClose, tour: page.getByTestId('quick-tour') };
}

describe('QuickTourDialog', () => {
  it('step 1 is the trial notice ("3 days", the support e-mail); Next walks the five menu steps; Finish closes', async () => {
    const { onClose, tour } = await renderTour(3);
    await expect.element(tour.getByTestId('trial-days')).toHaveTextContent('Your trial ends in 3 days.');
    await expect
      .element(tour.getByRole('link', { name: 'support@example.com' }))
      .toHaveAttribute('href', 'mailto:support@example.com');
    await expect.element(tour.getByTestId('tour-step')).toHaveTextContent('Step 1 of 6');
    await checkA11y();
    const titles = ['Questions', 'Tests', 'Test Series', 'Students', 'Analytics'];
    expect(tourSteps.map((s) => s.title)).toEqual(titles);
    for (const [i, s] of tourSteps.entries()) {
      await tour.getByRole('button', { name: 'Next' }).click();
      await expect.element(page.getByRole('dialog', { name: s.title })).toBeVisible();
      await expect.element(tour.getByTestId('tour-step')).toHaveTextContent(`Step ${i + 2} of 6`);
      await expect.element(tour.getByTestId('tour-menu-entry')).toHaveAttribute('href', s.path);
    }
    await expect
      .element(tour.getByTestId('tour-menu-entry'))
      .toHaveTextContent('Manage Tests › Tests › Analytics');
    expect(tour.getByRole('button', { name: 'Next' }).query()).toBeNull();
    expect(tour.getByRole('button', { name: 'Skip' }).query()).toBeNull();
    await checkA11y();
    await tour.getByRole('button', { name: 'Finish' }).click();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('one day left is written "1 day"; Skip closes the tour at once', async () => {
    const { onClose, tour } = await renderTour(1);
    await expect.element(tour.getByTestId('trial-days')).toHaveTextContent('Your trial ends in 1 day.');
    expect(tour.getByRole('button', { name: 'Finish' }).query()).toBeNull();
    await tour.getByRole('button', { name: 'Skip' }).click();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
