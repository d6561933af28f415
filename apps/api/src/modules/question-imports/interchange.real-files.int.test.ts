import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type InterchangeStatus, interchangeMessages as im } from '@assess/contracts/question-imports';
import type { QuestionDetail } from '@assess/contracts/questions';
import { TaskStatus } from '@assess/contracts/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Caller } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import { interchangeClient } from './interchange.test-support';

/**
 * Real files as teachers and tools have them (issue 26), taken from the public repositories they come from:
 * apps/api/test/fixtures/interchange/real/README.md names each source, commit and licence. Each test states what
 * must come in and what must be reported as not carried (a refusal with its reason, or 'Not carried: …' on the
 * row of an imported question).
 */
const dir = join(__dirname, '../../../test/fixtures/interchange/real');
const file = (path: string) => readFileSync(join(dir, path));
const unsupported = (type: string) => im.unsupportedType(type);
/** A redistributor may delete a folder whose licence does not let them pass it on (see the README): its tests are then reported as skipped. */
const absent = (...folders: string[]) => folders.some((f) => !existsSync(join(dir, f)));

let t: TestApp;
let erp: Caller;
let client: ReturnType<typeof interchangeClient>;
let topicId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.deps.jobs.startWorkers({ pollingIntervalSeconds: 0.5 });
  erp = await as(t, 'erp@example.com');
  client = interchangeClient(t);
  const cat = (await erp.post('/api/question-bank/categories', { name: 'Real files' })).json().node.id;
  topicId = (await erp.post('/api/question-bank/topics', { name: 'Flat packages', categoryId: cat })).json()
    .node.id;
});
afterAll(() => t.close());

const detail = async (id: number | null) => (await erp.get(`/api/questions/${id}`)).json() as QuestionDetail;
type Row = InterchangeStatus['result'] extends infer R
  ? R extends { rows: (infer X)[] }
    ? X
    : never
  : never;

/** Imports a file, checks the task succeeded, answers its rows; the imported questions are deleted afterwards. */
async function imported(
  name: string,
  data: Buffer,
  check: (rows: Row[]) => Promise<void>,
  options: object = { topicId },
) {
  const s = await client.importFile(erp, name, data, options);
  expect(s.taskStatus, s.taskDetails ?? '').toBe(TaskStatus.Success);
  const rows = s.result!.rows as Row[];
  try {
    await check(rows);
  } finally {
    for (const r of rows.filter((x) => x.status === 'imported'))
      await erp.delete(`/api/questions/${r.questionId}`);
  }
}
const summary = (rows: Row[]) => rows.map((r) => [r.name, r.status]);

describe.skipIf(absent('moodle'))("Moodle's own question/format/xml fixtures", () => {
  it('nested_categories_with_questions.xml: the category tree becomes categories and topics; the essay is refused', async () => {
    await imported(
      'nested.xml',
      file('moodle/nested_categories_with_questions.xml'),
      async (rows) => {
        expect(summary(rows)).toEqual([
          ['Iota Question', 'imported'],
          ['Kappa Essay Question', 'refused'],
          ['Kappa Question', 'imported'],
          ['Lambda Question', 'imported'],
          ['Mu Question', 'imported'],
        ]);
        expect(rows[1].remark).toBe(unsupported('essay'));
        // $course$/Iota is one level: a topic named after the category (issue 26), not a refusal
        expect((await detail(rows[0].questionId)).topics[0].pathNames).toEqual(['Iota', 'Iota']);
        expect((await detail(rows[2].questionId)).topics[0].pathNames).toEqual(['Iota', 'Kappa']);
        expect((await detail(rows[3].questionId)).topics[0].pathNames).toEqual(['Iota', 'Kappa', 'Lambda']);
        expect(await detail(rows[4].questionId)).toMatchObject({ questionType: 3, correctChoices: [1] });
      },
      {},
    );
  });

  it('html_chars_in_idnumbers.xml: an id number that is no code gives a code from the name, said on the row', async () => {
    await imported('ids.xml', file('moodle/html_chars_in_idnumbers.xml'), async (rows) => {
      expect(rows.map((r) => [r.status, r.code, r.remark])).toEqual([
        ['imported', 'Alpha-Question', im.codeFromName('Alpha-Question', 'Alpha Question')],
      ]);
    });
  });

  it("sample_questions_with_old_image_tag.xml: Moodle 1.9's <image> becomes the question's image; cloze refused", async () => {
    await imported('old.xml', file('moodle/sample_questions_with_old_image_tag.xml'), async (rows) => {
      expect(summary(rows)).toEqual([
        ['cloze question with image', 'refused'],
        ['mcq with image', 'imported'],
      ]);
      expect(rows[0].remark).toBe(unsupported('cloze'));
      const q = await detail(rows[1].questionId);
      expect(q).toMatchObject({ questionType: 2, correctChoices: [3], contentType: 4 });
      expect(q.image).not.toBeNull();
      expect(q.choices.map((c) => c.text)).toEqual([
        '<p>wrong answer</p>',
        '<p>another wrong answer</p>',
        '<p>right answer</p>',
      ]);
    });
  });
});

