import { ZIP_ANSWERS_FILE, ZIP_SOLUTIONS_FOLDER, zipAnswerColumns } from '@assess/contracts/question-imports';
import * as XLSX from '@e965/xlsx';
import sharp from 'sharp';
import yazl from 'yazl';

/** The hierarchy the example is made for: a root category and the folders (categories, topics) to a topic. */
export type ExampleTarget = { rootName: string; path: string[]; codePrefix: string };
/** Without a selected topic: a hierarchy the user creates first (or renames to theirs). */
export const defaultExampleTarget: ExampleTarget = {
  rootName: 'Science',
  path: ['Physics'],
  codePrefix: 'EX',
};

type ExampleQuestion = {
  folder: 'SCQ' | 'MCQ' | 'TF' | 'Numerical';
  lines: string[];
  answer: string;
  difficulty: string;
  solution?: string;
};
const questions: ExampleQuestion[] = [
  {
    folder: 'SCQ',
    lines: ['What is 2 + 3?', '(a) 4   (b) 5   (c) 6   (d) 7'],
    answer: 'b',
    difficulty: 'LOW',
    solution: '2 + 3 = 5',
  },
  {
    folder: 'SCQ',
    lines: ['Which planet is the largest?', '(a) Mars  (b) Earth  (c) Jupiter  (d) Venus'],
    answer: 'c',
    difficulty: 'MEDIUM',
  },
  {
    folder: 'MCQ',
    lines: ['Which numbers are prime?', '(a) 2   (b) 4   (c) 7   (d) 9'],
    answer: 'a,c',
    difficulty: 'MEDIUM',
    solution: '2 and 7 have no other divisors',
  },
  {
    folder: 'MCQ',
    lines: ['Which are SI base units?', '(a) metre  (b) litre  (c) second  (d) kilogram'],
    answer: 'a, c, d',
    difficulty: 'HIGH',
  },
  { folder: 'TF', lines: ['Water boils at 100 °C at sea level.'], answer: 'True', difficulty: '1' },
  {
    folder: 'TF',
    lines: ['Sound travels faster than light.'],
    answer: 'False',
    difficulty: '2',
    solution: 'Light is about 880,000 times faster',
  },
  { folder: 'Numerical', lines: ['How many sides has a hexagon?'], answer: '6', difficulty: '' },
  { folder: 'Numerical', lines: ['g in m/s² to one decimal place?'], answer: '9.8', difficulty: '3' },
];

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A small PNG with the lines of text (what a scanned question looks like). */
export async function textImage(lines: readonly string[], width = 560): Promise<Buffer> {
  const height = 40 + lines.length * 32;
  const text = lines
    .map(
      (l, i) =>
        `<text x="20" y="${40 + i * 32}" font-family="sans-serif" font-size="20">${escapeXml(l)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** An Answers.xlsx of rows [code, answer, difficulty] under the documented header. */
export function answersWorkbook(rows: readonly (readonly unknown[])[]): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    wb,
    XLSX.utils.aoa_to_sheet([[...zipAnswerColumns], ...rows.map((r) => [...r])]),
    'Answers',
  );
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** Collects yazl's output. */
export function zipToBuffer(zip: yazl.ZipFile): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
    zip.end();
  });
}

/**
 * The example zip of docs/question-zip-layout.md, made in code (no seed needed): `<root>.zip` holding
 * `<root>/<path…>/` with the four question-type folders, two image questions each, some solutions and
 * Answers.xlsx. Codes are `<prefix>-<type>-<n>`, so importing it twice writes nothing new.
 */
export async function buildExampleZip(target: ExampleTarget): Promise<{ fileName: string; data: Buffer }> {
  const zip = new yazl.ZipFile();
  const base = [target.rootName, ...target.path].join('/');
  const mtime = new Date('2026-01-01T00:00:00Z');
  const rows: string[][] = [];
  const count: Record<string, number> = {};
  for (const q of questions) {
    count[q.folder] = (count[q.folder] ?? 0) + 1;
    const code = `${target.codePrefix}-${q.folder.slice(0, 3).toUpperCase()}-${count[q.folder]}`;
    zip.addBuffer(await textImage(q.lines), `${base}/${q.folder}/${code}.png`, { mtime });
    if (q.solution)
      zip.addBuffer(
        await textImage([`Solution: ${q.solution}`]),
        `${base}/${q.folder}/${ZIP_SOLUTIONS_FOLDER}/${code}.png`,
        {
          mtime,
        },
      );
    rows.push([code, q.answer, q.difficulty]);
  }
  zip.addBuffer(answersWorkbook(rows), `${base}/${ZIP_ANSWERS_FILE}`, { mtime });
  return { fileName: `${target.rootName}.zip`, data: await zipToBuffer(zip) };
}
