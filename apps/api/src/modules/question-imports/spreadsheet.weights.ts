import { spreadsheetMessages as m } from '@assess/contracts/question-imports';
import {
  type Choice,
  choiceWeightIssue,
  questionMessages as qm,
  weightedCorrectChoices,
} from '@assess/contracts/questions';

/** One row of a question as the weights see it: the choice typed there and the 'Weight (%)' cell. */
type WeightRow = { choice: string | null; weight: unknown };

const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';

/** A weight as typed: a number, or text such as '50', '50%', '-100 %', '33.3'; NaN when it is none. */
function weightIn(raw: unknown): number {
  if (typeof raw === 'number') return raw;
  const s = String(raw).trim().replace(/\s+/g, '').replace(/%$/, '');
  return s === '' ? Number.NaN : Number(s);
}

/**
 * The choice weights of one question's rows (issue 26; contracts: SPREADSHEET_WEIGHT_COLUMN): null when no row
 * has one (all or nothing), else one weight per filled choice (an empty cell beside a choice = 0) and the
 * correct choices they imply, checked by the editor's rules; or the reason the question is refused. `marked`
 * are the choices 'Is Answer' marks: none, or exactly the ones the weights make correct.
 */
export function sheetWeights(
  questionType: 1 | 2 | 3 | 4,
  rows: readonly WeightRow[],
  marked: readonly number[],
): { weights: number[]; correctChoices: number[] } | { reason: string } | null {
  if (rows.every((r) => blank(r.weight))) return null;
  if (questionType !== 1 && questionType !== 2) return { reason: qm.weightsChoiceOnly };
  if (rows.some((r) => r.choice === null && !blank(r.weight))) return { reason: m.weightWithoutChoice };
  let weights = rows.filter((r) => r.choice !== null).map((r) => (blank(r.weight) ? 0 : weightIn(r.weight)));
  if (weights.some((w) => !Number.isFinite(w))) return { reason: qm.weightRange };
  // An Excel percentage cell holds 50 % as 0.5. Weights that are all between -1 and 1 cannot be percentages
  // of a valid question (an MCQ's positive ones add up to 100, an SCQ has one at 100): they are fractions.
  if (weights.every((w) => Math.abs(w) <= 1)) weights = weights.map((w) => Math.round(w * 1e6) / 1e4);
  const choices: Choice[] = rows
    .filter((r) => r.choice !== null)
    .map((r, i) => ({ text: r.choice, image: null, weight: weights[i] }));
  const correctChoices = weightedCorrectChoices(questionType, choices);
  const given = [...new Set(marked)].sort((a, b) => a - b);
  if (!correctChoices.length) return { reason: qm.weightsMatchAnswers };
  if (given.length && given.join() !== correctChoices.join()) return { reason: qm.weightsMatchAnswers };
  const issue = choiceWeightIssue({ questionType, choices, correctChoices });
  return issue ? { reason: issue } : { weights, correctChoices };
}
