import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { interchangeMessages as im } from '@assess/contracts/question-imports';
import { describe, expect, it } from 'vitest';
import { readZip } from '../zip.archive';
import { emptyQuestion } from './model';
import { parseQtiItem, parseQtiPackage } from './qti';
import { writeQtiPackage } from './qti-write';

const root = join(__dirname, '../../../../test/fixtures/interchange/qti-package');
const SPEC = 'https://www.imsglobal.org/spec/qti/v3p0/impl';

/** The fixture package's files by path. */
function qtiFixtureFiles(): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(root, path).split('\\').join('/'), readFileSync(path));
    }
  };
  walk(root);
  return files;
}

describe('QTI 3.0 package reader (hand-written fixture from the 1EdTech QTI 3.0 specification)', () => {
  const { items } = parseQtiPackage(qtiFixtureFiles());
  const byName = (name: string) => items.find((i) => i.name === name)!;

  it(`lists the manifest's item resources in order; the folders below items/ are the category path (${SPEC} "Packaging")`, () => {
    expect(items.map((i) => i.name)).toEqual([
      'Powerhouse of the cell',
      'Membrane-bound',
      'Chromosome count',
      'name',
      'essay',
    ]);
    expect(items[0].categoryPath).toEqual(['Biology', 'Cells']);
  });

  it(`reads a single-response choice interaction with prompt and image (${SPEC} "Choice interaction")`, () => {
    const q = byName('Powerhouse of the cell').question!;
    expect(q.kind).toBe('scq');
    expect(q.idNumber).toBe('BIO-001');
    expect(q.correct).toEqual([2]);
    expect(q.choices.map((c) => c.text)).toEqual(['Nucleus', 'Mitochondrion', 'Ribosome']);
    expect(q.contentType).toBe(4);
    expect(q.text.text).toContain('<img src="@@PLUGINFILE@@/cell.png"');
    expect(q.text.text).toContain("Which organelle makes most of the cell's <em>energy</em>?");
    expect(q.files.get('cell.png')?.subarray(1, 4).toString()).toBe('PNG');
  });

  it(`reads a multiple-response choice interaction and its labels class (${SPEC} "Choice interaction")`, () => {
    const q = byName('Membrane-bound').question!;
    expect(q.kind).toBe('mcq');
    expect(q.correct).toEqual([1, 3]);
    expect(q.numbering).toBe('upper');
    expect(q.contentType).toBe(1);
    expect(q.text.text).toBe('<p>Which of these are bound by a membrane?</p>');
  });

  it(`reads a float text entry as numerical; refuses a string text entry and an extended text (${SPEC} "Text entry interaction", "Extended text interaction")`, () => {
    expect(byName('Chromosome count').question).toMatchObject({ kind: 'numerical', numericAnswer: 46 });
    expect(byName('name').refused).toBe(im.unsupportedType('text entry (string)'));
    expect(byName('essay').refused).toBe(im.unsupportedType('qti-extended-text-interaction'));
  });

  it('refuses a package without imsmanifest.xml', () => {
    expect(() => parseQtiPackage(new Map())).toThrow(/imsmanifest/);
  });

  it('writes a package it reads back: items, images, category folders, content type', async () => {
    const q = emptyQuestion('Q 1', 'mcq');
    q.idNumber = 'Q-1';
    q.contentType = 3;
    q.text = { text: 'Which are \\(x^2 < 5\\)?\nPick two.', format: 'plain' };
    q.choices = ['1', '2', '3'].map((text) => ({ text, format: 'plain' as const }));
    q.correct = [1, 2];
    q.points = 3;
    q.solution = { text: 'since 3^2 = 9', format: 'plain' };
    q.passFeedback = 'yes';
    q.files.set('question-image.png', Buffer.from('fake-png'));
    const zip = await writeQtiPackage([{ question: q, categoryPath: ['Maths & Co', 'Squares'] }]);
    const { files, problems } = await readZip(zip);
    expect(problems.size).toBe(0);
    const back = parseQtiPackage(new Map(files.map((f) => [f.path, f.data]))).items[0];
    expect(back.categoryPath).toEqual(['Maths & Co', 'Squares']);
    expect(back.question).toMatchObject({
      kind: 'mcq',
      idNumber: 'Q-1',
      correct: [1, 2],
      points: 3,
      contentType: 3,
    });
    expect(back.question?.files.get('question-image.png')?.toString()).toBe('fake-png');
  });

  it(`writes and reads a numerical tolerance as an absolute qti-equal (${SPEC} "Response processing")`, async () => {
    const q = { ...emptyQuestion('N 1', 'numerical'), idNumber: 'N-1', numericAnswer: 3.14, tolerance: 0.01 };
    q.text = { text: 'Pi to two decimals?', format: 'plain' };
    const exact = { ...emptyQuestion('N 2', 'numerical'), idNumber: 'N-2', numericAnswer: 7 };
    exact.text = { text: 'Seven?', format: 'plain' };
    const zip = await writeQtiPackage([
      { question: q, categoryPath: ['A'] },
      { question: exact, categoryPath: ['A'] },
    ]);
    const { files } = await readZip(zip);
    const items = parseQtiPackage(new Map(files.map((f) => [f.path, f.data]))).items;
    expect(items[0].question).toMatchObject({ kind: 'numerical', numericAnswer: 3.14, tolerance: 0.01 });
    expect(items[1].question).toMatchObject({ kind: 'numerical', numericAnswer: 7, tolerance: null });
  });
});