describe.skipIf(absent('gift'))("Moodle's own question/format/gift fixtures", () => {
  it('questions.gift.txt: weights, per-answer feedback, the numerical catch-all; matching, short answer and essay refused', async () => {
    await imported('questions.gift', file('gift/questions.gift.txt'), async (rows) => {
      expect(summary(rows)).toEqual([
        ['Q8', 'refused'],
        ['Moodle activities', 'refused'],
        ['Q2', 'imported'],
        ['colours', 'imported'],
        ['Q5', 'imported'],
        ['Shortanswer', 'refused'],
        ['Q1', 'imported'],
        ['2-08 TSL', 'imported'],
        ['2-08 TSL', 'imported'],
      ]);
      expect(rows.filter((r) => r.status === 'refused').map((r) => r.remark)).toEqual([
        unsupported('description'),
        unsupported('matching'),
        unsupported('shortanswer'),
      ]);
      // '# [html]wrong, it's yellow': the feedback without the marker
      expect((await detail(rows[2].questionId)).choices.map((c) => [c.text, c.weight, c.feedback])).toEqual([
        ['yellow', null, 'right; good!'],
        ['red', null, "wrong, it's yellow"],
        ['blue', null, "wrong, it's yellow"],
      ]);
      const colours = await detail(rows[3].questionId);
      expect(colours).toMatchObject({ questionType: 1, correctChoices: [1, 3] });
      expect(colours.choices.map((c) => c.weight)).toEqual([50, -100, 50, -100]);
      expect(await detail(rows[4].questionId)).toMatchObject({
        questionType: 4,
        numericAnswer: 3,
        tolerance: 2,
        failFeedback: 'Completely wrong',
      });
      expect(await detail(rows[6].questionId)).toMatchObject({
        questionType: 3,
        correctChoices: [2],
        passFeedback: 'You gave the right answer.',
        failFeedback: '42 is the Ultimate Answer.',
        solutionText: "This is, of course, a Hitchiker's Guide to the Galaxy reference.",
      });
      // the same name twice: the second code is made unique
      expect([rows[7].code, rows[8].code]).toEqual(['2-08-TSL', '2-08-TSL-2']);
    });
  });

  it('questions_in_category.gift.txt: $CATEGORY with one level goes to a topic named after it; feedback per choice', async () => {
    await imported(
      'cat.gift',
      file('gift/questions_in_category.gift.txt'),
      async (rows) => {
        expect(summary(rows)).toEqual([
          ['Moodle activities', 'refused'],
          ['Greeting', 'imported'],
          ['Moodle user', 'refused'],
          ['Moodle acronym', 'imported'],
        ]);
        const greeting = await detail(rows[1].questionId);
        expect(greeting.topics[0].pathNames).toEqual([
          'Default for New Features',
          'Default for New Features',
        ]);
        expect(greeting).toMatchObject({ questionType: 2, contentType: 4, correctChoices: [2] });
        expect(greeting.choices.map((c) => c.feedback)).toEqual([
          'Sorry, listen again.',
          'Yes, well done!',
          'Sorry, listen again.',
          'Sorry, listen again.',
        ]);
      },
      {},
    );
  });
});

