import {
  type InvalidQuestion,
  spreadsheetMessages as m,
  SPREADSHEET_COLUMNS,
  SPREADSHEET_MAX_QUESTIONS,
  SPREADSHEET_MAX_ROWS,
  SPREADSHEET_SHEETS,
  SPREADSHEET_TOLERANCE_COLUMN,
  SPREADSHEET_WEIGHT_COLUMN,
  type SpreadsheetColumn,
} from '@assess/contracts/question-imports';
import { questionMessages as qm, questionCodeIssue } from '@assess/contracts/questions';
import * as XLSX from '@e965/xlsx';
import { openWorkbook } from '../../platform/files/workbook';
import { sheetWeights } from './spreadsheet.weights';

/** A file that cannot be uploaded: the message says why (shown after 'File not uploaded please upload valid file.'). */
export class InvalidSpreadsheet extends Error {}

/** One question as read from its rows: texts as typed, images by file name, the answer resolved. */
export type SheetQuestion = {
  sheet: string;
  row: number;
  code: string;
  questionType: 1 | 2 | 3 | 4;
  text: string | null;
  imageName: string | null;
  hint: string | null;
  objectiveName: string | null;
  solutionImageName: string | null;
  solutionText: string | null;
  passFeedback: string | null;
  failFeedback: string | null;
  paragraphText: string | null;
  difficultyLevel: 1 | 2 | 3;
  choices: string[];
  correctChoices: number[];
  numericAnswer: number | null;
  /** Numerical: the optional Tolerance column (null: exact). */
  tolerance: number | null;
  /** MCQ/SCQ: the optional 'Weight (%)' column, one per choice (null: all or nothing; issue 26). */
  weights: number[] | null;
};
export type ParsedWorkbook = {
  sheets: { name: string; questions: SheetQuestion[]; invalid: InvalidQuestion[] }[];
};

const MAX_CHOICES = 6;

/** §5: answers are compared ignoring case, surrounding spaces and the characters ( ) and comma. */
export const normaliseAnswer = (v: string) => v.toLowerCase().replace(/[(),]/g, '').trim();
const headerKey = (v: string) => v.toLowerCase().replace(/[^a-z0-9]/g, '');
const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s ? s : null;
};
const LETTERS = 'abcdef';

/** §5 difficulty: LOW/MEDIUM/HIGH or 1–3; empty = 2. */
export function difficultyOf(v: string | null): 1 | 2 | 3 | null {
  if (v === null) return 2;
  const d = normaliseAnswer(v);
  if (d === 'low' || d === '1') return 1;
  if (d === 'medium' || d === '2') return 2;
  if (d === 'high' || d === '3') return 3;
  return null;
}

type Rows = { row: number; cells: Record<SpreadsheetColumn, unknown>; tolerance: unknown; weight: unknown }[];

/** A number typed in a cell (a number, or text such as '2.50' or '(3)'); NaN when it is none. */
const numberIn = (raw: unknown) =>
  typeof raw === 'number'
    ? raw
    : raw == null
      ? Number.NaN
      : Number(normaliseAnswer(String(raw)).replace(/\s/g, ''));

