// The tests list (moved from e2e/tests-list.e2e.ts, issue 23): the grid's columns, the row rules of part 3 §4
// (which buttons and menu items are on, with the rule's reason underneath), the locked rows greyed and not
// selectable, unlock by a Super User, the schedule button's colour by scheduleStatus, the empty grid, delete
// after the spec's confirmation, axe; and the phone layout (the folded filter bar, the grid within the screen, the
// row menu). The browser journey keeps copy and bulk update of tests through the real server.
import { configurationEndpoints } from '@assess/contracts/configuration';
import {
  testMessages as m,
  testRowMessages as rm,
  type TestListRow,
  TestStatus,
  testListEndpoints as tl,
} from '@assess/contracts/tests';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { configurationLists } from '../../test/builders';
import { catalogueColumnsAround, catalogueLocators, colourName, testRow } from '../../test/catalogue';
import { fakeApi } from '../../test/fakeApi';
import { pick, toast } from '../../test/fields';
import { checkA11y, renderApp } from '../../test/render';
import { TestsPage } from './TestsPage';

const locked = testRow('T-LCK', { isLocked: true, lockedBy: 99, lockedByName: 'Curator' });
const published = testRow('T-PUB', { status: TestStatus.Published, objective: ['Practice', 'Revision'] });
const draft = testRow('T-DRF', { isActive: false });

function fakeList(items: TestListRow[]) {
  fakeApi
    .on(tl.list, () => ({ items, totalCount: items.length }))
    .on(configurationEndpoints.lists, () => configurationLists());
}
const list = catalogueLocators('Tests', (code) => `Test ${code}`);
const { grid, rowOf, button, item } = list;
async function openMenu(code: string) {
  await button(`More actions for ${code}`).click();
  await expect.element(page.getByRole('menu')).toBeVisible();
}
const closeMenu = async () => {
  await userEvent.keyboard('{Escape}');
  await expect.element(page.getByRole('menu')).not.toBeInTheDocument();
};

