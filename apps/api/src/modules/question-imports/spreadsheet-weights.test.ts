import { spreadsheetMessages as m } from '@assess/contracts/question-imports';
import { questionMessages as qm } from '@assess/contracts/questions';
import { describe, expect, it } from 'vitest';
import { parseQuestionWorkbook } from './spreadsheet.parser';
import { type ExampleRow, questionWorkbook } from './spreadsheet.template';

// Issue 26: the optional 'Weight (%)' column of the Multiple Choice and Single Choice sheets (partial credit).
const W = 'Weight (%)';
const question = (code: string, rows: ExampleRow[]): ExampleRow[] => [
  { 'Question Code': code, Question: `Question ${code}`, ...rows[0] },
  ...rows.slice(1),
];
/** A question whose rows hold only a choice and its weight. */
const weighted = (code: string, ...choices: [string, number | string][]) =>
  question(
    code,
    choices.map(([Choice, weight]) => ({ Choice, [W]: weight })),
  );
const parse = async (sheet: string, ...questions: ExampleRow[][]) => {
  const book = await parseQuestionWorkbook(questionWorkbook({ [sheet]: questions }), 'xlsx');
  return book.sheets.find((s) => s.name === sheet) as (typeof book.sheets)[number];
};
const MCQ = 'Multiple Choice Questions';
const SCQ = 'Single Choice Questions';

describe("the 'Weight (%)' column", () => {
  it('MCQ: each choice row its weight; the positive ones are the correct choices, X marks may agree or be left out', async () => {
    const s = await parse(
      MCQ,
      question('W-1', [
        { Choice: 'a', 'Is Answer': 'X', [W]: 50 },
        { Choice: 'b', 'Is Answer': 'X', [W]: '50%' },
        { Choice: 'c', [W]: -100 },
        { Choice: 'd' },
      ]),
      weighted('W-2', ['a', 30], ['b', ' 70 % '], ['c', '-50']),
      question('W-3', [{ Choice: 'a', 'Is Answer': 'X' }, { Choice: 'b' }]),
    );
    expect(s.invalid).toEqual([]);
    expect(s.questions.map((q) => [q.code, q.weights, q.correctChoices])).toEqual([
      ['W-1', [50, 50, -100, 0], [1, 2]],
      ['W-2', [30, 70, -50], [1, 2]],
      // no weight on any row: all or nothing, as before
      ['W-3', null, [1]],
    ]);
  });

  it('an Excel percentage cell (50 % stored as 0.5) and fractions: weights all within -1..1 are read as fractions', async () => {
    const s = await parse(
      MCQ,
      weighted('F-1', ['a', 0.5], ['b', 0.5], ['c', -1]),
      weighted('F-2', ['a', 0.333333], ['b', 0.333333], ['c', 0.333334]),
    );
    expect(s.questions.map((q) => q.weights)).toEqual([
      [50, 50, -100],
      [33.3333, 33.3333, 33.3334],
    ]);
  });

  it('SCQ: the choice at 100 is the correct one, another may earn part', async () => {
    const s = await parse(
      SCQ,
      question('S-1', [
        { Choice: 'exact', 'Is Answer': 'X', [W]: 100 },
        { Choice: 'close', [W]: 50 },
        { Choice: 'far' },
      ]),
    );
    expect(s.questions[0]).toMatchObject({ weights: [100, 50, 0], correctChoices: [1] });
  });

  it('refuses bad weights with the editor’s messages, each question on its own', async () => {
    const s = await parse(
      MCQ,
      weighted('B-TEXT', ['a', 'half'], ['b', 50]),
      weighted('B-RANGE', ['a', 150], ['b', -50]),
      weighted('B-SUM', ['a', 50], ['b', 40], ['c', -100]),
      question('B-MARKS', [
        { Choice: 'a', 'Is Answer': 'X', [W]: 50 },
        { Choice: 'b', [W]: 50 },
      ]),
      weighted('B-NONE', ['a', -50], ['b', 0]),
      question('B-ROW', [{ Choice: 'a', [W]: 100 }, { Choice: 'b' }, { [W]: 20 }]),
      question('OK', [{ Choice: 'a', [W]: 100 }, { Choice: 'b' }]),
    );
    expect(s.invalid.map((q) => [q.code, q.reason])).toEqual([
      ['B-TEXT', qm.weightRange],
      ['B-RANGE', qm.weightRange],
      ['B-SUM', qm.weightsSum],
      ['B-MARKS', qm.weightsMatchAnswers],
      ['B-NONE', qm.weightsMatchAnswers],
      ['B-ROW', m.weightWithoutChoice],
    ]);
    expect(s.questions.map((q) => q.code)).toEqual(['OK']);
    expect(m.weightWithoutChoice).toBe(
      "A weight is given on a row without a choice: put it in the 'Weight (%)' cell of the choice's row.",
    );
  });

  it('SCQ without a choice at 100, and weights on the True False and NUMERICAL sheets, are refused', async () => {
    const scq = await parse(SCQ, weighted('S-NO100', ['a', 50], ['b', 50]));
    expect(scq.invalid.map((q) => q.reason)).toEqual([qm.weightsMatchAnswers]);
    const tf = await parse(
      'True False',
      question('TF-W', [{ Choice: 'True', 'Is Answer': 'X', [W]: 100 }, { Choice: 'False' }]),
    );
    expect(tf.invalid.map((q) => q.reason)).toEqual([qm.weightsChoiceOnly]);
    const num = await parse('NUMERICAL', question('NUM-W', [{ Choice: 3, 'Is Answer': 'X', [W]: 100 }]));
    expect(num.invalid.map((q) => q.reason)).toEqual([qm.weightsChoiceOnly]);
  });
});
