import { spreadsheetMessages as m, SPREADSHEET_COLUMNS } from '@assess/contracts/question-imports';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import {
  difficultyOf,
  InvalidSpreadsheet,
  normaliseAnswer,
  parseQuestionWorkbook,
} from './spreadsheet.parser';
import { questionWorkbook } from './spreadsheet.template';

describe('spreadsheet rules (§5)', () => {
  it('difficulty: LOW/MEDIUM/HIGH or 1–3 in any case, blank = 2, anything else refused', () => {
    expect([
      difficultyOf('low'),
      difficultyOf(' Medium '),
      difficultyOf('HIGH'),
      difficultyOf('3'),
      difficultyOf(null),
    ]).toEqual([1, 2, 3, 3, 2]);
    expect(difficultyOf('4')).toBeNull();
    expect(difficultyOf('hard')).toBeNull();
  });

  it('answers compare ignoring case, surrounding spaces, ( ) and comma', () => {
    expect(normaliseAnswer(' (B) ')).toBe('b');
    expect(normaliseAnswer('1,000')).toBe('1000');
    expect(normaliseAnswer('TRUE')).toBe('true');
  });
});

describe('parseQuestionWorkbook', () => {
  it('the template: two questions per sheet, choices from the rows below the code, X marks the answers', async () => {
    const book = await parseQuestionWorkbook(questionWorkbook(), 'xlsx');
    expect(book.sheets.map((s) => [s.name, s.questions.length, s.invalid.length])).toEqual([
      ['Multiple Choice Questions', 2, 0],
      ['Single Choice Questions', 2, 0],
      ['True False', 2, 0],
      ['NUMERICAL', 2, 0],
    ]);
    const [mcq1] = book.sheets[0].questions;
    expect(mcq1).toMatchObject({
      code: 'MCQ-EX-1',
      row: 2,
      choices: ['2', '3', '4', '9'],
      correctChoices: [1, 2],
      difficultyLevel: 1,
    });
    expect(book.sheets[3].questions[1]).toMatchObject({
      numericAnswer: 3.14,
      tolerance: 0.01,
      choices: [],
      difficultyLevel: 3,
    });
    expect(book.sheets[3].questions[0]).toMatchObject({ numericAnswer: 6, tolerance: null });
  });

  it('a numerical tolerance must be a number of zero or more (issue 27)', async () => {
    const num = (code: string, tolerance: string | number) => [
      { 'Question Code': code, Question: 'q', Choice: 3.14, 'Is Answer': 'X', Tolerance: tolerance },
    ];
    const book = await parseQuestionWorkbook(
      questionWorkbook({ NUMERICAL: [num('T-NEG', -1), num('T-TEXT', 'about'), num('T-OK', '0.5')] }),
      'xlsx',
    );
    expect(book.sheets[3].invalid.map((i) => [i.code, i.reason])).toEqual([
      ['T-NEG', m.tolerance],
      ['T-TEXT', m.tolerance],
    ]);
    expect(book.sheets[3].questions).toMatchObject([{ code: 'T-OK', numericAnswer: 3.14, tolerance: 0.5 }]);
  });

  it('a choice row before any code is reported with its row; more than six choices is invalid', async () => {
    const seven = Array.from({ length: 7 }, (_, i) => ({
      Choice: `c${i}`,
      'Is Answer': i === 0 ? 'X' : undefined,
    }));
    const book = await parseQuestionWorkbook(
      questionWorkbook({
        'Single Choice Questions': [
          [{ Choice: 'orphan' }],
          [{ 'Question Code': 'SEVEN', Question: 'q', ...seven[0] }, ...seven.slice(1)],
        ],
      }),
      'xlsx',
    );
    expect(book.sheets[1].invalid).toEqual([
      { code: '', sheet: 'Single Choice Questions', row: 2, reason: m.choiceBeforeCode },
      {
        code: 'SEVEN',
        sheet: 'Single Choice Questions',
        row: 3,
        reason: 'A question has at most 6 choices.',
      },
    ]);
  });

  it('a code over 20 characters gets the length message; spaces or other characters the special-characters one', async () => {
    const q = (code: string) => [
      { 'Question Code': code, Question: 'q', Choice: 'a', 'Is Answer': 'X' },
      { Choice: 'b' },
    ];
    const book = await parseQuestionWorkbook(
      questionWorkbook({
        'Single Choice Questions': [q('A'.repeat(21)), q('BAD CODE'), q('B'.repeat(20))],
      }),
      'xlsx',
    );
    expect(book.sheets[1].invalid.map((i) => [i.code, i.reason])).toEqual([
      ['A'.repeat(21), 'Code can be at most 20 characters.'],
      ['BAD CODE', 'Spaces and special characters are not allowd in code.'],
    ]);
    expect(book.sheets[1].questions.map((x) => x.code)).toEqual(['B'.repeat(20)]);
  });

  it('refuses a sheet without one of the columns, naming both', async () => {
    const wb = XLSX.utils.book_new();
    const header = SPREADSHEET_COLUMNS.filter((c) => c !== 'Is Answer');
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([header, ['Q1']]), 'NUMERICAL');
    const buf = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    await expect(parseQuestionWorkbook(buf, 'xlsx')).rejects.toEqual(
      new InvalidSpreadsheet(m.missingColumn('NUMERICAL', 'Is Answer')),
    );
  });
});