describe('TestsPage', () => {
  it('an empty list says Data not found and passes axe', async () => {
    fakeList([]);
    await renderApp(<TestsPage />);
    await expect.element(grid().getByText(m.dataNotFound)).toBeVisible();
    await expect.element(page.getByRole('group', { name: 'Tests shown' })).toBeVisible();
    await checkA11y();
  });

  // the list's read-only rules on one rendering (a mount of the grid per rule cost seconds under load)
  it("shows the columns of part 3 §2 and a row in their words, the schedule colours and a published test's rules", async () => {
    const ready = { status: TestStatus.Ready };
    fakeList([
      published,
      testRow('T-SCH', { ...ready, scheduleStatus: 4 }),
      testRow('T-INP', { ...ready, scheduleStatus: 5 }),
      testRow('T-RDY', ready),
    ]);
    await renderApp(<TestsPage />);
    await expect.element(rowOf('T-PUB')).toBeVisible();
    const { before, after } = catalogueColumnsAround;
    expect(list.headers()).toEqual([...before, 'Difficulty Level', ...after]);
    const r = rowOf('T-PUB');
    for (const text of ['Published', 'Demo ERP Institute', 'Medium', 'Practice, Revision'])
      await expect.element(r.getByText(text, { exact: true })).toBeVisible();
    await checkA11y();

    // row rules: the schedule button is green when Scheduled (4), orange In Progress (5), otherwise red
    for (const code of ['T-SCH', 'T-INP', 'T-RDY'])
      await expect.element(button(`Schedule ${code}`)).toBeEnabled();
    expect(colourName(button('Schedule T-SCH').element())).toBe('green');
    expect(colourName(button('Schedule T-INP').element())).toBe('orange');
    expect(colourName(button('Schedule T-RDY').element())).toBe('red');

    // row rules: a published test may not be published or edited; copy and schedule stay on
    await expect.element(button('Publish T-PUB')).toBeDisabled();
    await expect.element(button('Schedule T-PUB')).toBeEnabled();
    await expect.element(button('Preview T-PUB')).toBeEnabled();
    await expect.element(button('Analytics of T-PUB')).toBeDisabled();
    await expect.element(rowOf('T-PUB').getByRole('checkbox')).toBeDisabled();
    await openMenu('T-PUB');
    await expect.element(item('Edit').getByText(rm.published)).toBeVisible();
    await expect.element(item('Copy')).not.toHaveAttribute('aria-disabled');
    await expect.element(item('Lock')).not.toHaveAttribute('aria-disabled');
    await closeMenu();
  });

  it('no column title and no scheduled date is cut short (Difficulty Level, Target Audience, 26-Nov-2026 11:17:14 AM)', async () => {
    fakeList([testRow('T-WID', { scheduleDate: '2026-11-26T11:17:14.000Z', scheduleStatus: 4 })]);
    await renderApp(<TestsPage />);
    await expect.element(rowOf('T-WID')).toBeVisible();
    const cut = (e: Element) => e.scrollWidth > e.clientWidth;
    const titles = [...grid().element().querySelectorAll('.MuiDataGrid-columnHeaderTitle')];
    expect(titles.map((t) => t.textContent)).toContain('Target Audience');
    expect(titles.filter(cut).map((t) => t.textContent)).toEqual([]);
    const date = rowOf('T-WID').element().querySelector('[data-field="scheduleDate"]');
    expect(date?.textContent).toMatch(/^26-Nov-2026 \d\d:\d\d:\d\d [AP]M$/);
    expect(date && cut(date)).toBe(false);
  });

  it('row rules: a test locked by another user is grey, not selectable, its changes off with the reason', async () => {
    fakeList([locked]);
    fakeApi.on(tl.lock, () => ({ message: m.unlockedMessage, isLocked: false, lockedBy: null }));
    await renderApp(<TestsPage />);
    const r = rowOf('T-LCK');
    await expect.element(r).toBeVisible();
    expect(r.element().querySelectorAll('.test-row-locked').length).toBeGreaterThan(0);
    await expect.element(r.getByLabelText('Locked by Curator')).toBeInTheDocument();
    await expect.element(r.getByRole('checkbox')).toBeDisabled();
    await openMenu('T-LCK');
    await expect.element(item('Edit')).toHaveAttribute('aria-disabled', 'true');
    await expect.element(item('Edit').getByText(rm.lockedByOther)).toBeVisible();
    await expect.element(item('Copy').getByText(rm.lockedNoCopy)).toBeVisible();
    await expect.element(item('Delete')).toHaveAttribute('aria-disabled', 'true');
    await expect.element(item('Download Test').getByText(rm.onlyInProgress)).toBeVisible();
    await checkA11y();
    // a Super User of the owning provider may lift another user's lock
    await item('Unlock').click();
    await expect.element(toast(m.unlockedMessage)).toBeVisible();
    expect(fakeApi.requestsTo(tl.lock).map((x) => x.body)).toEqual([{ isLocked: false }]);
  });

  it('row rules: an inactive Draft cannot be published or scheduled; it is deleted after the confirmation', async () => {
    fakeList([draft]);
    fakeApi.on(tl.delete, () => ({ message: m.deleted }));
    await renderApp(<TestsPage />);
    await list.expectDraftRules('T-DRF');
    await openMenu('T-DRF');
    await expect.element(item('Edit')).not.toHaveAttribute('aria-disabled');
    await list.deleteAfterConfirmation(m.confirmDelete, m.deleted);
    expect(fakeApi.requestsTo(tl.delete)).toHaveLength(1);
  });

  // moved from e2e/tests-list.e2e.ts ('on a phone', issue 23)
  it('on a phone: the filter and bulk update bar folds behind its button, the grid fits, the row menu is usable', async () => {
    await page.viewport(390, 844);
    try {
      fakeList([testRow('T-PHN', { status: TestStatus.Ready })]);
      await renderApp(<TestsPage />);
      await expect.element(page.getByRole('group', { name: 'Tests shown' })).toBeVisible();
      await expect.element(rowOf('T-PHN')).toBeVisible();
      const bar = page.getByRole('region', { name: 'Filter and bulk update' });
      const toggle = button('Filter and bulk update');
      // folded: the region is hidden (so out of the accessibility tree) until the button opens it
      await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect.element(bar).not.toBeInTheDocument();
      await toggle.click();
      await expect.element(bar).toBeVisible();
      // the bar's search works from the folded bar: the list is asked again by code
      await pick(bar, 'Field', 'Code');
      await bar.getByRole('textbox', { name: 'Value' }).fill('T-PHN');
      await bar.getByRole('button', { name: 'Search' }).click();
      await expect.poll(() => fakeApi.requestsTo(tl.list).at(-1)?.query.code).toBe('T-PHN');
      await toggle.click();
      await expect.element(bar).not.toBeInTheDocument();
      // nothing sideways: the grid keeps within the screen
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
      await openMenu('T-PHN');
      await expect.element(item('Copy')).toBeVisible();
      await expect.element(item('Copy')).not.toHaveAttribute('aria-disabled');
      await checkA11y();
      await closeMenu();
    } finally {
      await page.viewport(1366, 768);
    }
  });
});