/** Choices, the answer and the checks of one question's rows; returns the reason it is invalid, or the question. */
function finish(sheet: string, questionType: 1 | 2 | 3 | 4, rows: Rows): SheetQuestion | { reason: string } {
  const first = rows[0].cells;
  const code = text(first['Question Code']) ?? '';
  const codeIssue = questionCodeIssue(code);
  if (codeIssue) return { reason: codeIssue };
  const difficultyLevel = difficultyOf(text(first['Difficulty level']));
  if (difficultyLevel === null) return { reason: m.difficulty };
  const base = {
    sheet,
    row: rows[0].row,
    code,
    questionType,
    text: text(first.Question),
    imageName: text(first['Question Image ?']),
    hint: text(first.Hint),
    objectiveName: text(first.Objective),
    solutionImageName: text(first.Solution),
    solutionText: text(first['Solution Text']),
    passFeedback: text(first['Feedback right']),
    failFeedback: text(first['Feedback wrong']),
    paragraphText: text(first['Description ?']),
    difficultyLevel,
  };
  const marks = rows.map((r) => text(r.cells['Is Answer']));
  if (questionType > 2 && rows.some((r) => text(r.weight) !== null)) return { reason: qm.weightsChoiceOnly };
  if (questionType === 4) {
    const raw =
      rows.map((r) => r.cells.Choice).find((v) => text(v) !== null) ??
      marks.find((v) => v !== null && normaliseAnswer(v) !== 'x');
    const n = numberIn(raw);
    if (!Number.isFinite(n)) return { reason: m.numericAnswer };
    const tolRaw = rows.map((r) => r.tolerance).find((v) => text(v) !== null);
    const tolerance = tolRaw === undefined ? 0 : numberIn(tolRaw);
    if (!Number.isFinite(tolerance) || tolerance < 0) return { reason: m.tolerance };
    return {
      ...base,
      choices: [],
      correctChoices: [],
      numericAnswer: n,
      tolerance: tolerance || null,
      weights: null,
    };
  }
  const choices = rows.map((r) => text(r.cells.Choice));
  const filled = choices.filter((c): c is string => c !== null);
  // §5: a mark is 'X' on the choice's own row, or names a choice (its text or label: 'b', '(b)', '2').
  const correct = new Set<number>();
  const named = (mark: string) => {
    const k = normaliseAnswer(mark);
    const byText = filled.findIndex((c) => normaliseAnswer(c) === k);
    if (byText >= 0) return byText + 1;
    const byLetter = LETTERS.indexOf(k);
    if (k.length === 1 && byLetter >= 0 && byLetter < filled.length) return byLetter + 1;
    const byNumber = Number(k);
    return Number.isInteger(byNumber) && byNumber >= 1 && byNumber <= filled.length ? byNumber : 0;
  };
  let position = 0;
  for (const [i, c] of choices.entries()) {
    const mark = marks[i];
    if (c !== null) position++;
    if (mark === null) continue;
    if (normaliseAnswer(mark) === 'x') {
      if (c !== null) correct.add(position);
    } else {
      const id = named(mark);
      if (id) correct.add(id);
    }
  }
  if (questionType === 3) {
    // True/False: the fixed pair; the marked row's choice (or a mark) says which one.
    const truth = new Set<number>();
    for (const [i, c] of choices.entries()) {
      const mark = marks[i];
      if (mark === null) continue;
      const k = normaliseAnswer(mark) === 'x' ? normaliseAnswer(c ?? '') : normaliseAnswer(mark);
      if (k === 'true') truth.add(1);
      else if (k === 'false') truth.add(2);
      else return { reason: m.trueFalseChoice };
    }
    if (filled.some((c) => !['true', 'false'].includes(normaliseAnswer(c))))
      return { reason: m.trueFalseChoice };
    if (truth.size !== 1) return { reason: truth.size ? m.oneAnswer : m.noAnswer };
    return {
      ...base,
      choices: ['True', 'False'],
      correctChoices: [...truth],
      numericAnswer: null,
      tolerance: null,
      weights: null,
    };
  }
  if (!filled.length) return { reason: m.noChoices };
  if (filled.length > MAX_CHOICES) return { reason: qm.tooManyChoices };
  const weighted = sheetWeights(
    questionType,
    rows.map((r, i) => ({ choice: choices[i], weight: r.weight })),
    [...correct],
  );
  if (weighted && 'reason' in weighted) return weighted;
  if (weighted) return { ...base, choices: filled, ...weighted, numericAnswer: null, tolerance: null };
  if (!correct.size) return { reason: m.noAnswer };
  if (questionType === 2 && correct.size > 1) return { reason: m.oneAnswer };
  return {
    ...base,
    choices: filled,
    correctChoices: [...correct].sort((a, b) => a - b),
    numericAnswer: null,
    tolerance: null,
    weights: null,
  };
}

