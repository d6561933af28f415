import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { interchangeMessages as im } from '@assess/contracts/question-imports';
import type { QuestionDetail } from '@assess/contracts/questions';
import { SubTaskStatus, TaskStatus } from '@assess/contracts/tasks';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { as, type Caller } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import { licencePackages, taskOutputs } from '../../db/schema';
import { interchangeClient } from './interchange.test-support';

/**
 * The hand-written fixtures (apps/api/test/fixtures/interchange/) imported end to end. Where each construct
 * is documented:
 * - Moodle XML, https://docs.moodle.org/en/Moodle_XML_format: "Overall structure of XML file" (<quiz>),
 *   "Categories" ($course$/top/… pseudo-questions, '//' for a slash in a name), "Multiple choice" (single
 *   true/false, fractions, answernumbering, correct/incorrect feedback), "True/false", "Numerical"
 *   (tolerance), "Short answer" and "Essay" (refused here), "A word about validity (and CDATA)"; images as
 *   <file name encoding="base64"> in the text they belong to ("Images" / the @@PLUGINFILE@@ references).
 * - GIFT, https://docs.moodle.org/en/GIFT_format: "Categories" ($CATEGORY), "Question name" (::title::),
 *   "Multiple choice", "Multiple choice with multiple right answers" (~%n%), "True-false" ({T}/{TRUE} and
 *   its two feedbacks), "Numerical" (answer:tolerance, min..max), "Feedback" (#), "General feedback" (####),
 *   "Specify text-formatting" ([html]), "Special characters ~ = # { } :" (\ escapes, \n), "Short answer",
 *   "Matching" (refused here), "Missing word"; "[id:…]" in a comment for the id number ("Options").
 * - QTI 2.1 / 2.2, https://www.imsglobal.org/question/qtiv2p1/imsqti_implv2p1.html "Packaging items" and
 *   https://www.imsglobal.org/question/qtiv2p2/imsqti_v2p2_impl.html: the same constructs in 2.x spelling
 *   (assessmentItem, choiceInteraction, textEntryInteraction), MathML in the item body and the choices.
 * - QTI 3.0, https://www.imsglobal.org/spec/qti/v3p0/impl: "Packaging" (imsmanifest.xml, resources of type
 *   imsqti_item_xmlv3p0), "Choice interaction" (single and multiple), "Text entry interaction" (float: our
 *   numerical; string: refused), "Extended text interaction" (refused); our category convention: folders.
 */

const dir = join(__dirname, '../../../test/fixtures/interchange');
let t: TestApp;
let erp: Caller;
let client: ReturnType<typeof interchangeClient>;

beforeAll(async () => {
  t = await createTestApp();
  await t.deps.jobs.startWorkers({ pollingIntervalSeconds: 0.5 });
  erp = await as(t, 'erp@example.com');
  client = interchangeClient(t);
});
afterAll(() => t.close());

const detail = async (id: number | null) => (await erp.get(`/api/questions/${id}`)).json() as QuestionDetail;
const outputsOf = (taskId: number) =>
  t.deps.db.select().from(taskOutputs).where(eq(taskOutputs.taskId, taskId)).orderBy(asc(taskOutputs.id));

function qtiZip(folder = 'qti-package'): Promise<Buffer> {
  const root = join(dir, folder);
  const zip = new yazl.ZipFile();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else zip.addBuffer(readFileSync(path), relative(root, path).split('\\').join('/'));
    }
  };
  walk(root);
  zip.end();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

