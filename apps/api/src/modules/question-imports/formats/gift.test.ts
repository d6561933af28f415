import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { interchangeMessages as im } from '@assess/contracts/question-imports';
import { describe, expect, it } from 'vitest';
import { escapeGift, parseGift, unescapeGift, writeGift } from './gift';
import { emptyQuestion } from './model';

const fixture = readFileSync(
  join(__dirname, '../../../../test/fixtures/interchange/gift-constructs.txt'),
  'utf8',
);
const DOC = 'https://docs.moodle.org/en/GIFT_format';

describe('GIFT reader (hand-written fixture from the Moodle docs)', () => {
  const { items } = parseGift(fixture);
  const byName = (name: string) => items.find((i) => i.name === name)!;

  it(`reads $CATEGORY (${DOC} "Categories") and the [id:…] comment`, () => {
    expect(byName('Solve for x').categoryPath).toEqual(['Mathematics', 'Algebra', 'Equations']);
    expect(byName('Addition').categoryPath).toEqual(['Arithmetic']);
    expect(byName('Solve for x').question?.idNumber).toBe('ALG-001');
  });

  it(`reads multiple choice with feedback and general feedback (${DOC} "Multiple choice", "Feedback", "General feedback")`, () => {
    const q = byName('Solve for x').question!;
    expect(q.kind).toBe('scq');
    expect(q.text.text).toBe('Solve 2x + 3 = 7.');
    expect(q.choices.map((c) => c.text)).toEqual(['x = 2', 'x = 5', 'x = -2']);
    expect(q.correct).toEqual([1]);
    expect(q.weights).toBeNull();
    // issue 26: an answer's feedback is that choice's feedback (GIFT has no question-level one)
    expect(q.choiceFeedback).toEqual([
      'Right: subtract 3, then divide by 2.',
      'No: check the subtraction.',
      null,
    ]);
    expect(q.passFeedback).toBeNull();
    expect(q.failFeedback).toBeNull();
    expect(q.solution?.text).toBe('Subtract 3 from both sides, then divide by 2.');
  });

  it(`reads multiple right answers from weights (${DOC} "Multiple choice with multiple right answers")`, () => {
    const q = byName('Even numbers').question!;
    expect(q.kind).toBe('mcq');
    expect(q.correct).toEqual([1, 2]);
    // issue 26: Moodle scores them as weights (one of the two right ones earns half)
    expect(q.weights).toEqual([50, 50, -100, -100]);
  });

  it('reads partial credit of a single answer, keeps [html] out of feedback, and the numerical catch-all (issue 26)', () => {
    const file = parseGift(
      [
        '::P1::Closest to pi? {=3.14159#[html]<p>Yes <b>exactly</b></p> ~%50%3.14#Close ~%-25%3}',
        '::P2::How much? {#=5:0.5#Right ~*#Not quite}',
        '::P3::Bad weight {~%150%a ~b}',
      ].join('\n\n'),
    ).items;
    expect(file[0].question).toMatchObject({
      kind: 'scq',
      correct: [1],
      weights: [100, 50, -25],
      choiceFeedback: ['Yes exactly', 'Close', null],
    });
    expect(file[1].question).toMatchObject({
      kind: 'numerical',
      numericAnswer: 5,
      tolerance: 0.5,
      passFeedback: 'Right',
      failFeedback: 'Not quite',
    });
    expect(file[2].refused).toBe(im.weightOutOfRange);
  });

  it(`reads true-false and its two feedbacks (${DOC} "True-false")`, () => {
    const q = byName('Zero is even').question!;
    expect(q.kind).toBe('truefalse');
    expect(q.correct).toEqual([1]);
    expect(q.failFeedback).toBe('Zero is divisible by 2.');
    expect(q.passFeedback).toBe('Yes: 0 = 2 × 0.');
  });

  it(`reads numerical answers with a tolerance (answer:tolerance, min..max) (${DOC} "Numerical")`, () => {
    const cube = byName('Cube root').question!;
    expect(cube.kind).toBe('numerical');
    expect(cube.numericAnswer).toBe(3);
    // "Special characters": \{ \} \: and \n
    expect(cube.text.text).toBe('What is \\(\\sqrt[3]{27}\\)?\nGive a whole number: no decimals.');
    expect(byName('Half of ten').question?.numericAnswer).toBe(5);
    expect(byName('Pi approx').question).toMatchObject({ numericAnswer: 3.14, tolerance: 0.005 });
    expect(cube.tolerance).toBeNull();
    const read = (body: string) => parseGift(`::N::Q {#${body}}`).items[0];
    expect(read('2..4').question).toMatchObject({ numericAnswer: 3, tolerance: 1 });
    expect(read('3:0').question).toMatchObject({ numericAnswer: 3, tolerance: null });
    expect(read('3:-1').refused).toBe(im.tolerance('-1'));
    expect(read('4..2').refused).toBe(im.tolerance('4..2'));
  });

  it(`reads the [html] format (${DOC} "Specify text-formatting")`, () => {
    const q = byName('Bold question').question!;
    expect(q.text).toEqual({
      text: '<p>Which is the <strong>largest</strong> prime below 10?</p>',
      format: 'html',
    });
    expect(q.choices[0]).toEqual({ text: '<p>7</p>', format: 'html' });
  });

  it(`refuses short answer and matching (${DOC} "Short answer", "Matching"); reads missing word ("Missing word")`, () => {
    expect(byName('Capital').refused).toBe(im.unsupportedType('shortanswer'));
    expect(byName('Pairs').refused).toBe(im.unsupportedType('matching'));
    const q = byName('Missing word').question!;
    expect(q.text.text).toBe('Two plus two _____ four.');
    expect(q.correct).toEqual([1]);
  });

  it('escapes and unescapes symmetrically, LaTeX backslashes kept', () => {
    for (const s of [
      'a = b: {c} ~d #e',
      '\\frac{1}{2} \\\\ \\{x\\}',
      'line1\nline2',
      '\\n literally',
      'end \\',
    ])
      expect(unescapeGift(escapeGift(s))).toBe(s);
  });

  it('writes what it reads, per type', () => {
    const scq = emptyQuestion('S-1', 'scq');
    scq.idNumber = 'S-1';
    scq.text = { text: 'Pick {one}: a=b?', format: 'plain' };
    scq.choices = ['yes', 'no'].map((text) => ({ text, format: 'plain' as const }));
    scq.correct = [2];
    scq.choiceFeedback = ['good # one', null];
    scq.weights = [40, 100];
    scq.solution = { text: 'because', format: 'plain' };
    const mcq = emptyQuestion('M-1', 'mcq');
    mcq.text = { text: 'Both?', format: 'plain' };
    mcq.choices = ['a', 'b', 'c'].map((text) => ({ text, format: 'plain' as const }));
    mcq.correct = [1, 2];
    mcq.weights = [33.33333, 66.66667, -100];
    const tf = { ...emptyQuestion('T-1', 'truefalse'), correct: [2], failFeedback: 'w', passFeedback: 'r' };
    const num = {
      ...emptyQuestion('N-1', 'numerical'),
      numericAnswer: -2.5,
      tolerance: 0.25,
      failFeedback: 'no',
    };
    const text = writeGift([
      { question: mcq, categoryPath: ['C', 'D'] },
      { question: scq, categoryPath: ['A', 'B'] },
      { question: tf, categoryPath: ['A', 'B'] },
      { question: num, categoryPath: ['C', 'D'] },
    ]);
    const back = parseGift(text).items;
    expect(back.map((i) => i.categoryPath)).toEqual([
      ['C', 'D'],
      ['A', 'B'],
      ['A', 'B'],
      ['C', 'D'],
    ]);
    expect(back.shift()?.question).toMatchObject({ kind: 'mcq', correct: [1, 2], weights: mcq.weights });
    expect(back[0].question).toMatchObject({
      idNumber: 'S-1',
      text: scq.text,
      correct: [2],
      weights: [40, 100],
      choiceFeedback: ['good # one', null],
      solution: scq.solution,
    });
    expect(back[1].question).toMatchObject({
      kind: 'truefalse',
      correct: [2],
      failFeedback: 'w',
      passFeedback: 'r',
    });
    expect(back[2].question).toMatchObject({
      kind: 'numerical',
      numericAnswer: -2.5,
      tolerance: 0.25,
      failFeedback: 'no',
    });
  });

  it('says in a comment what GIFT cannot carry (issue 26)', () => {
    const q = emptyQuestion('I-1', 'scq');
    q.text = { text: '', format: 'html' };
    q.choices = ['a', 'b'].map((text) => ({ text, format: 'plain' as const }));
    q.correct = [1];
    q.passFeedback = 'well done';
    q.files.set('question-image.png', Buffer.from('x'));
    expect(writeGift([{ question: q, categoryPath: ['A'] }])).toContain(
      '// GIFT cannot carry: images, the correct, partially correct and incorrect feedback.',
    );
  });
});
