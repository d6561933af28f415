import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { interchangeMessages as im } from '@assess/contracts/question-imports';
import { describe, expect, it } from 'vitest';
import { contentTypeOf } from '../interchange.mapping';
import { emptyQuestion } from './model';
import { parseMoodleXml, writeMoodleXml } from './moodle-xml';

const fixture = readFileSync(
  join(__dirname, '../../../../test/fixtures/interchange/moodle-constructs.xml'),
  'utf8',
);
const DOC = 'https://docs.moodle.org/en/Moodle_XML_format';

describe('Moodle XML reader (hand-written fixture from the Moodle docs)', () => {
  const { items } = parseMoodleXml(fixture);
  const byName = (name: string) => items.find((i) => i.name === name)!;

  it(`reads category switches, $course$/top stripped, '//' as a slash (${DOC} "Categories")`, () => {
    expect(byName('Speed of a car').categoryPath).toEqual(['Physics', 'Mechanics', 'Kinematics']);
    expect(byName('pH of water').categoryPath).toEqual(['Chemistry', 'Acids/Bases']);
    expect(byName('Rocks').categoryPath).toEqual(['Geology']);
  });

  it(`reads a single-answer multichoice with html, CDATA, hint, feedbacks and a base64 image (${DOC} "Multiple choice")`, () => {
    const q = byName('Speed of a car').question!;
    expect(q.kind).toBe('scq');
    expect(q.idNumber).toBe('MECH-001');
    expect(q.text.format).toBe('html');
    expect(q.text.text).toContain('<img src="@@PLUGINFILE@@/car.png"');
    expect(q.files.get('car.png')?.subarray(1, 4).toString()).toBe('PNG');
    expect(q.choices.map((c) => c.text)).toEqual(['<p>5 m/s</p>', '<p>2 m/s</p>', '<p>20 m/s</p>']);
    expect(q.correct).toEqual([1]);
    expect(q.points).toBe(2);
    expect(q.numbering).toBe('upper');
    expect(q.passFeedback).toBe('Your answer is correct.');
    expect(q.failFeedback).toBe('Your answer is incorrect.');
    expect(q.hint?.text).toBe('<p>Divide the distance by the time.</p>');
    expect(q.solution?.text).toContain('100 / 20 = 5 m/s');
  });

  it(`reads a multiple-answer multichoice: positive fractions are the right answers (${DOC} "Multiple choice")`, () => {
    const q = byName('Vector quantities').question!;
    expect(q.kind).toBe('mcq');
    expect(q.correct).toEqual([1, 3]);
    expect(q.numbering).toBe('number');
  });

  it(`reads truefalse with its per-answer feedback (${DOC} "True/false")`, () => {
    const q = byName('Gravity on the Moon').question!;
    expect(q.kind).toBe('truefalse');
    expect(q.correct).toEqual([1]);
    expect(q.passFeedback).toBe('Right: about one sixth.');
    expect(q.failFeedback).toContain('one sixth of the Earth');
  });

  it(`reads numerical with its tolerance; refuses a negative one (${DOC} "Numerical")`, () => {
    const q = byName('Square of four').question!;
    expect(q.kind).toBe('numerical');
    expect(q.numericAnswer).toBe(16);
    expect(q.text.text).toBe('What is \\(4^2\\)?');
    expect(q.failFeedback).toBe('Four times four.');
    expect(q.tolerance).toBeNull();
    expect(byName('Value of pi').question).toMatchObject({ numericAnswer: 3.14, tolerance: 0.01 });
    const negative = `<quiz><question type="numerical"><name><text>N</text></name><questiontext format="plain_text"><text>Q</text></questiontext><answer fraction="100"><text>3</text><tolerance>-1</tolerance></answer></question></quiz>`;
    expect(parseMoodleXml(negative).items[0].refused).toBe(im.tolerance('-1'));
    const num = { ...emptyQuestion('N-1', 'numerical'), numericAnswer: 3.14, tolerance: 0.01 };
    const xml = writeMoodleXml([{ question: num, categoryPath: ['A'] }]);
    expect(xml).toContain('<tolerance>0.01</tolerance>');
    expect(parseMoodleXml(xml).items[0].question).toMatchObject({ numericAnswer: 3.14, tolerance: 0.01 });
  });

  it(`refuses shortanswer and essay with the reason, the rest still read (${DOC} "Short answer", "Essay")`, () => {
    expect(byName('Unit of force').refused).toBe(im.unsupportedType('shortanswer'));
    expect(byName('Describe an acid').refused).toBe(im.unsupportedType('essay'));
    expect(items.filter((i) => i.question)).toHaveLength(7);
  });

  it('refuses DOCTYPEs (entity expansion) and malformed XML as a whole', () => {
    expect(() => parseMoodleXml('<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY a "b">]><quiz/>')).toThrow(
      /DOCTYPE/,
    );
    expect(() => parseMoodleXml('<quiz><question></quiz>')).toThrow();
    expect(() => parseMoodleXml('<other/>')).toThrow(/quiz/);
  });

  it('writes what it reads: category switches, fractions, files and an escaped ]]>', () => {
    const q = emptyQuestion('Q-1', 'mcq');
    q.idNumber = 'Q-1';
    q.text = { text: '<p>a ]]> b <img src="@@PLUGINFILE@@/image-9.png" /></p>', format: 'html' };
    q.choices = ['x', 'y', 'z'].map((text) => ({ text, format: 'plain' as const }));
    q.correct = [1, 3];
    q.files.set('image-9.png', Buffer.from('png'));
    q.files.set('question-image.jpg', Buffer.from('jpg'));
    const xml = writeMoodleXml([{ question: q, categoryPath: ['A/B', 'C'] }]);
    expect(xml).toContain('<text>$course$/top/A//B/C</text>');
    expect(xml).toContain('fraction="50"');
    expect(xml).toContain('fraction="-100"');
    const back = parseMoodleXml(xml).items[0];
    expect(back.categoryPath).toEqual(['A/B', 'C']);
    expect(back.question?.text.text).toBe(q.text.text);
    expect(back.question?.correct).toEqual([1, 3]);
    expect([...back.question!.files.keys()].sort()).toEqual(['image-9.png', 'question-image.jpg']);
  });
});