describe('fixtures imported into the demo ERP institute', () => {
  it('Moodle XML: each construct, refusals per question, the category tree created, the image stored', async () => {
    const s = await client.importFile(erp, 'moodle.xml', readFileSync(join(dir, 'moodle-constructs.xml')));
    expect(s.taskStatus, s.taskDetails ?? '').toBe(TaskStatus.Success);
    const rows = s.result!.rows;
    expect(rows.map((r) => [r.name, r.status, r.code])).toEqual([
      ['Speed of a car', 'imported', 'MECH-001'],
      ['Vector quantities', 'imported', 'MECH-002'],
      ['Gravity on the Moon', 'imported', 'Gravity-on-the-Moon'],
      ['Square of four', 'imported', 'MECH-003'],
      ['Value of pi', 'imported', 'Value-of-pi'],
      ['Unit of force', 'refused', null],
      ['pH of water', 'imported', 'pH-of-water'],
      ['Describe an acid', 'refused', null],
      ['Rocks', 'imported', 'Rocks'],
    ]);
    expect(rows[2].remark).toBe(im.codeFromName('Gravity-on-the-Moon', 'Gravity on the Moon'));
    expect(await detail(rows[4].questionId)).toMatchObject({ numericAnswer: 3.14, tolerance: 0.01 });
    expect(rows[5].remark).toBe(im.unsupportedType('shortanswer'));
    expect(rows[7].remark).toBe(im.unsupportedType('essay'));
    // issue 26: a one-level path (a category, no topic chosen) goes to a topic named after the category
    expect((await detail(rows[8].questionId)).topics[0].pathNames).toEqual(['Geology', 'Geology']);

    const speed = await detail(rows[0].questionId);
    expect(speed).toMatchObject({ questionType: 2, contentType: 4, points: 2, choiceFormat: 4, status: 2 });
    expect(speed.topics[0].pathNames).toEqual(['Physics', 'Mechanics', 'Kinematics']);
    const inline = /\/api\/question-bank\/images\/(\d+)/.exec(speed.text ?? '');
    expect(inline).not.toBeNull();
    expect((await erp.get(`/api/question-bank/images/${inline![1]}`)).statusCode).toBe(200);
    expect(speed.hint).toBe('<p>Divide the distance by the time.</p>');
    expect(speed.passFeedback).toBe('Your answer is correct.');
    expect(await detail(rows[1].questionId)).toMatchObject({ questionType: 1, correctChoices: [1, 3] });
    expect(await detail(rows[2].questionId)).toMatchObject({
      questionType: 3,
      correctChoices: [1],
      contentType: 1,
    });
    expect(await detail(rows[3].questionId)).toMatchObject({
      questionType: 4,
      numericAnswer: 16,
      contentType: 3,
    });
    expect((await detail(rows[6].questionId)).topics[0].pathNames).toEqual(['Chemistry', 'Acids/Bases']);

    // The task manager's rows: one per question, refused ones Failed with the reason.
    const outputs = await outputsOf(s.taskId);
    expect(outputs.map((o) => [o.subTask, o.status])).toEqual(
      rows.map((r) => [
        `${r.index}. ${r.name}`,
        r.status === 'refused' ? SubTaskStatus.Failed : SubTaskStatus.Success,
      ]),
    );
    expect(outputs[4].status).toBe(SubTaskStatus.Success);
  });

  it('GIFT: each construct; a question without a topic goes to the topic chosen in the dialog', async () => {
    const fallback = (await erp.get('/api/question-bank/tree?contentFilter=1'))
      .json()
      .nodes.find(
        (n: { nodeType: string; owned: boolean; questionCount: number }) =>
          n.nodeType === 'topic' && n.owned && n.questionCount > 0,
      ).id;
    const s = await client.importFile(erp, 'questions.gift', readFileSync(join(dir, 'gift-constructs.txt')), {
      topicId: fallback,
    });
    const rows = s.result!.rows;
    expect(rows.map((r) => [r.name, r.status])).toEqual([
      ['Solve for x', 'imported'],
      ['Even numbers', 'imported'],
      ['Zero is even', 'imported'],
      ['Cube root', 'imported'],
      ['Half of ten', 'imported'],
      ['Pi approx', 'imported'],
      ['Bold question', 'imported'],
      ['Capital', 'refused'],
      ['Pairs', 'refused'],
      ['Missing word', 'imported'],
      ['Addition', 'imported'],
    ]);
    expect(rows[0].code).toBe('ALG-001');
    expect(await detail(rows[3].questionId)).toMatchObject({
      questionType: 4,
      contentType: 3,
      numericAnswer: 3,
      text: 'What is \\(\\sqrt[3]{27}\\)?\nGive a whole number: no decimals.',
    });
    expect(await detail(rows[5].questionId)).toMatchObject({ numericAnswer: 3.14, tolerance: 0.005 });
    expect(await detail(rows[6].questionId)).toMatchObject({ contentType: 4, correctChoices: [1] });
    expect((await detail(rows[10].questionId)).topicIds).toEqual([fallback]);
    expect((await detail(rows[0].questionId)).topics[0].pathNames).toEqual([
      'Mathematics',
      'Algebra',
      'Equations',
    ]);
  });

  it('QTI 3.0 package: choice single/multiple, numerical text entry, refusals, the image stored', async () => {
    const s = await client.importFile(erp, 'package.zip', await qtiZip());
    const rows = s.result!.rows;
    expect(rows.map((r) => [r.name, r.status, r.code])).toEqual([
      ['Powerhouse of the cell', 'imported', 'BIO-001'],
      ['Membrane-bound', 'imported', 'BIO-002'],
      ['Chromosome count', 'imported', 'BIO-003'],
      ['name', 'refused', null],
      ['essay', 'refused', null],
    ]);
    const cell = await detail(rows[0].questionId);
    expect(cell).toMatchObject({ questionType: 2, contentType: 4, correctChoices: [2] });
    expect(cell.topics[0].pathNames).toEqual(['Biology', 'Cells']);
    expect(cell.text).toMatch(/<img src="\/api\/question-bank\/images\/\d+"/);
    expect(await detail(rows[2].questionId)).toMatchObject({ questionType: 4, numericAnswer: 46 });
  });

  it("QTI 2.1 / 2.2 package: items into the dialog's topic, MathML as LaTeX, the image stored; QTI 1.2 named and refused; LaTeX exported to Moodle in its delimiters", async () => {
    const cat = (await erp.post('/api/question-bank/categories', { name: 'QTI 2' })).json().node.id;
    const topicId = (
      await erp.post('/api/question-bank/topics', { name: 'Astronomy', categoryId: cat })
    ).json().node.id as number;
    const s = await client.importFile(erp, 'qti21.zip', await qtiZip('qti21-package'), { topicId });
    expect(s.taskStatus, s.taskDetails ?? '').toBe(TaskStatus.Success);
    const rows = s.result!.rows;
    expect(rows.map((r) => [r.name, r.status, r.code])).toEqual([
      ['Closest star', 'imported', 'SUN-01'],
      ['Mass-energy', 'imported', 'ENERGY-01'],
      ['Gas giants', 'imported', 'PLANETS-01'],
      ['Gravity', 'imported', 'G-01'],
    ]);
    const sun = await detail(rows[0].questionId);
    expect(sun).toMatchObject({ questionType: 2, contentType: 4, correctChoices: [2], points: 2 });
    expect(sun.topics[0].topicId).toBe(topicId);
    expect(sun.text).toMatch(/<img src="\/api\/question-bank\/images\/\d+" alt="The Sun"/);
    const energy = await detail(rows[1].questionId);
    expect(energy).toMatchObject({ questionType: 1, contentType: 3, correctChoices: [1, 3] });
    expect(energy.text).toBe('Which are equivalent to \\(E=mc^{2}\\)?');
    expect(await detail(rows[3].questionId)).toMatchObject({ questionType: 4, numericAnswer: 9.8 });

    const old = Buffer.from(
      '<?xml version="1.0"?><manifest identifier="M"><resources><resource identifier="R" type="imsqti_xmlv1p2" href="q.xml"><file href="q.xml"/></resource></resources></manifest>',
    );
    const zip = new yazl.ZipFile();
    zip.addBuffer(old, 'imsmanifest.xml');
    zip.addBuffer(Buffer.from('<questestinterop><item ident="1"/></questestinterop>'), 'q.xml');
    zip.end();
    const chunks: Buffer[] = [];
    for await (const c of zip.outputStream) chunks.push(c as Buffer);
    const refused = await client.upload(erp, '/api/question-bank/interchange/import', [
      { field: 'file', fileName: 'qti12.zip', content: Buffer.concat(chunks) },
    ]);
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      im.unreadable('IMS QTI package (2.1, 2.2 or 3.0)', im.qtiVersion('IMS QTI 1.2')),
    ]);

    const latex = await erp.post('/api/questions', {
      code: 'TEX-DOLLAR',
      questionType: 2,
      contentType: 3,
      text: 'Solve $x^2=4$ for $x>0$.',
      choices: [{ text: '$2$' }, { text: '$-2$' }],
      correctChoices: [1],
      solutionText: '\\[x=\\sqrt{4}=2\\]',
      status: 2,
      topicIds: [topicId],
    });
    expect(latex.statusCode, latex.body).toBe(201);
    const moodle = await client.exportOf(erp, 'moodle', `questionIds=${latex.json().question.questionId}`);
    expect(moodle.body).toContain('<text><![CDATA[Solve \\(x^2=4\\) for \\(x>0\\).]]></text>');
    expect(moodle.body).toContain('<text><![CDATA[\\(-2\\)]]></text>');
    expect(moodle.body).toContain('<text><![CDATA[$$x=\\sqrt{4}=2$$]]></text>');
  });

  it("a path deeper than the package's TopicHierarchy is refused per question with the licence message; the rest imports", async () => {
    const partner = await as(t, 'partner@example.com');
    const [gold] = await t.deps.db.select().from(licencePackages).where(eq(licencePackages.packageId, 2));
    await t.deps.db
      .update(licencePackages)
      .set({ limits: { ...gold.limits, TopicHierarchy: 2 } })
      .where(eq(licencePackages.packageId, 2));
    try {
      const gift = [
        '$CATEGORY: $course$/top/Deep/L1/L2/L3',
        '::Too deep::2 + 2 \\= 4 {T}',
        '$CATEGORY: $course$/top/Deep/L1',
        '::Shallow::3 + 3 \\= 6 {T}',
      ].join('\n\n');
      const s = await client.importFile(partner, 'limits.gift', Buffer.from(gift));
      const rows = s.result!.rows;
      expect(rows.map((r) => [r.name, r.status])).toEqual([
        ['Too deep', 'refused'],
        ['Shallow', 'imported'],
      ]);
      expect(rows[0].remark).toBe(
        im.topicRefused('Deep/L1/L2/L3', 'You cannot create more than 2 level hierarchy.'),
      );
    } finally {
      await t.deps.db
        .update(licencePackages)
        .set({ limits: gold.limits })
        .where(eq(licencePackages.packageId, 2));
    }
  });
});
