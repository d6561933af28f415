// The Create Question dialog's content type × question type matrix (moved from e2e/question-bank.e2e.ts,
// issue 23): each type in each content type is filled, previewed as a learner sees it and saved; the body sent
// is what the server's schema accepts (the fake API parses it) and the toasts are the spec's.
import { configurationEndpoints } from '@assess/contracts/configuration';
import {
  ContentType,
  questionMessages as m,
  QuestionType,
  questionBankEndpoints as qb,
  questionImageMessages,
} from '@assess/contracts/questions';
import { describe, expect, it } from 'vitest';
import { type Locator, page, userEvent } from 'vitest/browser';
import { configurationLists, questionFrom, tree } from '../../../test/builders';
import { fakeApi } from '../../../test/fakeApi';
import { dayShown, setDay } from '../../../test/fields';
import { checkA11y, renderApp } from '../../../test/render';
import { QuestionDialog } from './QuestionDialog';

const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

function fakeBank() {
  fakeApi
    .on(configurationEndpoints.lists, () => configurationLists())
    .on(qb.tree, () => tree(['Algebra']))
    .on(qb.create, ({ body }) => ({ message: m.created, question: questionFrom(body) }))
    .on(qb.uploadImage, () => ({
      message: questionImageMessages.uploaded,
      imageId: 77,
      url: '/api/question-bank/images/77',
      width: 1,
      height: 1,
      contentType: 'image/png',
    }));
}

