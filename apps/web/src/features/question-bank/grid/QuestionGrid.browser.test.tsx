// The questions grid's rendering and row actions (moved from e2e/question-bank.e2e.ts, issue 23): stored LaTeX and
// HTML questions render in the grid and in the preview by id; an image-based question shows its italic label with
// the image in a tooltip; delete asks first, then says so; the rows ticked are the bulk update's selection and the
// grid reloads after it; the bulk bar's Search filters the grid by its pair.
// The server's side: questions-create.int.test.ts (HTML sanitised, LaTeX as typed), questions-lifecycle.int.test.ts
// (delete), questions-grid.int.test.ts (the filters). The browser journey keeps create → Ready → Published.
import { configurationEndpoints } from '@assess/contracts/configuration';
import {
  ContentType,
  questionMessages as m,
  QuestionStatus,
  questionBankEndpoints as qb,
} from '@assess/contracts/questions';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { configurationLists, questionRow, tree } from '../../../test/builders';
import { fakeApi } from '../../../test/fakeApi';
import { pick, toast } from '../../../test/fields';
import { checkA11y, renderApp } from '../../../test/render';
import { QuestionsPage } from '../QuestionsPage';

const row = questionRow;

const latex = row(1, 'LTX1', { contentType: ContentType.LaTeX, text: 'Solve $x^2 = 4$: $$\\frac{a}{b}$$' });
const html = row(2, 'HTM1', {
  contentType: ContentType.Html,
  text: '<p><strong>Rich</strong> HTML question</p>',
});
const imageOnly = row(3, 'IMG1', { text: null, image: 71 });
const rows = [latex, html, imageOnly];

function fakeBank() {
  fakeApi
    .on(configurationEndpoints.lists, () => configurationLists())
    .on(qb.tree, () => tree(['Algebra']))
    .on(qb.list, () => ({ items: rows, totalCount: rows.length }))
    .on(qb.preview, ({ params }) => {
      const r = rows.find((x) => x.questionId === params.questionId) ?? latex;
      return {
        questionId: r.questionId,
        questionType: r.questionType,
        contentType: r.contentType,
        choiceFormat: 1,
        text: r.text,
        image: r.image,
        paragraphText: null,
        paragraphImage: null,
        hint: null,
        choices: [],
        points: 1,
        negativePoints: 0,
        duration: null,
      };
    });
}
const grid = () => page.getByRole('grid', { name: 'Questions' });
const gridRow = (code: string) => grid().getByRole('row').filter({ hasText: code });

