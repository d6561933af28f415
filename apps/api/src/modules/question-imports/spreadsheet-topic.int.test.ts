import { spreadsheetMessages as m } from '@assess/contracts/question-imports';
import { questionMessages as qm } from '@assess/contracts/questions';
import * as XLSX from '@e965/xlsx';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { configurationValues, taskOutputs, topicQuestionMappings } from '../../db/schema';
import { questionWorkbook } from './spreadsheet.template';
import { byCode, questionCount } from './spreadsheet.test-reads';
import {
  type Book,
  capitals,
  erp,
  finished,
  ids,
  motion,
  parts,
  readonly,
  scq,
  send,
  status,
  t,
  uploaded,
  useSpreadsheetApp,
} from './spreadsheet.test-support';

useSpreadsheetApp();

describe('spreadsheet upload to a topic', () => {
  it('the template: every sheet type imported with its answers, one output row per sheet; re-upload creates nothing', async () => {
    const tpl = await t.app.inject({
      method: 'GET',
      url: '/api/question-imports/spreadsheet-template',
      headers: { cookie: erp },
    });
    expect(tpl.statusCode).toBe(200);
    expect(tpl.headers['content-disposition']).toContain('QuestionUploadTemplate.xlsx');
    const wb = XLSX.read(tpl.rawPayload, { type: 'buffer' });
    expect(wb.SheetNames).toEqual([
      'Multiple Choice Questions',
      'Single Choice Questions',
      'True False',
      'NUMERICAL',
    ]);

    const before = await questionCount();
    const s = await uploaded(tpl.rawPayload);
    expect(s.state).toBe('succeeded');
    expect(s.result).toMatchObject({
      message: m.uploadSuccess,
      packageLimitError: null,
      totalQuestionCount: 8,
      uploadedQuestionCount: 8,
      duplicateQuestionCodeCount: 0,
      invalidQuestionCodes: [],
    });
    expect(await questionCount()).toBe(before + 8);
    expect(await byCode('MCQ-EX-1')).toMatchObject({
      questionType: 1,
      correctChoices: [1, 2],
      difficultyLevel: 1,
    });
    expect((await byCode('MCQ-EX-1')).choices.map((c) => c.text)).toEqual(['2', '3', '4', '9']);
    expect(await byCode('MCQ-EX-2')).toMatchObject({ correctChoices: [1, 3], difficultyLevel: 2 });
    expect(await byCode('SCQ-EX-2')).toMatchObject({
      questionType: 2,
      correctChoices: [2],
      paragraphText: 'Square roots',
    });
    expect(await byCode('TF-EX-1')).toMatchObject({ questionType: 3, correctChoices: [1] });
    expect(await byCode('TF-EX-2')).toMatchObject({ correctChoices: [2], difficultyLevel: 3 });
    expect(await byCode('NUM-EX-2')).toMatchObject({
      questionType: 4,
      numericAnswer: 3.14,
      tolerance: 0.01,
      choices: [],
    });
    const q = await byCode('NUM-EX-1');
    const [map] = await t.deps.db
      .select()
      .from(topicQuestionMappings)
      .where(eq(topicQuestionMappings.questionId, q.questionId));
    expect(map.topicId).toBe(motion);
    const outputs = await t.deps.db
      .select()
      .from(taskOutputs)
      .where(eq(taskOutputs.taskId, s.taskId))
      .orderBy(asc(taskOutputs.id));
    expect(outputs.map((o) => o.subTask)).toEqual([
      "Sheet 'Multiple Choice Questions' of questions.xlsx: 2 questions",
      "Sheet 'Single Choice Questions' of questions.xlsx: 2 questions",
      "Sheet 'True False' of questions.xlsx: 2 questions",
      "Sheet 'NUMERICAL' of questions.xlsx: 2 questions",
    ]);
    expect(outputs.every((o) => o.status === 2 && o.remark === 'Uploaded 2')).toBe(true);

    // §4: every code a duplicate → Upload Failed; nothing new.
    const again = await uploaded(tpl.rawPayload);
    expect(again.result).toMatchObject({
      message: m.uploadFailed,
      totalQuestionCount: 8,
      uploadedQuestionCount: 0,
      duplicateQuestionCodeCount: 8,
    });
    expect(await questionCount()).toBe(before + 8);
  });

  it('an .xls (BIFF8) is read by its content too', async () => {
    const s = await uploaded(questionWorkbook({ 'Single Choice Questions': [scq('XLS-1')] }, 'biff8'));
    expect(s.result).toMatchObject({ uploadedQuestionCount: 1 });
    expect(await byCode('XLS-1')).toMatchObject({ correctChoices: [2] });
  });

  it('duplicates (any case) and invalid codes are listed with reasons; the valid ones are written whole', async () => {
    const book: Book = {
      'Multiple Choice Questions': [
        scq('dupe-a'),
        // §5: answers named ignoring case, surrounding spaces, '(' ')' and ','.
        [
          { 'Question Code': 'NAMED-1', Question: 'Named answers', Choice: 'Alpha', 'Is Answer': ' (B) ' },
          { Choice: 'Beta' },
          { Choice: '1,000', 'Is Answer': 'x' },
        ],
      ],
      'Single Choice Questions': [
        scq('OK-1', { 'Difficulty level': 'high', Objective: ' career guidance ' }),
        scq('BAD CODE'),
        scq('NOANSWER').slice(0, 1),
        [...scq('TWOANS'), { Choice: 'three', 'Is Answer': 'X' }],
        scq('DIFF-1', { 'Difficulty level': 'EXTREME' }),
        scq('IMG-1', { 'Question Image ?': 'missing.png' }),
        scq('OBJ-1', { Objective: 'No such objective' }),
        scq('ok-1'),
      ],
      'True False': [
        [
          { 'Question Code': 'TF-OK', Question: 'Sky is blue', Choice: ' true ', 'Is Answer': 'X' },
          { Choice: 'FALSE' },
        ],
        [{ 'Question Code': 'TF-BAD', Question: 'Maybe?', Choice: 'Maybe', 'Is Answer': 'X' }],
      ],
      NUMERICAL: [
        [{ 'Question Code': 'NUM-OK', Question: 'Big', Choice: '1,250' }],
        [{ 'Question Code': 'NUM-BAD', Question: 'Not a number', Choice: 'abc' }],
      ],
    };
    await uploaded(questionWorkbook({ 'Multiple Choice Questions': [scq('DUPE-A')] }));
    const s = await uploaded(questionWorkbook(book));
    expect(s.result?.message).toBe(m.uploadSuccess);
    expect(s.result?.totalQuestionCount).toBe(14);
    expect(s.result?.duplicateQuestionCodes.sort()).toEqual(['dupe-a', 'ok-1']);
    const reasons = Object.fromEntries((s.result?.invalidQuestions ?? []).map((i) => [i.code, i.reason]));
    expect(reasons).toEqual({
      'BAD CODE': qm.codeInvalid,
      NOANSWER: m.noAnswer,
      TWOANS: m.oneAnswer,
      'DIFF-1': m.difficulty,
      'IMG-1': m.missingImage('missing.png'),
      'OBJ-1': m.unknownObjective('No such objective'),
      'TF-BAD': m.trueFalseChoice,
      'NUM-BAD': m.numericAnswer,
    });
    expect(s.result?.invalidQuestionCodes).toHaveLength(8);
    expect(s.result?.uploadedQuestionCount).toBe(4);
    expect(await byCode('NAMED-1')).toMatchObject({ correctChoices: [2, 3] });
    expect(await byCode('OK-1')).toMatchObject({ difficultyLevel: 3, correctChoices: [2] });
    const [career] = await t.deps.db
      .select({ id: configurationValues.id })
      .from(configurationValues)
      .where(
        and(
          eq(configurationValues.providerId, ids.erp),
          eq(configurationValues.valueString, 'Career Guidance'),
        ),
      );
    expect((await byCode('OK-1')).objectiveIds).toEqual([career.id]);
    expect(await byCode('TF-OK')).toMatchObject({ correctChoices: [1] });
    expect(await byCode('NUM-OK')).toMatchObject({ numericAnswer: 1250 });
    for (const code of ['BAD CODE', 'NOANSWER', 'IMG-1', 'NUM-BAD'])
      expect(await byCode(code)).toBeUndefined();
    const remarks = await t.deps.db.select().from(taskOutputs).where(eq(taskOutputs.taskId, s.taskId));
    const scqRow = remarks.find((r) => r.subTask.includes('Single Choice'));
    expect(scqRow?.remark).toContain('duplicate codes: ok-1');
    expect(scqRow?.remark).toContain(`invalid codes: BAD CODE (${qm.codeInvalid})`);
  });

  it('an image the sheet names is stored when uploaded with the workbook', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const res = await send(erp, [
      { field: 'options', value: JSON.stringify({ topicId: motion }) },
      { field: 'images', fileName: 'diagram.png', content: png },
      {
        field: 'file',
        fileName: 'q.xlsx',
        content: questionWorkbook({
          'Single Choice Questions': [scq('IMG-OK', { 'Question Image ?': 'Diagram.png' })],
        }),
      },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const s = await finished(res.json().taskId);
    expect(s.result?.uploadedQuestionCount).toBe(1);
    expect((await byCode('IMG-OK')).imageId).toBeGreaterThan(0);
  });

  it('bad files: each a clear message, nothing written', async () => {
    const before = await questionCount();
    // A PDF named .xlsx is refused by its content before anything is queued.
    const pdf = await send(
      erp,
      parts(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), {}, 'q.xlsx'),
    );
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().message).toBe(`${m.invalidFile} ${m.notSpreadsheet}`);

    const failed = async (file: Buffer, reason: string) => {
      const s = await uploaded(file);
      expect(s.state).toBe('failed');
      expect(s.message).toBe(`${m.invalidFile} ${reason}`);
    };
    const good = questionWorkbook({ 'Single Choice Questions': [scq('NEVER-1')] });
    // Damaged: the zip cut in half.
    await failed(good.subarray(0, Math.floor(good.length / 2)), m.corrupt);
    // Password-protected: an OLE2 container holding an encrypted package, as Excel writes it.
    const cfb = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(cfb, 'EncryptionInfo', Buffer.alloc(64, 1));
    XLSX.CFB.utils.cfb_add(cfb, 'EncryptedPackage', Buffer.alloc(4096, 2));
    await failed(Buffer.from(XLSX.CFB.write(cfb, { type: 'buffer' }) as Buffer), m.passwordProtected);
    // A sheet without a column.
    const noColumn = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      noColumn,
      XLSX.utils.aoa_to_sheet([
        ['Question Code', 'Question', 'Choice'],
        ['X-1', 'q', 'a'],
      ]),
      'True False',
    );
    await failed(
      XLSX.write(noColumn, { type: 'buffer', bookType: 'xlsx' }),
      m.missingColumn('True False', 'Question Image ?'),
    );
    // None of the four sheets.
    const other = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(other, XLSX.utils.aoa_to_sheet([['a']]), 'Sheet1');
    await failed(XLSX.write(other, { type: 'buffer', bookType: 'xlsx' }), m.noSheets);
    // 50,000 rows.
    const big = Array.from({ length: 50_000 }, (_, i) => [
      { 'Question Code': `BIG-${i}`, Question: 'q', Choice: 1 },
    ]);
    await failed(questionWorkbook({ NUMERICAL: big }), m.tooManyRows(40_000));
    expect(await questionCount()).toBe(before);
  }, 120_000);

  it('the form is checked first: own topic, English only, the provider’s objectives; the privilege', async () => {
    const file = questionWorkbook({ 'Single Choice Questions': [scq('FORM-1')] });
    const foreign = await send(erp, parts(file, { topicId: capitals }));
    expect(foreign.statusCode).toBe(404);
    const noTopic = await send(erp, parts(file, { topicId: 0 }));
    expect(noTopic.json().message).toBe(m.selectTopic);
    const lang = await send(erp, parts(file, { languageId: 2 }));
    expect(lang.statusCode).toBe(400);
    expect(lang.json().message).toBe(m.languageEnglishOnly);
    const obj = await send(erp, parts(file, { objective: [999_999] }));
    expect(obj.json().message).toBe(qm.invalidObjective);
    const none = await send(erp, [{ field: 'options', value: JSON.stringify({ topicId: motion }) }]);
    expect(none.json().message).toBe(m.selectFile);
    expect((await send(readonly, parts(file))).statusCode).toBe(403);
    expect(await byCode('FORM-1')).toBeUndefined();
  });

  it("another provider's task is not found", async () => {
    const res = await send(erp, parts(questionWorkbook({ 'Single Choice Questions': [scq('OWN-1')] })));
    const partner = await t.signIn('partner@example.com');
    expect((await status(res.json().taskId, partner)).statusCode).toBe(404);
    await finished(res.json().taskId);
  });
});
