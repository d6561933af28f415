// The row menu the tests and test series catalogues share (part 3 §2, the row's less frequent actions): every item
// is listed, an item the row rules turn off is disabled and says why underneath, and picking an enabled item closes
// the menu and calls the row's handler. TestsPage and TestSeriesPage check their own items and rules through it.
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { checkA11y, renderApp } from '../../test/render';
import { RowMenu, type RowMenuItem } from './RowMenu';

type Action = 'copy' | 'delete';
const items: RowMenuItem<Action>[] = [
  { action: 'copy', label: 'Copy', icon: <span aria-hidden>⧉</span> },
  { action: 'delete', label: 'Delete', icon: <span aria-hidden>✕</span> },
];
const lockedReason = 'Locked by Curator';

describe('RowMenu', () => {
  it('lists every item, disables a ruled-out one with its reason, and calls the handler of the one picked', async () => {
    const picked: string[] = [];
    const row = { code: 'T-101' };
    await renderApp(
      <RowMenu
        row={row}
        items={items}
        rules={{ copy: { enabled: true, reason: null }, delete: { enabled: false, reason: lockedReason } }}
        handlers={{
          copy: (r) => picked.push(`copy ${r.code}`),
          delete: (r) => picked.push(`delete ${r.code}`),
        }}
      />,
    );
    const button = page.getByRole('button', { name: 'More actions for T-101' });
    await expect.element(button).toHaveAttribute('aria-haspopup', 'menu');
    await expect.element(button).not.toHaveAttribute('aria-expanded');

    await button.click();
    const menu = page.getByRole('menu');
    await expect.element(menu).toBeVisible();
    // (the open menu hides the rest of the page from the accessibility tree, its button included)
    expect(
      document.querySelector('[aria-label="More actions for T-101"]')?.getAttribute('aria-expanded'),
    ).toBe('true');
    const del = menu.getByRole('menuitem', { name: /^Delete/ });
    await expect.element(del).toHaveAttribute('aria-disabled', 'true');
    await expect.element(del.getByText(lockedReason)).toBeVisible();
    await expect.element(menu.getByRole('menuitem', { name: 'Copy' })).not.toHaveAttribute('aria-disabled');
    await checkA11y();

    // Escape closes it without an action; an enabled item closes it and acts on the row
    await userEvent.keyboard('{Escape}');
    await expect.element(menu).not.toBeInTheDocument();
    expect(picked).toEqual([]);
    await button.click();
    await page.getByRole('menuitem', { name: 'Copy' }).click();
    await expect.element(page.getByRole('menu')).not.toBeInTheDocument();
    expect(picked).toEqual(['copy T-101']);
  });
});