describe.skipIf(absent('qti21', 'qti22'))(
  '1EdTech QTI 2.1 and 2.2 examples (single items uploaded as .xml)',
  () => {
    for (const version of ['qti21', 'qti22'] as const) {
      const names =
        version === 'qti21'
          ? { modal: 'modalFeedback.xml', inline: 'feedbackInline.xml' }
          : { modal: 'Example01-modalFeedback.xml', inline: 'Example02-feedbackInline.xml' };

      it(`${version}: choice_multiple.xml's mapping becomes choice weights (H 1, O 1, Cl -1, others -2 of 2)`, async () => {
        await imported('choice_multiple.xml', file(`${version}/choice_multiple.xml`), async (rows) => {
          expect(summary(rows)).toEqual([['Composition of Water', 'imported']]);
          const q = await detail(rows[0].questionId);
          expect(q).toMatchObject({ questionType: 1, correctChoices: [1, 4] });
          expect(q.choices.map((c) => [c.text, c.weight])).toEqual([
            ['Hydrogen', 50],
            ['Helium', -100],
            ['Carbon', -100],
            ['Oxygen', 50],
            ['Nitrogen', -100],
            ['Chlorine', -50],
          ]);
        });
      });

      it(`${version}: modal feedback 'correct'/'incorrect' → pass/fail feedback; inline feedback apart from the choice text`, async () => {
        await imported(names.modal, file(`${version}/${names.modal}`), async (rows) => {
          expect(await detail(rows[0].questionId)).toMatchObject({
            points: 10,
            correctChoices: [1],
            passFeedback: 'correct',
            failFeedback: 'incorrect',
          });
        });
        await imported(names.inline, file(`${version}/${names.inline}`), async (rows) => {
          const q = await detail(rows[0].questionId);
          expect(q.choices.map((c) => [c.text, c.feedback])).toEqual([
            ['True', "That's correct"],
            ['False', "That's not correct"],
          ]);
        });
      });

      it(`${version}: a string text entry and an image outside the file are refused with the reason`, async () => {
        await imported('text_entry.xml', file(`${version}/text_entry.xml`), async (rows) => {
          expect(rows.map((r) => r.remark)).toEqual([unsupported('text entry (string)')]);
        });
        await imported('choice.xml', file(`${version}/choice.xml`), async (rows) => {
          expect(rows.map((r) => r.remark)).toEqual([im.imageMissing('images/sign.png')]);
        });
        if (version === 'qti21')
          await imported('order.xml', file('qti21/order.xml'), async (rows) => {
            expect(rows.map((r) => r.remark)).toEqual([unsupported('qti-order-interaction')]);
          });
      });
    }
  },
);

describe.skipIf(absent('qti3'))('1EdTech QTI 3.0 examples', () => {
  it('BBQsTest.zip (a content package of 22 items): what the product reads comes in, every other interaction is refused by name', async () => {
    await imported('BBQsTest.zip', file('qti3/BBQsTest.zip'), async (rows) => {
      expect(rows).toHaveLength(22);
      const done = rows.filter((r) => r.status === 'imported');
      expect(done.map((r) => r.name)).toEqual([
        'Either/Or question about root 2',
        'Question set',
        'Applications of materials',
        'Identifying polynomials',
        'True/false question about geometry',
        'The answer to...',
      ]);
      for (const r of rows.filter((x) => x.status === 'refused'))
        expect(r.remark).toMatch(/^Question type '.+' is not supported: /);
      const materials = await detail(done[2].questionId);
      expect(materials).toMatchObject({ questionType: 1, correctChoices: [1, 2] });
      expect(materials.choices.map((c) => c.weight)).toEqual([50, 50, 0, 0]);
      // modal feedback named after a choice is that choice's feedback
      const geometry = await detail(done[4].questionId);
      expect(geometry.choices.map((c) => c.feedback)).toEqual([
        'No, an octahedron has 8 faces.',
        "That's right, an octahedron has 8 faces.",
      ]);
      // no correct response: the value its response processing compares with; the body's inline feedback
      // 'Correct' / 'Incorrect' is the pass / fail feedback
      expect(await detail(done[5].questionId)).toMatchObject({
        questionType: 4,
        numericAnswer: 42,
        passFeedback: 'OK',
        failFeedback: 'No',
      });
    });
  });

  it('BPIG examples: modal feedback by identifier, inline feedback, a multiple choice', async () => {
    await imported('m.xml', file('qti3/Example01-modalFeedback.xml'), async (rows) => {
      expect(await detail(rows[0].questionId)).toMatchObject({
        passFeedback: 'correct',
        failFeedback: 'incorrect',
      });
    });
    await imported('i.xml', file('qti3/Example02-feedbackInline.xml'), async (rows) => {
      expect((await detail(rows[0].questionId)).choices.map((c) => c.feedback)).toEqual([
        "— That's correct",
        "— That's not correct",
      ]);
    });
    await imported('c.xml', file('qti3/QTI3multiplechoice2.xml'), async (rows) => {
      expect(await detail(rows[0].questionId)).toMatchObject({ questionType: 1, correctChoices: [1, 4] });
    });
  });
});
