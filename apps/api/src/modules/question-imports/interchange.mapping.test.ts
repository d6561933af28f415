import { describe, expect, it } from 'vitest';
import { emptyQuestion } from './formats/model';
import { parseMoodleXml } from './formats/moodle-xml';
import { codeFor, contentTypeOf, draftOf, withImages } from './interchange.mapping';

const q = (text: string, format: 'html' | 'plain', choices: string[] = []) => ({
  ...emptyQuestion('Q', 'scq'),
  text: { text, format },
  choices: choices.map((c) => ({ text: c, format })),
});

describe('interchange mapping', () => {
  it('content type: html → Html; paragraphs-only html with TeX → LaTeX; plain with TeX anywhere → LaTeX; else Text', () => {
    expect(contentTypeOf(q('<p>Hi <b>there</b></p>', 'html'))).toBe(4);
    expect(contentTypeOf(q('<p>Solve \\(x+1=2\\)</p>', 'html'))).toBe(3);
    expect(contentTypeOf(q('<p>Solve</p><img src="a.png">', 'html'))).toBe(4);
    expect(contentTypeOf(q('Pick one', 'plain', ['\\(x\\)', 'y']))).toBe(3);
    expect(contentTypeOf(q('It costs $5 and $10', 'plain'))).toBe(1);
    expect(contentTypeOf({ ...q('<p>x</p>', 'html'), contentType: 1 })).toBe(1);
  });

  it('codes: a valid id number as is; else from the name, unique within the file', () => {
    const used = new Set<string>();
    expect(codeFor({ idNumber: 'ABC-1', name: 'x' }, 1, used)).toEqual({ code: 'ABC-1', derived: false });
    expect(codeFor({ idNumber: 'not valid!', name: 'Speed of a car?' }, 2, used).code).toBe('Speed-of-a-car');
    expect(codeFor({ idNumber: null, name: 'Speed of a car' }, 3, used).code).toBe('Speed-of-a-car-2');
    expect(codeFor({ idNumber: null, name: 'A very long question name indeed' }, 4, used).code).toHaveLength(
      20,
    );
    expect(codeFor({ idNumber: null, name: '???' }, 5, used).code).toBe('Q5');
  });

  it('reserved images go to the fields and out of the html; inline ones to our image route; a missing one refuses', () => {
    const ix = q(
      '<p>Look <img src="@@PLUGINFILE@@/a.png"> <img src="@@PLUGINFILE@@/question-image.png"></p>',
      'html',
      ['<p>1</p>', '<p>2</p>'],
    );
    ix.correct = [1];
    ix.files.set('a.png', Buffer.from('a'));
    ix.files.set('question-image.png', Buffer.from('q'));
    ix.files.set('choice-2-image.png', Buffer.from('c'));
    const d = draftOf(ix, 'C1');
    if (typeof d === 'string') throw new Error(d);
    expect(d.images.map((i) => [i.name, i.place])).toEqual([
      ['question-image.png', 'question'],
      ['choice-2-image.png', 2],
      ['a.png', 'inline'],
    ]);
    const body = withImages(
      d,
      new Map([
        ['question-image.png', 11],
        ['choice-2-image.png', 12],
        ['a.png', 13],
      ]),
    );
    expect(body.text).toBe('<p>Look <img src="/api/question-bank/images/13"> </p>');
    expect(body.image).toBe(11);
    expect(body.choices?.[1].image).toBe(12);
    expect(draftOf(q('<p><img src="@@PLUGINFILE@@/gone.png"></p>', 'html'), 'C2')).toBe(
      "The image 'gone.png' is not in the file.",
    );
  });

  it("an image link with Moodle's cache suffix (?time=…) finds the embedded file by its name", () => {
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <name><text>Circuit</text></name>
    <questiontext format="html">
      <text><![CDATA[<p>Which bulb lights? <img src="@@PLUGINFILE@@/circuit%20a.png?time=1712345678" alt="circuit"></p>]]></text>
      <file name="circuit a.png" path="/" encoding="base64">${png.toString('base64')}</file>
      <file name="question-image.png" path="/" encoding="base64">${png.toString('base64')}</file>
    </questiontext>
    <single>true</single>
    <answer fraction="100" format="html"><text><![CDATA[<p>A <img src="@@PLUGINFILE@@/question-image.png?time=1712345679"></p>]]></text></answer>
    <answer fraction="0" format="html"><text><![CDATA[<p>B</p>]]></text></answer>
  </question>
</quiz>`;
    const ix = parseMoodleXml(xml).items[0].question!;
    const d = draftOf(ix, 'CIRCUIT');
    if (typeof d === 'string') throw new Error(d);
    expect(d.images.map((i) => [i.name, i.place])).toEqual([
      ['question-image.png', 'question'],
      ['circuit a.png', 'inline'],
    ]);
    const body = withImages(
      d,
      new Map([
        ['circuit a.png', 21],
        ['question-image.png', 22],
      ]),
    );
    expect(body.text).toBe(
      '<p>Which bulb lights? <img src="/api/question-bank/images/21" alt="circuit"></p>',
    );
    expect(body.choices?.[0].text).toBe('<p>A </p>');
    expect(body.image).toBe(22);
  });
});
