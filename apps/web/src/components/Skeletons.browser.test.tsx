// The loading skeletons' shapes (moved from the shell and dashboard journeys, issue 23): a page while it loads
// is its title, its toolbar and a grid of the PagedGrid's height (a header of four columns, rows of four, the
// pager's footer), said once to screen readers; the grid takes the PagedGrid's place exactly, so the loaded grid
// lands where its skeleton was.
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { checkA11y, renderApp } from '../test/render';
import { PagedGrid } from './PagedGrid';
import { GridSkeleton, PageSkeleton } from './Skeletons';

/** How many shapes (MUI Skeletons) each child of `el` holds directly. */
const shapesPerChild = (el: Element) =>
  [...el.children].map((c) => c.querySelectorAll(':scope > .MuiSkeleton-root').length);
const height = (el: Element) => Math.round(el.getBoundingClientRect().height);

describe('skeletons', () => {
  it('a page: one status saying its label, then title, toolbar and a grid of 8 rows × 4 columns', async () => {
    await renderApp(<PageSkeleton label="Loading the tests" />);
    const status = page.getByRole('status');
    await expect.element(status).toHaveTextContent('Loading the tests');
    expect(page.getByRole('status').elements()).toHaveLength(1);
    await expect.element(status).toHaveAttribute('aria-busy', 'true');
    const shapes = status.element().querySelector('[aria-hidden="true"]') as Element;
    const [title, toolbar, grid] = [...shapes.children];
    expect(title.classList.contains('MuiSkeleton-text')).toBe(true);
    const own = (el: Element) => el.querySelectorAll(':scope > .MuiSkeleton-root').length;
    expect(own(toolbar)).toBe(2); // the search field and the button
    const [header, body, footer] = [...(grid.querySelector('.MuiPaper-root') as Element).children];
    expect([own(header), own(footer)]).toEqual([4, 1]);
    expect(shapesPerChild(body)).toEqual(Array(8).fill(4));
    expect(height(grid.querySelector('.MuiPaper-root') as Element)).toBe(500);
    await checkA11y();
  });

  it.each([500, 650])(
    'the grid skeleton takes the PagedGrid’s height (%i) and the rows asked for',
    async (h) => {
      await renderApp(
        <div style={{ display: 'flex', gap: 8 }}>
          <div style={{ flex: 1 }}>
            <GridSkeleton label="Loading the students" rows={5} height={h} />
          </div>
          <div style={{ flex: 1 }} data-testid="grid">
            <PagedGrid
              label="Students"
              rows={[]}
              columns={[{ field: 'name', headerName: 'Name' }]}
              rowCount={0}
              page={1}
              pageSize={10}
              onPagingChange={() => {}}
              height={h}
            />
          </div>
        </div>,
      );
      await expect.element(page.getByRole('grid', { name: 'Students' })).toBeVisible();
      const skeleton = page.getByRole('status').element().querySelector('.MuiPaper-root') as Element;
      const grid = page.getByTestId('grid').element().querySelector('.MuiPaper-root') as Element;
      expect(height(skeleton)).toBe(h);
      expect(height(skeleton)).toBe(height(grid));
      expect(shapesPerChild(skeleton.children[1])).toEqual(Array(5).fill(4));
    },
  );
});