/** One sheet's questions: a row with a Question Code starts a question, the rows after it add choices. */
function readSheet(ws: XLSX.WorkSheet, name: string, questionType: 1 | 2 | 3 | 4) {
  const grid = XLSX.utils.sheet_to_json<unknown[]>(ws, {
    header: 1,
    raw: true,
    defval: null,
    blankrows: false,
  });
  const range = XLSX.utils.decode_range(ws['!ref'] ?? 'A1');
  const headerAt = grid.findIndex((r) => r.some((v) => text(v) !== null));
  if (headerAt < 0) return { name, questions: [], invalid: [] };
  const header = grid[headerAt].map((v) => headerKey(String(v ?? '')));
  const at = {} as Record<SpreadsheetColumn, number>;
  for (const col of SPREADSHEET_COLUMNS) {
    const i = header.indexOf(headerKey(col));
    if (i < 0) throw new InvalidSpreadsheet(m.missingColumn(name, col));
    at[col] = i;
  }
  const toleranceAt = header.indexOf(headerKey(SPREADSHEET_TOLERANCE_COLUMN));
  const weightAt = header.indexOf(headerKey(SPREADSHEET_WEIGHT_COLUMN));
  const questions: SheetQuestion[] = [];
  const invalid: InvalidQuestion[] = [];
  let current: Rows | null = null;
  const close = () => {
    if (!current) return;
    const q = finish(name, questionType, current);
    if ('reason' in q)
      invalid.push({
        code: text(current[0].cells['Question Code']) ?? '',
        sheet: name,
        row: current[0].row,
        reason: q.reason,
      });
    else questions.push(q);
    current = null;
  };
  for (let i = headerAt + 1; i < grid.length; i++) {
    const r = grid[i];
    const cells = {} as Record<SpreadsheetColumn, unknown>;
    for (const col of SPREADSHEET_COLUMNS) cells[col] = r[at[col]] ?? null;
    const row = range.s.r + i + 1;
    const tolerance = toleranceAt >= 0 ? (r[toleranceAt] ?? null) : null;
    const weight = weightAt >= 0 ? (r[weightAt] ?? null) : null;
    if (SPREADSHEET_COLUMNS.every((c) => text(cells[c]) === null) && text(weight) === null) continue;
    if (text(cells['Question Code']) !== null) {
      close();
      current = [{ row, cells, tolerance, weight }];
    } else if (current) (current as Rows).push({ row, cells, tolerance, weight });
    else invalid.push({ code: '', sheet: name, row, reason: m.choiceBeforeCode });
  }
  close();
  return { name, questions, invalid };
}

/**
 * Reads the four question sheets of an .xls or .xlsx workbook (SheetJS, the maintained @e965/xlsx build). A file
 * that cannot be read as a whole throws InvalidSpreadsheet with the reason: damaged, password-protected, an .xlsx
 * that would unpack to more than 150 MB, none of the four sheets, a sheet without one of the columns, more rows
 * than SPREADSHEET_MAX_ROWS or questions than SPREADSHEET_MAX_QUESTIONS. A question that is not valid is listed
 * in its sheet's `invalid` with the reason; the others are returned with their answers resolved.
 */
export async function parseQuestionWorkbook(buf: Buffer, kind: 'xls' | 'xlsx'): Promise<ParsedWorkbook> {
  const wb = await openWorkbook(
    buf,
    kind,
    SPREADSHEET_MAX_ROWS,
    (err) =>
      new InvalidSpreadsheet(/password|encrypt/i.test(err?.message ?? '') ? m.passwordProtected : m.corrupt),
  );
  const present = SPREADSHEET_SHEETS.map((s) => ({
    ...s,
    sheetName: wb.SheetNames.find((n) => n.trim().toLowerCase() === s.name.toLowerCase()),
  })).filter((s) => s.sheetName !== undefined);
  if (!present.length) throw new InvalidSpreadsheet(m.noSheets);
  let rows = 0;
  for (const s of present) {
    const ws = wb.Sheets[s.sheetName as string];
    const full = ws?.['!fullref'] ?? ws?.['!ref'];
    if (full) {
      const r = XLSX.utils.decode_range(full);
      rows += r.e.r - r.s.r + 1;
    }
  }
  if (rows > SPREADSHEET_MAX_ROWS) throw new InvalidSpreadsheet(m.tooManyRows(SPREADSHEET_MAX_ROWS));
  const sheets = present.map((s) => readSheet(wb.Sheets[s.sheetName as string], s.name, s.questionType));
  const count = sheets.reduce((n, s) => n + s.questions.length + s.invalid.length, 0);
  if (count > SPREADSHEET_MAX_QUESTIONS)
    throw new InvalidSpreadsheet(m.tooManyQuestions(SPREADSHEET_MAX_QUESTIONS));
  if (!count) throw new InvalidSpreadsheet(m.noQuestions);
  return { sheets };
}