describe('QTI writer', () => {
  it('writes HTML stored without closed void elements as well-formed XML', async () => {
    const q = emptyQuestion('H-1', 'scq');
    q.contentType = 4;
    q.text = { text: '<p>a<br>b&nbsp;c<img src="@@PLUGINFILE@@/x.png" alt="x"></p>', format: 'html' };
    q.choices = [
      { text: '<p>1<br></p>', format: 'html' },
      { text: '2', format: 'html' },
    ];
    q.correct = [1];
    q.files.set('x.png', Buffer.from('img'));
    const { files } = await readZip(await writeQtiPackage([{ question: q, categoryPath: ['A', 'B'] }]));
    const back = parseQtiPackage(new Map(files.map((f) => [f.path, f.data]))).items[0];
    expect(back.refused).toBeUndefined();
    expect(back.question?.text.text).toBe('<p>a<br />b\u00a0c<img src="@@PLUGINFILE@@/x.png" alt="x" /></p>');
  });
});

describe('QTI partial credit and feedback (issue 26)', () => {
  const item = (body: string, decl: string, feedback = '') => `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="W-1" title="W 1" adaptive="false" time-dependent="false">
  <qti-response-declaration identifier="RESPONSE" cardinality="multiple" base-type="identifier">${decl}</qti-response-declaration>
  <qti-outcome-declaration identifier="FEEDBACK" cardinality="single" base-type="identifier" />
  <qti-item-body><p>Pick the primes.</p>${body}</qti-item-body>
  ${feedback}
</qti-assessment-item>`;
  const choices = `<qti-choice-interaction response-identifier="RESPONSE" max-choices="0">
    <qti-simple-choice identifier="A">2<qti-feedback-inline outcome-identifier="FEEDBACK" identifier="A" show-hide="show">The only even prime.</qti-feedback-inline></qti-simple-choice>
    <qti-simple-choice identifier="B">3</qti-simple-choice>
    <qti-simple-choice identifier="C">4</qti-simple-choice>
  </qti-choice-interaction>`;

  it(`reads a qti-mapping as weights, inline feedback apart from the choice text, modal feedback by 1EdTech's identifiers (${SPEC})`, () => {
    const q = parseQtiItem(
      item(
        choices,
        '<qti-correct-response><qti-value>A</qti-value><qti-value>B</qti-value></qti-correct-response><qti-mapping lower-bound="0" default-value="0"><qti-map-entry map-key="A" mapped-value="1"/><qti-map-entry map-key="B" mapped-value="1"/><qti-map-entry map-key="C" mapped-value="-2"/></qti-mapping>',
        '<qti-modal-feedback outcome-identifier="FEEDBACK" identifier="correct" show-hide="show"><qti-content-body><p>Well done</p></qti-content-body></qti-modal-feedback><qti-modal-feedback outcome-identifier="FEEDBACK" identifier="incorrect" show-hide="show"><p>Not quite</p></qti-modal-feedback><qti-modal-feedback outcome-identifier="FEEDBACK" identifier="odd" show-hide="show"><p>Other</p></qti-modal-feedback>',
      ),
      () => null,
    );
    if (typeof q === 'string') throw new Error(q);
    expect(q.choices.map((c) => c.text)).toEqual(['2', '3', '4']);
    expect(q.choiceFeedback).toEqual(['The only even prime.', null, null]);
    expect(q.weights).toEqual([50, 50, -100]);
    expect(q.correct).toEqual([1, 2]);
    expect(q.passFeedback).toBe('Well done');
    expect(q.failFeedback).toBe('Not quite');
    expect(q.notCarried).toEqual(["the modal feedback 'odd'"]);
  });

  it('writes weights as a qti-mapping (map_response), choice feedback inline, partial feedback modal, and reads them back', async () => {
    const q = emptyQuestion('W 2', 'mcq');
    q.idNumber = 'W-2';
    q.text = { text: 'Primes?', format: 'plain' };
    q.choices = ['2', '3', '4'].map((text) => ({ text, format: 'plain' as const }));
    q.correct = [1, 2];
    q.weights = [25, 75, -50];
    q.points = 4;
    q.choiceFeedback = [null, 'odd prime', 'even'];
    q.partialFeedback = 'Partly';
    q.passFeedback = 'All right';
    const { files } = await readZip(
      await writeQtiPackage([{ question: q, categoryPath: ['Heat and Light'] }]),
    );
    const paths = files.map((f) => f.path);
    // the folder holds the name, the manifest its URI encoding (no literal %20 folder)
    expect(paths).toContain('items/Heat and Light/W-2.xml');
    const manifest = files.find((f) => f.path === 'imsmanifest.xml')!.data.toString();
    expect(manifest).toContain('href="items/Heat%20and%20Light/W-2.xml"');
    const xml = files.find((f) => f.path.endsWith('W-2.xml'))!.data.toString();
    expect(xml).toContain('map_response.xml');
    expect(xml).toContain('<qti-content-body>');
    const back = parseQtiPackage(new Map(files.map((f) => [f.path, f.data]))).items[0];
    expect(back.categoryPath).toEqual(['Heat and Light']);
    expect(back.question).toMatchObject({
      weights: [25, 75, -50],
      correct: [1, 2],
      points: 4,
      choiceFeedback: [null, 'odd prime', 'even'],
      partialFeedback: 'Partly',
      passFeedback: 'All right',
    });
    expect(back.question?.choices.map((c) => c.text)).toEqual(['<p>2</p>', '<p>3</p>', '<p>4</p>']);
  });
});
