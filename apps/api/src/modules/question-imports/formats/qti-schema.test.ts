import { describe, expect, it } from 'vitest';
import { readZip } from '../zip.archive';
import { emptyQuestion, type IxQuestion } from './model';
import { qtiSchemaErrors } from './qti-schema.test-support';
import { writeQtiPackage } from './qti-write';

/** Every kind of question our export writes, with every optional part (issue 26: schema-valid exports). */
function everyKind(): { question: IxQuestion; categoryPath: string[] }[] {
  const scq = emptyQuestion('Red planet', 'scq');
  scq.idNumber = 'S-1';
  scq.text = { text: 'Which planet is red?\nPick one.', format: 'plain' };
  scq.choices = ['Mars', 'Venus'].map((text) => ({ text, format: 'plain' as const }));
  scq.correct = [1];
  scq.solution = { text: 'Iron oxide.', format: 'plain' };
  scq.hint = { text: 'Rust.', format: 'plain' };
  scq.passFeedback = 'Right!';
  scq.failFeedback = 'No.';
  scq.choiceFeedback = ['Yes <red>', null];
  scq.numbering = 'upper';
  scq.files.set('question-image.png', Buffer.from('png'));
  scq.files.set('choice-2-image.png', Buffer.from('png'));
  scq.files.set('solution-image.png', Buffer.from('png'));
  const mcq = emptyQuestion('Primes', 'mcq');
  mcq.idNumber = 'M-1';
  mcq.contentType = 4;
  mcq.text = {
    text: '<p>Which are <strong>prime</strong>?<br>Look: <img src="@@PLUGINFILE@@/image 7.png" alt="x"></p><ul><li>one</li></ul>',
    format: 'html',
  };
  mcq.choices = ['<p>2</p>', '<p>3</p>', '<p>4&nbsp;</p>'].map((text) => ({ text, format: 'html' as const }));
  mcq.correct = [1, 2];
  mcq.weights = [50, 50, -100];
  mcq.points = 3;
  mcq.partialFeedback = 'One of two.';
  mcq.files.set('image 7.png', Buffer.from('png'));
  const tf = { ...emptyQuestion('Water', 'truefalse'), idNumber: 'T-1', correct: [2], failFeedback: 'w' };
  tf.text = { text: 'Water boils at 50 °C.', format: 'plain' };
  const num = { ...emptyQuestion('Pi', 'numerical'), idNumber: 'N-1', numericAnswer: 3.14, tolerance: 0.01 };
  num.text = { text: 'Pi to \\(2\\) decimals?', format: 'plain' };
  num.contentType = 3;
  const exact = { ...emptyQuestion('Seven', 'numerical'), idNumber: '7-up', numericAnswer: 7 };
  const draft = { ...emptyQuestion('Draft', 'scq'), idNumber: 'D-1' };
  draft.choices = ['a', 'b'].map((text) => ({ text, format: 'plain' as const }));
  return [
    { question: scq, categoryPath: ['Heat and Light', '100% sure'] },
    { question: mcq, categoryPath: ['Maths & Co'] },
    { question: tf, categoryPath: ['Maths & Co'] },
    { question: num, categoryPath: ['Maths & Co'] },
    { question: exact, categoryPath: ['Maths & Co'] },
    { question: draft, categoryPath: [] },
  ];
}

describe('QTI 3.0 export against 1EdTech QTI 3.0 XSD (test/fixtures/interchange/qti3-xsd)', () => {
  it('every item of a package with every kind and optional part is schema-valid, and so is its manifest; the check can fail', async () => {
    const { files } = await readZip(await writeQtiPackage(everyKind()));
    const items = files.filter((f) => f.path.endsWith('.xml') && f.path !== 'imsmanifest.xml');
    expect(items.map((f) => f.path)).toContain('items/Heat and Light/100% sure/S-1.xml');
    expect(items).toHaveLength(6);
    const docs = items.map((f) => ({ name: f.path, xml: f.data.toString('utf8') }));
    // the issue 26 defect, kept as a control in the same run (one compile of the schema): modal feedback
    // without its qti-content-body is refused
    const control = docs[0].xml.replace(/<qti-content-body>(.*?)<\/qti-content-body>/g, '$1');
    expect(control).not.toBe(docs[0].xml);
    const errors = await qtiSchemaErrors([...docs, { name: 'control.xml', xml: control }], 'item');
    expect(errors.filter((e) => !e.startsWith('control.xml'))).toEqual([]);
    expect(errors.join('\n')).toMatch(/^control\.xml: .*Expected is one of .*qti-content-body/m);
    const manifest = files.find((f) => f.path === 'imsmanifest.xml')!;
    expect(
      await qtiSchemaErrors([{ name: 'imsmanifest.xml', xml: manifest.data.toString('utf8') }], 'manifest'),
    ).toEqual([]);
  }, 60_000);
});