describe('QuestionGrid', () => {
  it('renders stored LaTeX and HTML in the grid and the preview; an image-based question has its label and tooltip', async () => {
    fakeBank();
    await renderApp(<QuestionsPage />);
    // one line in the grid: the HTML as its text (no tags shown), the LaTeX typeset
    await expect
      .element(gridRow('HTM1').getByRole('gridcell', { name: 'Rich HTML question', exact: true }))
      .toBeVisible();
    await expect.poll(() => gridRow('LTX1').element().querySelector('.katex')).toBeTruthy();
    await checkA11y();

    // the image-based question: the italic label, the image in its tooltip
    await gridRow('IMG1').getByText(m.imageBasedQuestion).hover();
    await expect
      .element(page.getByRole('tooltip').getByRole('img', { name: 'Image of question IMG1' }))
      .toBeInTheDocument();
    expect(gridRow('IMG1').element().querySelector('em')?.textContent).toBe(m.imageBasedQuestion);

    // the preview by id renders the stored content
    for (const [code, rendered] of [
      ['LTX1', '.rich-math-display .katex-display'],
      ['HTM1', 'strong'],
    ] as const) {
      await grid()
        .getByRole('button', { name: `Preview ${code}` })
        .click();
      const view = page.getByRole('dialog', { name: 'Question Preview' }).getByTestId('question-view');
      await expect.poll(() => view.element().querySelector(rendered)).toBeTruthy();
      await page
        .getByRole('dialog', { name: 'Question Preview' })
        .getByRole('button', { name: 'Close' })
        .first()
        .click();
      await expect.element(view).not.toBeInTheDocument();
    }
  });

  it('delete asks first, then says so', async () => {
    fakeBank();
    fakeApi.on(qb.delete, () => ({ message: m.deleted }));
    await renderApp(<QuestionsPage />);
    await gridRow('HTM1').getByRole('button', { name: 'Delete HTM1' }).click();
    const confirm = page
      .getByRole('dialog')
      .filter({ hasText: 'Are you sure you want to delete question HTM1?' });
    await expect.element(confirm).toBeVisible();
    expect(fakeApi.requestsTo(qb.delete)).toEqual([]);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.element(toast(m.deleted)).toBeVisible();
    expect(fakeApi.requestsTo(qb.delete).map((r) => r.params.questionId)).toEqual([2]);
  });

  it("the ticked rows are the bulk update's selection; after the update the grid reloads", async () => {
    fakeBank();
    fakeApi.on(qb.bulkUpdate, () => ({
      message: m.bulkUpdated,
      totalCount: 3,
      publishedCount: 0,
      readyCount: 2,
      draftCount: 1,
      updatedCount: 2,
      unchangedCount: 1,
      note: m.bulkCriteriaNote,
    }));
    await renderApp(<QuestionsPage />);
    await expect.element(gridRow('HTM1')).toBeVisible();
    const bar = page.getByRole('region', { name: 'Bulk update' });
    await pick(bar, 'Field to update', 'Status');
    await grid().getByRole('checkbox', { name: 'Select all rows' }).click();
    await expect.element(bar.getByText('3 selected')).toBeVisible();
    await pick(bar, 'Value', 'Ready');
    const listed = fakeApi.requestsTo(qb.list).length;
    await bar.getByRole('button', { name: 'Update', exact: true }).click();
    await expect
      .element(page.getByTestId('bulk-result'))
      .toHaveTextContent(`${m.bulkUpdated}: total 3, published 0, ready 2, draft 1. ${m.bulkCriteriaNote}`);
    expect(fakeApi.requestsTo(qb.bulkUpdate).map((r) => [...r.body.questionIds].sort())).toEqual([[1, 2, 3]]);
    await expect.poll(() => fakeApi.requestsTo(qb.list).length).toBeGreaterThan(listed);
  });

  it("the bulk bar's Search filters the grid by its field and value", async () => {
    fakeBank();
    await renderApp(<QuestionsPage />);
    await expect.element(gridRow('HTM1')).toBeVisible();
    const bar = page.getByRole('region', { name: 'Bulk update' });
    await pick(bar, 'Field to update', 'Status');
    await pick(bar, 'Value', 'Ready');
    await bar.getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(() => fakeApi.requestsTo(qb.list).some((r) => r.query.status === QuestionStatus.Ready))
      .toBe(true);
  });

  it('a code sits in the middle of its row, level with the question text beside it', async () => {
    fakeBank();
    await renderApp(<QuestionsPage />);
    const code = gridRow('HTM1').getByTestId('question-code');
    const text = gridRow('HTM1').getByRole('gridcell', { name: 'Rich HTML question', exact: true });
    await expect.element(code).toBeVisible();
    const middle = (e: Element) => {
      const r = e.getBoundingClientRect();
      return r.top + r.height / 2;
    };
    const textSpan = text.element().querySelector('span, p, div') ?? text.element();
    expect(Math.abs(middle(code.element()) - middle(textSpan))).toBeLessThanOrEqual(2);
  });

  it('at 1366 px beside the menu (1058 px of content) every column fits: the grid does not scroll sideways', async () => {
    fakeBank();
    await renderApp(
      <div style={{ width: 1058 }}>
        <QuestionsPage />
      </div>,
    );
    await expect.element(gridRow('HTM1')).toBeVisible();
    const scroller = grid().element().querySelector('.MuiDataGrid-virtualScroller') as HTMLElement;
    expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
  });
});
