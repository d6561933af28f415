import { zipImportMessages as m } from '@assess/contracts/question-imports';
import { describe, expect, it } from 'vitest';
import { parseAnswer, parseDifficulty } from './zip.answers';
import { safePath, type ZipFile } from './zip.archive';
import { type HierarchyNode, locate, looksLikeImage } from './zip.layout';

const PNG = Buffer.from('\x89PNG\r\n\x1a\n0000', 'latin1');

describe('Answers.xlsx answers (docs/question-zip-layout.md)', () => {
  it('SCQ: one choice as printed, within the number of choices', () => {
    for (const raw of ['b', 'B', '(b)', ' B. ', '2', 'ii', 2])
      expect(parseAnswer(2, raw, 4)).toEqual({ correctChoices: [2], numericAnswer: null });
    expect(parseAnswer(2, 'e', 4)).toBeNull();
    expect(parseAnswer(2, 'e', 5)).toEqual({ correctChoices: [5], numericAnswer: null });
    expect(parseAnswer(2, 'a,b', 4)).toBeNull();
    expect(parseAnswer(2, '', 4)).toBeNull();
    expect(parseAnswer(2, 'g', 6)).toBeNull();
  });
  it('MCQ: one or more, commas or spaces, sorted and unique', () => {
    expect(parseAnswer(1, '(c), a', 4)).toEqual({ correctChoices: [1, 3], numericAnswer: null });
    expect(parseAnswer(1, 'A C C', 4)).toEqual({ correctChoices: [1, 3], numericAnswer: null });
    expect(parseAnswer(1, 'a, x', 4)).toBeNull();
  });
  it('TF and Numerical', () => {
    expect(parseAnswer(3, 'TRUE', 4)?.correctChoices).toEqual([1]);
    expect(parseAnswer(3, true, 4)?.correctChoices).toEqual([1]);
    expect(parseAnswer(3, 'f', 4)?.correctChoices).toEqual([2]);
    expect(parseAnswer(3, 'yes', 4)).toBeNull();
    expect(parseAnswer(4, '9.81', 4)).toEqual({ correctChoices: [], numericAnswer: 9.81 });
    expect(parseAnswer(4, -3, 4)).toEqual({ correctChoices: [], numericAnswer: -3 });
    expect(parseAnswer(4, 'ten', 4)).toBeNull();
  });
  it('difficulty LOW/MEDIUM/HIGH or 1-3, blank = 2', () => {
    expect([null, '', 'low', 'Medium', 'HIGH', 1, '3', 'easy'].map(parseDifficulty)).toEqual([
      2, 2, 1, 2, 3, 1, 3, 1,
    ]);
    expect(parseDifficulty('extreme')).toBeNull();
    expect(parseDifficulty(4)).toBeNull();
  });
});

describe('zip paths and layout', () => {
  it('refuses absolute paths and .. segments; backslashes are separators', () => {
    expect(safePath('a/b.png')).toBe('a/b.png');
    expect(safePath('a\\b.png')).toBe('a/b.png');
    for (const bad of ['/etc/passwd', '../x.png', 'a/../../x', 'C:\\x.png', 'a/./b', '\\\\server\\x'])
      expect(safePath(bad)).toBeNull();
  });
  it('images by magic bytes', () => {
    expect(looksLikeImage(PNG)).toBe(true);
    expect(looksLikeImage(Buffer.from('%PDF-1.4'))).toBe(false);
  });
  it('walks folders down the hierarchy, with or without the top folder', () => {
    const roots: HierarchyNode[] = [
      {
        kind: 'category',
        id: 1,
        name: 'Science',
        children: [{ kind: 'topic', id: 7, name: 'Physics', children: [] }],
      },
    ];
    for (const prefix of ['Science/', '']) {
      const files: ZipFile[] = [
        { path: `${prefix}physics/SCQ/Q1.png`, data: PNG },
        { path: `${prefix}Physics/scq/Solutions/Q1.png`, data: PNG },
        { path: `${prefix}Physics/Answers.xlsx`, data: Buffer.from('x') },
      ];
      const problems = new Map<string, string[]>();
      const found = locate({ zipName: 'science.zip', files, roots, categoryId: null }, problems);
      expect(problems.size).toBe(0);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ topicId: 7, questions: [{ code: 'Q1', typeFolder: 'SCQ' }] });
      expect(found[0].questions[0].solution?.path).toBe(`${prefix}Physics/scq/Solutions/Q1.png`);
      expect(found[0].answersFile).not.toBeNull();
    }
    const problems = new Map<string, string[]>();
    locate({ zipName: 'Science.zip', files: [], roots, categoryId: null }, problems);
    expect([...problems.keys()]).toEqual([m.noQuestions]);
  });
});
