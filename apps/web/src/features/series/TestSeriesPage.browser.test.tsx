// The test series list (moved from e2e/series.e2e.ts, issue 23): the grid's columns (the spec's 'Trail' for
// status 2), the row rules of part 3 §4 (a Draft, a Ready and a subscribed series: which buttons and menu items
// are on, with the rule's reason; the schedule button orange while In Progress), publish and delete after the
// spec's confirmations, '+ New' at the package limit, axe. The browser journey keeps a series made, scheduled,
// assigned and published on the real server.
import { licenceMessages } from '@assess/contracts/access';
import {
  seriesMessages as m,
  seriesRowMessages as rm,
  type SeriesListRow,
  seriesListEndpoints as sl,
} from '@assess/contracts/series';
import { TestStatus } from '@assess/contracts/tests';
import { describe, expect, it } from 'vitest';
import { seriesRow } from '../../test/builders';
import { catalogueColumnsAround, catalogueLocators, colourName } from '../../test/catalogue';
import { fakeApi } from '../../test/fakeApi';
import { toast } from '../../test/fields';
import { checkA11y, renderApp } from '../../test/render';
import { TestSeriesPage } from './TestSeriesPage';

const draft = seriesRow('S-DRF');
const ready = seriesRow('S-RDY', { status: TestStatus.Ready, testCount: 1 });
const partner = seriesRow('CP-JEE', {
  providerId: 7,
  providerName: 'Partner Content',
  owned: false,
  status: TestStatus.Published,
  isPublished: true,
});

const fakeList = (items: SeriesListRow[]) => fakeApi.on(sl.list, () => ({ items, totalCount: items.length }));
const list = catalogueLocators('Test series', (code) => `Series ${code}`);
const { rowOf, button, item, dialogWith: confirmDialog } = list;

describe('TestSeriesPage', () => {
  // the list's read-only rules on one rendering (a mount of the grid per rule cost seconds under load)
  it("shows the columns of part 3 §2 ('Trail' for a Ready series, 'Subscription' otherwise), the schedule colours and a subscribed series' rules; axe", async () => {
    fakeList([
      ready,
      partner,
      seriesRow('S-INP', { status: TestStatus.Ready, scheduleStatus: 5 }),
      seriesRow('S-SCH', { status: TestStatus.Ready, scheduleStatus: 4 }),
    ]);
    await renderApp(<TestSeriesPage />);
    await expect.element(rowOf('S-RDY')).toBeVisible();
    const { before, after } = catalogueColumnsAround;
    expect(list.headers()).toEqual([...before, 'Difficulty', 'Subscription Type', ...after]);
    await expect.element(rowOf('S-RDY').getByText('Ready', { exact: true })).toBeVisible();
    await expect.element(rowOf('S-RDY').getByText('Trail', { exact: true })).toBeVisible();
    await expect.element(rowOf('CP-JEE').getByText('Subscription', { exact: true })).toBeVisible();
    await expect.element(rowOf('CP-JEE').getByText('Partner Content')).toBeVisible();
    await checkA11y();

    // row rules: the schedule button of a series In Progress (scheduleStatus 5) is orange, green when Scheduled
    await expect.element(button('Schedule S-INP')).toBeEnabled();
    expect(colourName(button('Schedule S-INP').element())).toBe('orange');
    expect(colourName(button('Schedule S-SCH').element())).toBe('green');

    // row rules: a subscribed series is not selectable, opens read-only, and may not be deleted (not owner)
    await expect.element(rowOf('CP-JEE').getByRole('checkbox')).toBeDisabled();
    await expect.element(button('View CP-JEE')).toBeEnabled();
    await expect.element(button('Publish CP-JEE')).toBeDisabled();
    await button('More actions for CP-JEE').click();
    await expect.element(item('Delete')).toHaveAttribute('aria-disabled', 'true');
    await expect.element(item('Delete').getByText(rm.notOwner)).toBeVisible();
    await expect.element(item('Clean data').getByText(rm.notOwner)).toBeVisible();
    await checkA11y();
  });

  it('row rules: a Draft cannot be published or scheduled; it is selectable and deleted after the confirmation', async () => {
    fakeList([draft]);
    fakeApi.on(sl.delete, () => ({ message: m.deleted }));
    await renderApp(<TestSeriesPage />);
    await list.expectDraftRules('S-DRF');
    await expect.element(button('Edit S-DRF')).toBeEnabled();
    await button('More actions for S-DRF').click();
    await expect.element(item('Delete')).not.toHaveAttribute('aria-disabled');
    await list.deleteAfterConfirmation(m.confirmDelete, m.deleted);
    expect(fakeApi.requestsTo(sl.delete)).toHaveLength(1);
  });

  it("publishes a Ready series after the spec's confirmation", async () => {
    fakeList([ready]);
    fakeApi.on(sl.publish, () => ({ message: m.published }));
    await renderApp(<TestSeriesPage />);
    await button('Publish S-RDY').click();
    await expect.element(confirmDialog(m.confirmPublish)).toBeVisible();
    await confirmDialog(m.confirmPublish).getByRole('button', { name: 'Publish' }).click();
    await expect.element(toast(m.published)).toBeVisible();
    expect(fakeApi.requestsTo(sl.publish)).toHaveLength(1);
  });

  it("'+ New' at the package limit shows the spec's message and stays on the list", async () => {
    const message = licenceMessages.TestSeries.replace('{n}', '2');
    fakeList([]);
    fakeApi.on(sl.count, () => ({ count: 2, limit: 2, limitMessage: message }));
    const { router } = await renderApp(<TestSeriesPage />, { path: '/admin/testSeries' });
    await button('+ New').click();
    await expect.element(toast(message)).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/testSeries');
  });
});