describe('Moodle XML: maths', () => {
  it('MathML in an HTML text becomes LaTeX: E=mc² is E=mc^{2}, and the question is LaTeX', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="truefalse">
    <name><text>Mass-energy</text></name>
    <questiontext format="html">
      <text><![CDATA[<p>Einstein: <math xmlns="http://www.w3.org/1998/Math/MathML"><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></math></p>]]></text>
    </questiontext>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
</quiz>`;
    const q = parseMoodleXml(xml).items[0].question!;
    expect(q.text).toEqual({ text: '<p>Einstein: \\(E=mc^{2}\\)</p>', format: 'html' });
    expect(contentTypeOf(q)).toBe(3);
  });
});

describe('Moodle XML partial credit, feedback and tags (issue 26)', () => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <name><text>Primes</text></name>
    <questiontext format="html"><text><![CDATA[<p>Which are prime?</p>]]></text></questiontext>
    <single>false</single>
    <correctfeedback format="html"><text><![CDATA[<p>Your answer is correct.</p>]]></text></correctfeedback>
    <partiallycorrectfeedback format="html"><text><![CDATA[<p>Your answer is partially correct.</p>]]></text></partiallycorrectfeedback>
    <incorrectfeedback format="html"><text><![CDATA[<p>Your answer is incorrect.</p>]]></text></incorrectfeedback>
    <answer fraction="50" format="html"><text>2</text><feedback format="html"><text><![CDATA[<p>Even, yet prime</p>]]></text></feedback></answer>
    <answer fraction="50" format="html"><text>3</text><feedback format="html"><text></text></feedback></answer>
    <answer fraction="-100" format="html"><text>4</text><feedback format="html"><text>2 × 2</text></feedback></answer>
    <hint format="html"><text>First hint</text></hint>
    <hint format="html"><text>Second hint</text></hint>
    <tags><tag><text>numbers</text></tag><tag><text>primes</text></tag></tags>
  </question>
  <question type="multichoice">
    <name><text>Pi</text></name>
    <questiontext format="plain_text"><text>Closest to pi?</text></questiontext>
    <single>true</single>
    <answer fraction="100"><text>3.14159</text></answer>
    <answer fraction="33.33333"><text>3</text></answer>
    <answer fraction="-50"><text>4</text></answer>
  </question>
</quiz>`;

  it(`keeps fractions as weights, feedback per answer and the partially correct one; lists tags and extra hints as not carried (${DOC})`, () => {
    const [primes, pi] = parseMoodleXml(xml).items.map((i) => i.question!);
    expect(primes).toMatchObject({
      kind: 'mcq',
      correct: [1, 2],
      weights: [50, 50, -100],
      choiceFeedback: ['Even, yet prime', null, '2 × 2'],
      passFeedback: 'Your answer is correct.',
      partialFeedback: 'Your answer is partially correct.',
      failFeedback: 'Your answer is incorrect.',
      tags: ['numbers', 'primes'],
      notCarried: ['1 hint(s) after the first'],
    });
    expect(pi).toMatchObject({ kind: 'scq', correct: [1], weights: [100, 33.33333, -50] });
    // written and read back: the same weights and feedback
    const back = parseMoodleXml(
      writeMoodleXml([
        { question: primes, categoryPath: ['A'] },
        { question: pi, categoryPath: ['A'] },
      ]),
    ).items.map((i) => i.question!);
    expect(back[0]).toMatchObject({
      weights: primes.weights,
      choiceFeedback: primes.choiceFeedback,
      partialFeedback: primes.partialFeedback,
    });
    expect(back[1]).toMatchObject({ kind: 'scq', weights: pi.weights });
  });
});
