import {
  SPREADSHEET_COLUMNS,
  SPREADSHEET_SHEETS,
  SPREADSHEET_TOLERANCE_COLUMN,
  SPREADSHEET_WEIGHT_COLUMN,
} from '@assess/contracts/question-imports';
import * as XLSX from '@e965/xlsx';

type Example = Partial<
  Record<
    | (typeof SPREADSHEET_COLUMNS)[number]
    | typeof SPREADSHEET_TOLERANCE_COLUMN
    | typeof SPREADSHEET_WEIGHT_COLUMN,
    string | number
  >
>;

/** Two example questions per sheet: the first row holds the question and its first choice, each next row a choice. */
const examples: Record<string, Example[][]> = {
  'Multiple Choice Questions': [
    [
      {
        'Question Code': 'MCQ-EX-1',
        Question: 'Which of these are prime numbers?',
        Hint: 'A prime has exactly two divisors.',
        'Solution Text': '2 and 3 are prime; 4 and 9 are not.',
        'Feedback right': 'Well done.',
        'Feedback wrong': 'Check the divisors again.',
        'Difficulty level': 'LOW',
        Choice: '2',
        'Is Answer': 'X',
      },
      { Choice: '3', 'Is Answer': 'X' },
      { Choice: '4' },
      { Choice: '9' },
    ],
    [
      {
        'Question Code': 'MCQ-EX-2',
        Question: 'Which are SI base units?',
        'Difficulty level': 2,
        Choice: 'metre',
        'Is Answer': 'X',
      },
      { Choice: 'newton' },
      { Choice: 'kilogram', 'Is Answer': 'X' },
      { Choice: 'joule' },
    ],
  ],
  'Single Choice Questions': [
    [
      {
        'Question Code': 'SCQ-EX-1',
        Question: 'What is the capital of France?',
        'Difficulty level': 'LOW',
        Choice: 'Paris',
        'Is Answer': 'X',
      },
      { Choice: 'Lyon' },
      { Choice: 'Marseille' },
      { Choice: 'Nice' },
    ],
    [
      {
        'Question Code': 'SCQ-EX-2',
        Question: 'What is $\\sqrt{49}$?',
        'Description ?': 'Square roots',
        'Difficulty level': 'MEDIUM',
        Choice: '6',
      },
      { Choice: '7', 'Is Answer': 'X' },
      { Choice: '8' },
    ],
  ],
  'True False': [
    [
      {
        'Question Code': 'TF-EX-1',
        Question: 'Water boils at 100 °C at sea level.',
        'Difficulty level': 'LOW',
        Choice: 'True',
        'Is Answer': 'X',
      },
      { Choice: 'False' },
    ],
    [
      {
        'Question Code': 'TF-EX-2',
        Question: 'The Sun orbits the Earth.',
        'Difficulty level': 'HIGH',
        Choice: 'True',
      },
      { Choice: 'False', 'Is Answer': 'X' },
    ],
  ],
  NUMERICAL: [
    [
      {
        'Question Code': 'NUM-EX-1',
        Question: 'How many sides does a hexagon have?',
        'Difficulty level': 1,
        Choice: 6,
        'Is Answer': 'X',
      },
    ],
    [
      {
        'Question Code': 'NUM-EX-2',
        Question: 'What is 22 ÷ 7, to two decimal places?',
        'Solution Text': '22 ÷ 7 = 3.142857…; any answer from 3.13 to 3.15 counts (Tolerance 0.01)',
        'Difficulty level': 3,
        Choice: 3.14,
        'Is Answer': 'X',
        Tolerance: 0.01,
      },
    ],
  ],
};

/**
 * A workbook with the four sheets and the columns (§3, §5); `questions` replaces the examples (tests, bench). A
 * sheet gets the optional 'Weight (%)' column (issue 26) when one of its rows has a weight.
 */
export function questionWorkbook(
  questions: Record<string, Example[][]> = examples,
  bookType: 'xlsx' | 'biff8' = 'xlsx',
) {
  const wb = XLSX.utils.book_new();
  for (const sheet of SPREADSHEET_SHEETS) {
    const given = (questions[sheet.name] ?? []).flat();
    const columns: (keyof Example)[] = [...SPREADSHEET_COLUMNS];
    // the optional Tolerance column (issue 27) on the Numerical sheet; Weight (%) when a row has one (issue 26)
    if (sheet.questionType === 4) columns.push(SPREADSHEET_TOLERANCE_COLUMN);
    if (given.some((r) => r[SPREADSHEET_WEIGHT_COLUMN] !== undefined))
      columns.push(SPREADSHEET_WEIGHT_COLUMN);
    const rows = given.map((r) => columns.map((c) => r[c] ?? null));
    const ws = XLSX.utils.aoa_to_sheet([columns, ...rows]);
    ws['!cols'] = columns.map((c) => ({ wch: Math.max(12, c.length + 2) }));
    XLSX.utils.book_append_sheet(wb, ws, sheet.name);
  }
  return XLSX.write(wb, { type: 'buffer', bookType, compression: true }) as Buffer;
}
export type ExampleRow = Example;
