import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { interchangeMessages as im } from '@assess/contracts/question-imports';
import { describe, expect, it } from 'vitest';
import { parseQtiPackage } from './qti';

const root = join(__dirname, '../../../../test/fixtures/interchange/qti21-package');
const GUIDE = 'https://www.imsglobal.org/question/qtiv2p1/imsqti_implv2p1.html';

function files(): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.set(relative(root, path).split('\\').join('/'), readFileSync(path));
    }
  };
  walk(root);
  return out;
}

const manifest = (type: string) =>
  Buffer.from(
    `<?xml version="1.0"?><manifest identifier="M"><resources><resource identifier="R1" type="${type}" href="q.xml"><file href="q.xml"/></resource></resources></manifest>`,
  );

describe('QTI 2.1 / 2.2 package reader (hand-written fixture from the QTI 2.1 and 2.2 guides)', () => {
  const { items } = parseQtiPackage(files());
  const byName = (name: string) => items.find((i) => i.name === name)!;

  it(`reads the item resources of 2.1 and 2.2 in manifest order, not the test (${GUIDE} "Packaging items")`, () => {
    expect(items.map((i) => [i.name, i.refused])).toEqual([
      ['Closest star', undefined],
      ['Mass-energy', undefined],
      ['Gas giants', undefined],
      ['Gravity', undefined],
    ]);
    expect(items[0].categoryPath).toBeNull();
  });

  it(`reads a 2.1 choiceInteraction: prompt, choices, correct response, MAXSCORE, feedback and image (${GUIDE} "Simple Choice")`, () => {
    const q = byName('Closest star').question!;
    expect(q).toMatchObject({ kind: 'scq', idNumber: 'SUN-01', correct: [2], points: 2, contentType: 4 });
    expect(q.choices.map((c) => c.text)).toEqual(['Proxima Centauri', 'The Sun', 'Sirius']);
    expect(q.text.text).toBe(
      '<p>Look at the picture: <img src="@@PLUGINFILE@@/sun.png" alt="The Sun" width="40" /></p>Which star is closest to the Earth?',
    );
    expect(q.files.get('sun.png')?.subarray(1, 4).toString()).toBe('PNG');
    expect(q.solution?.text).toBe('The Sun is 8 light-minutes away.');
  });

  it('reads multiple response with MathML as LaTeX (a paragraph around maths: LaTeX content)', () => {
    const q = byName('Mass-energy').question!;
    expect(q).toMatchObject({ kind: 'mcq', correct: [1, 3], contentType: 3 });
    expect(q.text.text).toBe('<p>Which are equivalent to \\(E=mc^{2}\\)?</p>');
    expect(q.choices.map((c) => c.text)).toEqual([
      '\\(m=\\frac{E}{c^{2}}\\)',
      '\\(E=mc\\)',
      '\\(c=\\sqrt{\\frac{E}{m}}\\)',
    ]);
  });

  it('reads a 2.2 item named only by its <file>, an <object> image as <img>; a float text entry as numerical', () => {
    const q = byName('Gas giants').question!;
    expect(q).toMatchObject({ kind: 'scq', idNumber: 'PLANETS-01', correct: [2] });
    expect(q.text.text).toContain('<img src="@@PLUGINFILE@@/sun.png" alt="A planet" />');
    expect(q.files.has('sun.png')).toBe(true);
    expect(byName('Gravity').question).toMatchObject({
      kind: 'numerical',
      numericAnswer: 9.8,
      idNumber: 'G-01',
    });
  });

  it('names a version it cannot read (QTI 1.2) instead of finding no question', () => {
    const pkg = (type: string) => new Map([['imsmanifest.xml', manifest(type)]]);
    expect(() => parseQtiPackage(pkg('imsqti_xmlv1p2'))).toThrow(im.qtiVersion('IMS QTI 1.2'));
    expect(() => parseQtiPackage(pkg('imsqti_item_xmlv4p0'))).toThrow(im.qtiVersion('IMS QTI 4.0'));
  });
});
