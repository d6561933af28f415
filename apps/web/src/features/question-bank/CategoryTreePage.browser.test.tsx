// The Categories & Topics page's own rules (moved from e2e/question-bank.e2e.ts, issue 23): one button per
// import kind, a topic at the package's depth takes no child topic and its button says why, and the tree is
// one tab stop moved with the arrow keys. The browser journey keeps building a tree on the real server; the
// server's refusals (deleting a topic with questions, a level too deep) are API tests (tree.int.test.ts).
import { questionBankEndpoints as qb } from '@assess/contracts/questions';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { tree } from '../../test/builders';
import { fakeApi } from '../../test/fakeApi';
import { checkA11y, renderApp } from '../../test/render';
import { CategoryTreePage } from './CategoryTreePage';

const item = (name: string) => page.getByRole('treeitem', { name, exact: true });

describe('CategoryTreePage', () => {
  it('a topic at the package depth: Add topic is off and says why; the tree moves with the arrow keys', async () => {
    // a hierarchy of one level: Algebra (a topic under the category) is at the package's depth
    fakeApi
      .on(qb.tree, () => tree(['Algebra', 'Geometry'], 1))
      .on(qb.list, () => ({ items: [], totalCount: 0 }));
    await renderApp(<CategoryTreePage />);
    await expect.element(page.getByRole('tree', { name: 'Your categories and topics' })).toBeVisible();
    // one import entry per kind, each with its own name
    for (const name of ['Import Questions', 'Bulk Import', 'Import Moodle XML, GIFT or QTI'])
      expect(page.getByRole('button', { name, exact: true }).elements()).toHaveLength(1);

    await item('Maths').element().querySelector<HTMLElement>('.tree-row')?.click();
    await expect.element(item('Algebra')).toBeVisible();
    await item('Algebra').element().querySelector<HTMLElement>('.tree-row')?.click();
    const addTopic = page.getByRole('button', { name: 'Add topic to Algebra' });
    await expect.element(addTopic).toBeDisabled();
    await userEvent.hover(addTopic.element().parentElement as HTMLElement);
    await expect
      .element(
        page
          .getByRole('tooltip')
          .getByText('You cannot create more than 1 level hierarchy.', { exact: false }),
      )
      .toBeVisible();
    await checkA11y();

    // keyboard: the tree is one tab stop, arrows move
    (item('Maths').element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-level')).toBe('2');
  });
});
