import { spreadsheetMessages as m } from '@assess/contracts/question-imports';
import { testMessages } from '@assess/contracts/tests';
import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { given } from '../../../test/given';
import { poolQuestions, questions } from '../../db/schema';
import { questionWorkbook } from './spreadsheet.template';
import { byCode, questionCount } from './spreadsheet.test-reads';
import {
  capitals,
  erp,
  ids,
  parts,
  scq,
  send,
  signInErpAgain,
  t,
  uploaded,
  useSpreadsheetApp,
} from './spreadsheet.test-support';

useSpreadsheetApp();

/**
 * A test of the ERP made through the test editor and the sections area with one section 'S1': Draft, 5 questions
 * allowed and none picked; or Published, holding one Ready question of its own. The section's id.
 */
async function sectionOfNewTest(code: string, name: string, published = false) {
  const g = given(t);
  const test = published
    ? await g.test({ code, name, sections: [{ questions: await g.questions(1) }], status: 'published' })
    : await g.test({ code, name, sections: [{ questions: [], questionCount: 5 }] });
  return test.poolIds[0];
}

describe('spreadsheet upload into a section', () => {
  let poolId: number;
  beforeAll(async () => {
    poolId = await sectionOfNewTest('SHEET-T', 'Sheet test');
  });

  it('appends the questions in order (Ready); the package limit refuses a file that would pass it, nothing written', async () => {
    const s = await uploaded(
      questionWorkbook({ 'Single Choice Questions': [scq('SEC-1'), scq('SEC-2')] }),
      {},
      poolId,
    );
    expect(s.result).toMatchObject({ uploadedQuestionCount: 2, isSectionQuestionLimit: false });
    const rows = await t.deps.db
      .select({ code: questions.code, sequence: poolQuestions.sequence, status: questions.status })
      .from(poolQuestions)
      .innerJoin(questions, eq(questions.questionId, poolQuestions.questionId))
      .where(eq(poolQuestions.poolId, poolId))
      .orderBy(asc(poolQuestions.sequence));
    expect(rows).toEqual([
      { code: 'SEC-1', sequence: 1, status: 2 },
      { code: 'SEC-2', sequence: 2, status: 2 },
    ]);

    // The package allows 3 questions per section: 2 + 2 new is over.
    await t.deps.db.execute(
      sql`update licence_packages set limits = jsonb_set(limits, '{TestSectionQuestions}', '3'::jsonb)
          where package_id = (select package_id from providers where provider_id = ${ids.erp})`,
    );
    await signInErpAgain();
    const before = await questionCount();
    const over = await uploaded(
      questionWorkbook({ 'Single Choice Questions': [scq('SEC-1'), scq('SEC-3'), scq('SEC-4')] }),
      {},
      poolId,
    );
    expect(over.result).toMatchObject({
      message: m.packageLimit,
      isSectionQuestionLimit: true,
      packageLimitError: `${m.packageLimit} ${m.sectionLimitCounts(2, 2, 3)}`,
      uploadedQuestionCount: 0,
    });
    expect(await questionCount()).toBe(before);
    // One more fits.
    const fits = await uploaded(
      questionWorkbook({ 'Single Choice Questions': [scq('SEC-1'), scq('SEC-3')] }),
      {},
      poolId,
    );
    expect(fits.result).toMatchObject({ uploadedQuestionCount: 1, duplicateQuestionCodes: ['SEC-1'] });
  });

  it('a section of a published test is refused before anything is read', async () => {
    const published = await sectionOfNewTest('SHEET-PUB', 'Published sheet test', true);
    const res = await send(
      erp,
      parts(questionWorkbook({ 'Single Choice Questions': [scq('PUB-1')] })),
      published,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(testMessages.published);
    expect(await byCode('PUB-1')).toBeUndefined();
  });

  it("a section of another provider's test is not found", async () => {
    const partner = await t.signIn('partner@example.com');
    const res = await send(
      partner,
      parts(questionWorkbook({ NUMERICAL: [] }), { topicId: capitals }),
      poolId,
    );
    expect(res.statusCode).toBe(404);
  });
});
