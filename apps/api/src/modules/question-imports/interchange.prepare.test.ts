import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { packPrepared, parseInterchange, prepareInterchange, unpackPrepared } from './interchange.prepare';

const PNG = Buffer.from('89504e470d0a1a0a0000', 'hex');

describe('interchange preparation (runs on the CPU pool)', () => {
  it('maps each question as far as the file allows: code, whole body or draft with images, its own refusal', async () => {
    const gift = [
      '::Q1:: 1 + 1 \\= 2 {T}',
      '::Q2:: Pick one {=a ~b}',
      '::Q3:: Short answer {=x =y}',
      ...Array.from({ length: 600 }, (_, i) => `::N${i}:: ${i} + 1? {#${i + 1}}`),
    ].join('\n\n');
    const items = prepareInterchange(await parseInterchange('gift', Buffer.from(gift)));
    expect(items).toHaveLength(603);
    expect(items[0]).toMatchObject({
      code: 'Q1',
      derived: true,
      questionType: 3,
      body: { correctChoices: [1] },
    });
    expect(items[2]).toMatchObject({
      code: '',
      refused: expect.stringMatching(/^Question type 'shortanswer'/),
    });
    expect(items[3].body).toMatchObject({ code: 'N0', questionType: 4, numericAnswer: 1 });
  });

  it('packs for the way back in chunks of 250 with the image bytes apart, and unpacks to the same items', async () => {
    const xml = `<?xml version="1.0"?><quiz><question type="truefalse"><name><text>Pic</text></name>
      <questiontext format="html"><text><![CDATA[<p>See <img src="@@PLUGINFILE@@/a.png"></p>]]></text>
      <file name="a.png" encoding="base64">${PNG.toString('base64')}</file></questiontext>
      <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question>
      ${Array.from({ length: 300 }, (_, i) => `<question type="truefalse"><name><text>T${i}</text></name><questiontext><text>Is ${i} even?</text></questiontext><answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question>`).join('')}
      </quiz>`;
    const items = prepareInterchange(await parseInterchange('moodle', Buffer.from(xml)));
    const packed = packPrepared(items);
    expect(packed.chunks).toHaveLength(2);
    expect(packed.images).toHaveLength(1);
    // What postMessage does to it (structured clone): Buffers arrive as Uint8Arrays.
    const back = await unpackPrepared(v8.deserialize(v8.serialize(packed)) as typeof packed);
    const withoutDrafts = (xs: typeof items) => xs.map(({ draft: _draft, ...rest }) => rest);
    expect(withoutDrafts(back)).toEqual(JSON.parse(JSON.stringify(withoutDrafts(items))));
    expect(back[0].draft?.body).toEqual(JSON.parse(JSON.stringify(items[0].draft?.body)));
    const img = back[0].draft!.images[0];
    expect([img.name, img.place, Buffer.isBuffer(img.data), img.data.equals(PNG)]).toEqual([
      'a.png',
      'inline',
      true,
      true,
    ]);
  });

  it('reads a QTI item uploaded alone as .xml (2.1 or 3.0) as one question', async () => {
    const fixtures = join(__dirname, '../../../test/fixtures/interchange');
    const lone = async (path: string) =>
      (await parseInterchange('moodle', readFileSync(join(fixtures, path)))).items;
    expect(await lone('qti21-package/gravity.xml')).toMatchObject([
      { index: 1, name: 'Gravity', categoryPath: null, question: { kind: 'numerical', numericAnswer: 9.8 } },
    ]);
    expect(await lone('qti-package/items/Biology/Cells/membranes.xml')).toMatchObject([
      { name: 'Membrane-bound', question: { kind: 'mcq', correct: [1, 3] } },
    ]);
    // Its image cannot come with it: refused with the reason, as in a package without the file.
    expect(await lone('qti21-package/sun.xml')).toMatchObject([
      { refused: "The image 'images/sun.png' is not in the file." },
    ]);
  });
});
