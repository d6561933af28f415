import { Difficulty, QuestionType } from '@assess/contracts/questions';
import * as XLSX from '@e965/xlsx';
import { readZip } from './zip.archive';

/** A row of Answers.xlsx: the question code, its answer and difficulty as written (sheetRow 1-based). */
export type AnswerRow = { sheetRow: number; code: string; answer: unknown; difficulty: unknown };

/** §9: the default difficulty of an import is 2. */
export const IMPORT_DIFFICULTY_DEFAULT = Difficulty.Medium;
const MAX_ANSWER_ROWS = 20_000;
/** Answers.xlsx's parts unpack to at most this (20,000 rows take about 2 MB). */
const ANSWERS_MAX_UNPACKED = 8 * 1024 * 1024;

const header = (v: unknown) =>
  String(v ?? '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
const columns = {
  code: ['questioncode', 'code', 'question', 'questionname', 'filename'],
  answer: ['answer', 'answers', 'correctanswer', 'correctanswers', 'isanswer'],
  difficulty: ['difficultylevel', 'difficulty', 'level'],
};
const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && !v.trim());

/**
 * Reads the first sheet of Answers.xlsx: the header row (Question Code, Answer, optional Difficulty Level; the
 * first non-blank row) and the rows below it. The workbook is itself a zip: its parts are unpacked first with
 * the zip limits (a bomb inside the workbook is refused before SheetJS sees it). Returns null when the file
 * cannot be read as such a workbook.
 */
export async function readAnswers(buf: Buffer): Promise<AnswerRow[] | null> {
  const parts = await readZip(buf, {
    maxEntries: 500,
    // Small enough for SheetJS's synchronous parse not to hold the event loop for long.
    maxUnpackedBytes: ANSWERS_MAX_UNPACKED,
    maxEntryBytes: ANSWERS_MAX_UNPACKED,
    refuseNested: false,
  });
  if (parts.problems.size) return null;
  let wb: XLSX.WorkBook;
  try {
    wb = XLSX.read(buf, {
      type: 'buffer',
      dense: true,
      sheetRows: MAX_ANSWER_ROWS,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
    });
  } catch {
    return null;
  }
  const ws = wb.SheetNames[0] ? wb.Sheets[wb.SheetNames[0]] : undefined;
  if (!ws?.['!ref']) return null;
  const grid = XLSX.utils.sheet_to_json<unknown[]>(ws, {
    header: 1,
    raw: true,
    defval: null,
    blankrows: true,
  });
  const at = grid.findIndex((r) => Array.isArray(r) && r.some((v) => !blank(v)));
  if (at < 0) return null;
  const names = grid[at].map(header);
  const col = (k: keyof typeof columns) => names.findIndex((n) => columns[k].includes(n));
  const [c, a, d] = [col('code'), col('answer'), col('difficulty')];
  if (c < 0 || a < 0) return null;
  const rows: AnswerRow[] = [];
  for (let i = at + 1; i < grid.length; i++) {
    const r = grid[i] ?? [];
    if (blank(r[c]) && blank(r[a])) continue;
    rows.push({
      sheetRow: i + 1,
      code: String(r[c] ?? '')
        .trim()
        .replace(/\.(png|jpe?g|gif|webp)$/i, ''),
      answer: r[a] ?? null,
      difficulty: d >= 0 ? (r[d] ?? null) : null,
    });
  }
  return rows;
}

const ROMAN = ['i', 'ii', 'iii', 'iv', 'v', 'vi'];

/** One choice named as printed on the image: a–f, A–F, 1–6 or i–vi, with any '(' ')' '.' around it. */
function choiceNumber(token: string): number | null {
  const t = token.toLowerCase();
  if (/^[a-f]$/.test(t)) return t.charCodeAt(0) - 96;
  if (/^[1-6]$/.test(t)) return Number(t);
  const r = ROMAN.indexOf(t);
  return r >= 0 ? r + 1 : null;
}

export type ParsedAnswer = { correctChoices: number[]; numericAnswer: number | null };

/**
 * The answer of a question of `type` as written in Answers.xlsx, or null when it does not fit: SCQ one
 * choice, MCQ one or more separated by commas or spaces (each within `numberOfChoices`), TF True/False (T/F),
 * Numerical a number. Comparison ignores case, surrounding spaces and '(' ')' ','.
 */
export function parseAnswer(type: number, raw: unknown, numberOfChoices: number): ParsedAnswer | null {
  if (blank(raw)) return null;
  if (type === QuestionType.Numerical) {
    const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
    return Number.isFinite(n) ? { correctChoices: [], numericAnswer: n } : null;
  }
  if (type === QuestionType.TrueFalse) {
    const t = typeof raw === 'boolean' ? String(raw) : String(raw).trim().toLowerCase();
    if (t === 'true' || t === 't') return { correctChoices: [1], numericAnswer: null };
    if (t === 'false' || t === 'f') return { correctChoices: [2], numericAnswer: null };
    return null;
  }
  const tokens = String(raw)
    .replace(/[().]/g, ' ')
    .split(/[\s,;]+/)
    .filter(Boolean);
  const ids = tokens.map(choiceNumber);
  if (!ids.length || ids.some((n) => n === null || n > numberOfChoices)) return null;
  const unique = [...new Set(ids as number[])].sort((x, y) => x - y);
  if (type === QuestionType.SCQ && unique.length !== 1) return null;
  return { correctChoices: unique, numericAnswer: null };
}

/** Difficulty as LOW/MEDIUM/HIGH (or Easy/Difficult) or 1–3; blank = 2. Null when it is something else. */
export function parseDifficulty(raw: unknown): number | null {
  if (blank(raw)) return IMPORT_DIFFICULTY_DEFAULT;
  const t = String(raw).trim().toLowerCase();
  if (t === 'low' || t === 'easy' || t === '1') return Difficulty.Easy;
  if (t === 'medium' || t === '2') return Difficulty.Medium;
  if (t === 'high' || t === 'difficult' || t === '3') return Difficulty.Difficult;
  return null;
}