const dialog = () => page.getByRole('dialog', { name: 'Create Question' });
/** A select (MUI combobox) by label: opens it and picks the option. */
async function pick(scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Types into a field of the dialog: a plain or LaTeX field, or the rich-text editor (HTML). */
async function typeText(d: Locator, label: string, content: number, text: string) {
  if (content === ContentType.Html) {
    await d.getByRole('textbox', { name: label, exact: true }).fill(text);
  } else await d.getByLabelText(label, { exact: true }).fill(text);
}

const types = [
  [QuestionType.MCQ, 'MCQ'],
  [QuestionType.SCQ, 'SCQ'],
  [QuestionType.TrueFalse, 'True/False'],
  [QuestionType.Numerical, 'Numerical'],
] as const;
const contents = [
  [ContentType.Text, 'Text Based'],
  [ContentType.LaTeX, 'Latex Based'],
  [ContentType.Html, 'Html'],
] as const;

/** Inserts text at the caret of the focused editor, as one input (the browser's insertText command). */
const insertText = (text: string) => document.execCommand('insertText', false, text);

/** Fills the open form with a question of this type in this content type (code, text, choices, answer). */
async function fill(d: Locator, type: number, typeName: string, content: number) {
  await pick(d, 'Question Type', typeName);
  await d.getByLabelText(/^Code/).fill(`C${type}${content}`);
  const latex = content === ContentType.LaTeX;
  if (content === ContentType.Html) {
    // bold through the toolbar, then plain text
    await d.getByRole('textbox', { name: 'Question Text', exact: true }).click();
    await d
      .getByRole('toolbar', { name: 'Question Text formatting' })
      .getByRole('button', { name: 'Bold' })
      .click();
    // the words as one input each (as a paste or an input method gives them): a key per character costs a
    // round trip to the browser and an editor transaction each, about five seconds of the file under load
    insertText('Rich');
    await expect
      .poll(() => d.getByRole('textbox', { name: 'Question Text', exact: true }).element().innerHTML)
      .toContain('<strong>Rich</strong>');
    await userEvent.keyboard('{Control>}b{/Control}');
    insertText(` ${typeName} question`);
    if (type === QuestionType.MCQ) {
      // the solution's editor mounts when the author opens its box, with the caret in it
      await d.getByRole('textbox', { name: 'Solution', exact: true }).click();
      await expect
        .poll(() => document.activeElement?.closest('[contenteditable=true]')?.getAttribute('role'))
        .toBe('textbox');
      insertText('Worked');
    }
  } else
    await typeText(
      d,
      'Question Text',
      content,
      latex ? `Solve $x^2 = 4$ (${typeName}): $$\\frac{a}{b}$$` : `Plain ${typeName} question`,
    );
  if (type === QuestionType.MCQ || type === QuestionType.SCQ) {
    const texts = latex ? ['$x = 1$', '$x = 2$', '$x = 3$'] : ['One', 'Two', 'Three'];
    for (const [i, t] of texts.entries()) await typeText(d, `Choice (${'abc'[i]})`, content, t);
    const role = type === QuestionType.MCQ ? 'checkbox' : 'radio';
    await d.getByRole(role, { name: 'Choice (b) is correct' }).click();
    if (type === QuestionType.MCQ) await d.getByRole('checkbox', { name: 'Choice (c) is correct' }).click();
  } else if (type === QuestionType.TrueFalse) {
    await d.getByRole('radio', { name: 'Choice (a) is correct' }).click();
  } else {
    await d.getByLabelText('Answer', { exact: true }).fill('42');
    // issue 27: answers within the tolerance count as right
    await d.getByLabelText('Tolerance (±)').fill('0.5');
  }
}

/** Opens the preview of the form: the question as a learner sees it, in its content type. */
async function preview(d: Locator, type: number, content: number) {
  await d.getByRole('button', { name: 'Preview', exact: true }).click();
  const p = page.getByRole('dialog', { name: 'Question Preview' });
  const view = p.getByTestId('question-view');
  await expect.element(view).toBeVisible();
  if (content === ContentType.LaTeX) {
    await expect.poll(() => view.element().querySelector('[data-testid=question-text] .katex')).toBeTruthy();
    // inline and display maths
    await expect.poll(() => view.element().querySelector('.rich-math-display .katex-display')).toBeTruthy();
  }
  if (content === ContentType.Html)
    await expect.poll(() => view.element().querySelector('strong')?.textContent).toBe('Rich');
  if (type === QuestionType.Numerical) await expect.element(view.getByLabelText('Your answer')).toBeVisible();
  if (content === ContentType.Text && type === QuestionType.MCQ)
    await expect.element(view.getByRole('img', { name: 'Question image' })).toBeInTheDocument();
  if (type === QuestionType.MCQ) {
    // the empty hint and paragraph popovers
    await p.getByRole('button', { name: 'Hint' }).click();
    await expect
      .element(page.getByRole('dialog', { name: 'Hint' }).getByText(m.hintNotAvailable))
      .toBeVisible();
    await userEvent.keyboard('{Escape}');
    await p.getByRole('button', { name: 'Content' }).click();
    await expect
      .element(page.getByRole('dialog', { name: 'Content' }).getByText(m.contentNotAvailable))
      .toBeVisible();
    await userEvent.keyboard('{Escape}');
    await checkA11y();
  }
  await userEvent.keyboard('{Escape}');
  await expect.element(p).not.toBeInTheDocument();
}

/** What the form sent for this type in this content type. */
function expectBody(body: Record<string, unknown>, type: number, content: number) {
  expect(body).toMatchObject({
    code: `C${type}${content}`,
    questionType: type,
    contentType: content,
    topicIds: [11],
  });
  if (type === QuestionType.MCQ) expect(body.correctChoices).toEqual([2, 3]);
  if (type === QuestionType.SCQ) expect(body.correctChoices).toEqual([2]);
  if (type === QuestionType.TrueFalse) expect(body.correctChoices).toEqual([1]);
  if (type === QuestionType.Numerical) expect(body).toMatchObject({ numericAnswer: 42, tolerance: 0.5 });
  if (content === ContentType.Html) expect(body.text).toContain('<strong>Rich</strong>');
  if (content === ContentType.Html && type === QuestionType.MCQ)
    expect(body.solutionText).toBe('<p>Worked</p>');
  if (content === ContentType.Text && type === QuestionType.MCQ) expect(body.image).toBe(77);
}

// One dialog per content type: its four question types are created one after the other with "Add more" (the
// content type and the topics stay, the rest of the form is new), the last one with Save. Mounting the dialog
// (seven rich-text editors in HTML: solution, paragraph and hint wait to be opened) once per content type
// instead of once per question keeps the file fast.
describe('Create Question: every question type in every content type', () => {
  for (const [content, contentName] of contents)
    it(`${contentName}: MCQ, SCQ, True/False and Numerical filled, previewed and saved`, async () => {
      fakeBank();
      await renderApp(<QuestionDialog questionId={null} onClose={() => {}} />);
      const d = dialog();
      await pick(d, 'Content Type', contentName);
      const topic = d.getByRole('checkbox', { name: 'Algebra', exact: true });
      await topic.click();
      for (const [i, [type, typeName]] of types.entries()) {
        const last = i === types.length - 1;
        await fill(d, type, typeName, content);
        // "Add more" kept the content type and the topic
        await expect
          .element(d.getByRole('combobox', { name: /^Content Type/ }))
          .toHaveTextContent(contentName);
        await expect.element(topic).toBeChecked();
        if (content === ContentType.Text && type === QuestionType.MCQ) {
          // a question image, uploaded, shown in the form and in the preview
          const input = document.querySelector<HTMLInputElement>(
            'input[type=file][aria-label="Question image"]',
          );
          if (!input) throw new Error('no image input');
          await userEvent.upload(
            page.elementLocator(input),
            new File([PNG], 'dot.png', { type: 'image/png' }),
          );
          await expect.element(d.getByRole('img', { name: 'Question image' })).toBeInTheDocument();
        }
        // the live rendering under the field
        if (content === ContentType.LaTeX)
          await expect
            .poll(() =>
              d.getByRole('region', { name: 'Question Text rendered' }).element().querySelector('.katex'),
            )
            .toBeTruthy();
        if (type === QuestionType.MCQ) await checkA11y();
        await preview(d, type, content);

        await d.getByRole('button', { name: last ? 'Save' : 'Add more', exact: true }).click();
        await expect.poll(() => fakeApi.requestsTo(qb.create).length).toBe(i + 1);
        await expect.element(page.getByRole('alert').filter({ hasText: m.created })).toBeVisible();
        expectBody(fakeApi.requestsTo(qb.create)[i].body, type, content);
        // the next question starts from an empty code
        if (!last) await expect.element(d.getByLabelText(/^Code/)).toHaveValue('');
      }
      // four questions through the whole dialog: ~28 s idle, 94–187 s in loaded CI runs (180 s was missed once)
    }, 300_000);
});

describe('Create Question: the Expiry Date', () => {
  it('reads DD-Mon-YYYY once picked and is sent as yyyy-mm-dd', async () => {
    fakeBank();
    await renderApp(<QuestionDialog questionId={null} onClose={() => {}} />);
    const d = dialog();
    await d.getByRole('checkbox', { name: 'Algebra', exact: true }).click();
    await fill(d, QuestionType.SCQ, 'SCQ', ContentType.Text);
    // a native date input showed the browser's own mm/dd/yyyy
    await setDay(d, 'Expiry Date', '2030-06-15');
    expect(dayShown(d, 'Expiry Date')).toBe('15-Jun-2030');
    await d.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => fakeApi.requestsTo(qb.create).length).toBe(1);
    expect(fakeApi.requestsTo(qb.create)[0].body).toMatchObject({ expiryDate: '2030-06-15' });
  }, 60_000);
});
