// Creating a question (POST /api/questions): the §5 rules and their messages, sanitising, the other
// provider's references, the types' answers, the configuration in-use guard and the Numerical privilege.
import { questionMessages as m, questionDetailSchema } from '@assess/contracts/questions';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { scqBody } from '../../../test/given';
import { configurationValues, privileges, questions, rolePrivileges } from '../../db/schema';
import { type QuestionBankContext, withQuestionBank } from './questions.test-support';

let { t, erp, partner, ids, motion, capitals } = {} as QuestionBankContext;
withQuestionBank((c) => {
  ({ t, erp, partner, ids, motion, capitals } = c);
});

/** How many questions (any provider) have this code, whatever its case. */
const countCode = (code: string) =>
  t.deps.db.$count(questions, sql`lower(${questions.code}) = lower(${code})`);

/** A create refused with `message`, and nothing written. */
async function refusedCreate(body: Record<string, unknown>, status: number, message: string, by = erp) {
  const res = await by.post('/api/questions', body);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
  expect(await countCode(String(body.code))).toBe(0);
}

describe('POST /api/questions', () => {
  it('creates a Draft with its topics and a first version', async () => {
    const res = await erp.post(
      '/api/questions',
      scqBody('NEW-1', [motion], { difficultyLevel: 2, points: 3 }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(m.created);
    const q = questionDetailSchema.parse(res.json().question);
    expect(q).toMatchObject({
      status: 1,
      version: 1,
      isActive: false,
      owned: true,
      readOnly: false,
      topicIds: [motion],
    });
    expect(q.topics[0].pathNames).toEqual(['Science', 'Physics', 'Mechanics', 'Motion']);
    expect(q.choices.map((c) => c.label)).toEqual(['(a)', '(b)']);
    expect(q.currentVersionId).toBeGreaterThan(0);
  });

  it('every §5 rule with its message, nothing written', async () => {
    await refusedCreate(scqBody('A'.repeat(21), [motion]), 400, m.codeTooLong);
    await refusedCreate(scqBody('has space', [motion]), 400, m.codeInvalid);
    await refusedCreate(scqBody('NOTOPIC', []), 400, m.createMandatory);
    await refusedCreate(scqBody('NOTEXT', [motion], { text: '  ' }), 400, m.createMandatory);
    await refusedCreate(
      scqBody('READY-1', [motion], { status: 2, correctChoices: [] }),
      400,
      m.createReadyMandatory,
    );
    await refusedCreate(scqBody('READY-2', [], { status: 2 }), 400, m.createReadyMandatory);
    const seven = Array.from({ length: 7 }, (_, i) => ({ text: `c${i}`, image: null }));
    await refusedCreate(scqBody('SEVEN', [motion], { choices: seven }), 400, m.tooManyChoices);
    await refusedCreate(
      scqBody('MCQ-BAD', [motion], { questionType: 1, correctChoices: [2, 5] }),
      400,
      m.answerNotAChoice,
    );
    await refusedCreate(scqBody('SCQ-TWO', [motion], { correctChoices: [1, 2] }), 400, m.oneAnswerOnly);
    await refusedCreate(
      {
        ...scqBody('NUM-NAN', [motion]),
        questionType: 4,
        choices: [],
        correctChoices: [],
        numericAnswer: 'four',
      },
      400,
      m.numericalAnswerNumber,
    );
    await refusedCreate(scqBody('PUB-NEW', [motion], { status: 3 }), 400, m.draftCannotBePublished);
    // An HTML text that is nothing but script is empty once sanitised.
    await refusedCreate(
      scqBody('HTML-EMPTY', [motion], { contentType: 4, text: '<script>alert(1)</script>' }),
      400,
      m.createMandatory,
    );
  });

  it('a code is unique per provider, whatever its case; another provider may use it', async () => {
    await erp.post('/api/questions', scqBody('DUP-1', [motion]));
    const res = await erp.post('/api/questions', scqBody('dup-1', [motion]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: m.codeTaken, fields: { code: [m.codeTaken] } });
    expect((await partner.post('/api/questions', scqBody('DUP-1', [capitals]))).statusCode).toBe(201);
  });

  it('HTML is sanitised on the server before it is stored; LaTeX is stored as typed', async () => {
    const res = await erp.post(
      '/api/questions',
      scqBody('HTML-1', [motion], {
        contentType: 4,
        text: '<p onclick="x()">Hi <img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">l</a></p>',
        choices: [
          { text: '<b>3</b><svg onload=alert(1)>', image: null },
          { text: '<i>4</i>', image: null },
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    const [row] = await t.deps.db
      .select()
      .from(questions)
      .where(eq(questions.questionId, res.json().question.questionId));
    expect(row.text).toBe('<p>Hi <a>l</a></p>');
    expect(row.choices).toEqual([
      { text: '<b>3</b>', image: null },
      { text: '<i>4</i>', image: null },
    ]);
    const tex = '<b>not html</b> $\\frac{a}{b} < 1$';
    const latex = await erp.post('/api/questions', scqBody('TEX-1', [motion], { contentType: 3, text: tex }));
    expect(latex.json().question.text).toBe(tex);
  });

  it("another provider's topic, image or objective: refused, nothing written", async () => {
    await refusedCreate(scqBody('FOREIGN-T', [capitals]), 404, m.invalidTopic);
    const [partnerImage] = await t.deps.db
      .execute<{ id: number }>(
        sql`select image_id as id from question_images where provider_id = ${ids.partner} limit 1`,
      )
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    await refusedCreate(scqBody('FOREIGN-I', [motion], { image: partnerImage.id }), 404, m.invalidImage);
    const [partnerObjective] = await t.deps.db
      .select({ id: configurationValues.id })
      .from(configurationValues)
      .where(and(eq(configurationValues.providerId, ids.partner), eq(configurationValues.key, 'Objective')));
    await refusedCreate(
      scqBody('FOREIGN-O', [motion], { objective: [partnerObjective.id] }),
      400,
      m.invalidObjective,
    );
  });

  it('True/False gets its fixed pair; Numerical keeps a number and no choices', async () => {
    const tf = await erp.post('/api/questions', {
      ...scqBody('TF-1', [motion]),
      questionType: 3,
      choices: [],
      correctChoices: [2],
    });
    expect(tf.json().question.choices.map((c: { text: string }) => c.text)).toEqual(['True', 'False']);
    const num = await erp.post('/api/questions', {
      ...scqBody('NUM-1', [motion]),
      questionType: 4,
      choices: [],
      correctChoices: [],
      numericAnswer: 2.5,
      status: 2,
    });
    expect(num.json().question).toMatchObject({ numericAnswer: 2.5, choices: [], status: 2, isActive: true });
  });

  it('a Numerical question keeps its tolerance (issue 27); a negative one is refused, other types store none', async () => {
    const numeric = (code: string, tolerance: unknown, questionType = 4) =>
      erp.post('/api/questions', {
        ...scqBody(code, [motion]),
        questionType,
        ...(questionType === 4 ? { choices: [], correctChoices: [], numericAnswer: 3.14 } : {}),
        tolerance,
      });
    const ok = await numeric('TOL-1', 0.01);
    expect(ok.statusCode, ok.body).toBe(201);
    const id = ok.json().question.questionId;
    expect((await erp.get(`/api/questions/${id}`)).json()).toMatchObject({
      numericAnswer: 3.14,
      tolerance: 0.01,
    });
    const negative = await numeric('TOL-2', -0.5);
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe(m.toleranceRange);
    const [none] = await t.deps.db.select().from(questions).where(eq(questions.code, 'TOL-2'));
    expect(none).toBeUndefined();
    expect((await numeric('TOL-3', 0)).json().question.tolerance).toBeNull();
    expect((await numeric('TOL-4', 0.5, 2)).json().question.tolerance).toBeNull();
  });
});

describe('configuration in-use guard and the Numerical privilege', () => {
  it('an objective held by a question stays active', async () => {
    const [objective] = await t.deps.db
      .select({ id: configurationValues.id })
      .from(configurationValues)
      .where(and(eq(configurationValues.providerId, ids.erp), eq(configurationValues.key, 'Objective')));
    await erp.post('/api/questions', scqBody('OBJ-1', [motion], { objective: [objective.id] }));
    const res = await erp.put(`/api/configuration/values/Objective/${objective.id}`, { isActive: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The Objective is in use.');
  });

  it('Numerical needs NumericalQuestionType', async () => {
    await t.deps.db.execute(sql`
      delete from ${rolePrivileges} rp using ${privileges} p
      where rp.privilege_id = p.privilege_id and p.area = 'Question' and p.name = 'NumericalQuestionType'`);
    await refusedCreate(
      {
        ...scqBody('NUM-NOPRIV', [motion]),
        questionType: 4,
        choices: [],
        correctChoices: [],
        numericAnswer: 1,
      },
      403,
      m.noNumericalPrivilege,
    );
  });
});
