import { Readable } from 'node:stream';
import { zipImportMessages as m, ZIP_MAX_BYTES, zipPickIssue } from '@assess/contracts/question-imports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { as, type Caller } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import { multipartBody } from '../../../test/multipart';
import { waitFor } from '../../../test/wait';
import { answersWorkbook, buildExampleZip, textImage, zipToBuffer } from './zip.example';

let t: TestApp;
let erp: Caller;
let providerId: number;
let categoryId: number;
let algebraId: number;
let linearId: number;
let png: Buffer;
const tag = `Z${Date.now().toString(36)}`;
const root = `ZipCat ${tag}`;

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await t.deps.handle.sql.executeSql(text, values)).rows as T[];
const count = async (text: string, values: unknown[] = []) =>
  Number((await q<{ n: number }>(text, values))[0].n);

type Entry = { path: string; data?: Buffer; mode?: number; dir?: boolean; store?: boolean };
/** A zip of the entries (yazl); `rename` swaps same-length names afterwards (yazl refuses unsafe ones). */
async function zipOf(entries: Entry[], rename: [string, string][] = []) {
  const zip = new yazl.ZipFile();
  for (const e of entries) {
    if (e.dir) zip.addEmptyDirectory(e.path);
    else
      zip.addBuffer(e.data ?? png, e.path, {
        ...(e.mode ? { mode: e.mode } : {}),
        ...(e.store ? { compress: false } : {}),
      });
  }
  let buf = await zipToBuffer(zip);
  for (const [from, to] of rename) {
    expect(from.length).toBe(to.length);
    buf = Buffer.from(buf.toString('latin1').split(from).join(to), 'latin1');
  }
  return buf;
}

/** The zip of the layout for topic Algebra › Linear: one question per type folder plus the answers. */
async function goodZip(prefix: string, answers?: unknown[][]) {
  const base = `${root}/Algebra/Linear`;
  return zipOf([
    { path: `${base}/SCQ/${prefix}-S1.png` },
    { path: `${base}/SCQ/Solutions/${prefix}-S1.png` },
    { path: `${base}/MCQ/${prefix}-M1.png` },
    { path: `${base}/TF/${prefix}-T1.jpg`, data: await sharpJpeg() },
    { path: `${base}/Numerical/${prefix}-N1.png` },
    {
      path: `${base}/Answers.xlsx`,
      data: answersWorkbook(
        answers ?? [
          [`${prefix}-S1`, '(b)', 'LOW'],
          [`${prefix}-M1`, 'a, c', 'HIGH'],
          [`${prefix}-T1`, 'False', ''],
          [`${prefix}-N1`, 9.81, 3],
        ],
      ),
    },
  ]);
}
async function sharpJpeg() {
  const sharp = (await import('sharp')).default;
  return sharp(png).jpeg().toBuffer();
}

const send = async (
  url: string,
  file: { name: string; data: Buffer } | undefined,
  options: unknown = {},
  extraFile?: { name: string; data: Buffer },
) => {
  const body = await multipartBody([
    { field: 'options', value: JSON.stringify(options) },
    ...(file ? [{ field: 'file', fileName: file.name, content: file.data }] : []),
    ...(extraFile ? [{ field: 'file', fileName: extraFile.name, content: extraFile.data }] : []),
  ]);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: erp.cookie, ...body.headers },
    payload: body.payload,
  });
};
const validate = (data: Buffer, options: unknown = {}, name = `${root}.zip`) =>
  send('/api/question-imports/zip/validate', { name, data }, options);
const start = (data: Buffer, options: unknown = {}, name = `${root}.zip`) =>
  send('/api/question-imports/zip/import', { name, data }, options);
const finished = (taskId: number) =>
  waitFor(async () => {
    const body = (await erp.get(`/api/question-imports/zip/tasks/${taskId}`)).json();
    return body.state === 'succeeded' || body.state === 'failed' ? body : undefined;
  }, 30_000);
const outputsOf = (taskId: number) =>
  q<{ subTask: string; status: number; remark: string | null }>(
    'select sub_task "subTask", status, remark from task_outputs where task_id = $1 order by id',
    [taskId],
  );
const snapshot = async () => ({
  questions: await count('select count(*) n from questions where provider_id = $1', [providerId]),
  files: await count('select count(*) n from files where provider_id = $1', [providerId]),
  tasks: await count("select count(*) n from tasks where task_type = 'questions.zipImport'"),
});

beforeAll(async () => {
  t = await createTestApp();
  erp = await as(t, 'erp@example.com');
  [{ provider_id: providerId }] = await q<{ provider_id: number }>(
    "select provider_id from users where user_name = 'erp@example.com'",
  );
  categoryId = (await erp.post('/api/question-bank/categories', { name: root })).json().node.id;
  algebraId = (await erp.post('/api/question-bank/topics', { name: 'Algebra', categoryId })).json().node.id;
  linearId = (
    await erp.post('/api/question-bank/topics', { name: 'Linear', parentTopicId: algebraId })
  ).json().node.id;
  png = await textImage(['What is x if 2x = 4?', '(a) 1  (b) 2  (c) 3  (d) 4']);
  await t.deps.jobs.startWorkers({ pollingIntervalSeconds: 0.5 });
});
afterAll(() => t.close());

describe('the picker rules (§5), shared by the dialog', () => {
  it('none, more than one, extension, 10 MB, the same file again', () => {
    expect(zipPickIssue([], null)).toBe(m.selectFile);
    expect(
      zipPickIssue(
        [
          { name: 'a.zip', size: 1 },
          { name: 'b.zip', size: 1 },
        ],
        null,
      ),
    ).toBe(m.oneFile);
    expect(zipPickIssue([{ name: 'a.rar', size: 1 }], null)).toBe(m.extension);
    expect(zipPickIssue([{ name: 'a.zip', size: ZIP_MAX_BYTES + 1 }], null)).toBe(m.tooLarge);
    expect(zipPickIssue([{ name: 'a.zip', size: ZIP_MAX_BYTES }], null)).toBeNull();
    expect(zipPickIssue([{ name: 'a.zip', size: 5 }], { name: 'a.zip', size: 5 })).toBe(m.duplicateFile);
  });
});

describe('POST /api/question-imports/zip/validate: upload rules', () => {
  it('refuses no file, another extension, more than 10 MB, two files and a bad number of choices', async () => {
    const before = await snapshot();
    let res = await send('/api/question-imports/zip/validate', undefined);
    expect([res.statusCode, res.json().message]).toEqual([400, m.selectFile]);
    res = await validate(await goodZip('X'), {}, `${root}.rar`);
    expect([res.statusCode, res.json().message]).toEqual([415, m.extension]);
    res = await validate(Buffer.alloc(ZIP_MAX_BYTES + 10), {});
    expect([res.statusCode, res.json().message]).toEqual([413, m.tooLarge]);
    const zip = await goodZip('X');
    res = await send(
      '/api/question-imports/zip/validate',
      { name: `${root}.zip`, data: zip },
      {},
      {
        name: `${root}.zip`,
        data: zip,
      },
    );
    expect([res.statusCode, res.json().message]).toEqual([400, m.oneFile]);
    for (const n of [1, 7, 2.5]) {
      res = await validate(zip, { numberOfChoices: n });
      expect([res.statusCode, res.json().message]).toEqual([400, m.numberOfChoices]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('accepts the documented layout and counts it; a PDF named .zip is not a zip', async () => {
    const res = await validate(await goodZip('V'), { numberOfChoices: 4, choiceFormatId: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: m.valid,
      questions: 4,
      topics: 1,
      byType: { SCQ: 1, MCQ: 1, TF: 1, Numerical: 1 },
      duplicateCodes: [],
    });
    const pdf = await validate(Buffer.from('%PDF-1.4 not a zip'));
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toMatchObject({ message: m.notValid, fields: { [m.notAZip]: [`${root}.zip`] } });
  });
});

describe("the 'Zip is not validate!' list", () => {
  it('lists every problem with what it concerns, and writes nothing', async () => {
    const before = await snapshot();
    const base = `${root}/Algebra/Linear`;
    const zip = await zipOf([
      { path: `${root}/Algebra/Nonexistent/SCQ/P1.png` },
      { path: `${root}/SCQ/P2.png` },
      { path: `${base}/SCQ/P3.png` },
      { path: `${base}/SCQ/P 4.png` },
      { path: `${base}/SCQ/P5.txt`, data: Buffer.from('not an image') },
      { path: `${base}/MCQ/P3.png` },
      { path: `${base}/MCQ/P6.png` },
      { path: `${base}/TF/P7.png` },
      { path: `${base}/TF/Solutions/P99.png` },
      { path: `${base}/notes.txt`, data: Buffer.from('x') },
      {
        path: `${base}/Answers.xlsx`,
        data: answersWorkbook([
          ['P3', 'g', ''],
          ['P6', 'a,b', 'EXTREME'],
          ['P7', 'maybe', ''],
          ['P8', 'a', ''],
        ]),
      },
      { path: `${root}/Algebra/SCQ/P10.png` },
    ]);
    const res = await validate(zip, { numberOfChoices: 4 });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe(m.notValid);
    const A = `${base}/Answers.xlsx`;
    expect(body.fields).toEqual({
      [m.unknownFolders]: [`${root}/Algebra/Nonexistent`],
      [m.typeFolderPlace]: [`${root}/SCQ`],
      [m.notImages]: [`${base}/SCQ/P5.txt`],
      [m.unexpectedFiles]: [`${base}/notes.txt`],
      [m.solutionWithoutQuestion]: [`${base}/TF/Solutions/P99.png`],
      [m.answersMissing]: [`${root}/Algebra`],
      [m.codeInvalid]: [`${base}/SCQ/P 4.png`],
      [m.codeRepeated]: [`${base}/SCQ/P3.png`, `${base}/MCQ/P3.png`],
      [m.answerInvalid]: [`${A} row 2: SCQ P3 'g'`, `${A} row 4: TF P7 'maybe'`],
      [m.difficultyInvalid]: [`${A} row 3: P6 'EXTREME'`],
      [m.answerWithoutQuestion]: [`${A} row 5: P8`],
    });
    expect(await snapshot()).toEqual(before);
  });

  it('the zip must be named after a root category (and the selected one)', async () => {
    let res = await validate(await goodZip('N'), {}, 'Nothing Like It.zip');
    expect(res.json().fields).toEqual({ [m.zipName]: ['Nothing Like It.zip'] });
    const other = (await erp.post('/api/question-bank/categories', { name: `Other ${tag}` })).json().node.id;
    res = await validate(await goodZip('N'), { categoryId: other });
    expect(res.json().fields).toEqual({ [m.categoryMismatch]: [`${root}.zip`] });
  });
});

describe('zip safety', () => {
  const base = `${root}/Algebra/Linear`;
  const expectRefused = async (zip: Buffer, fields: Record<string, string[]>) => {
    const before = await snapshot();
    const res = await validate(zip);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject(fields);
    expect(await snapshot()).toEqual(before);
  };

  it('a zip bomb stops at the unpacked-size cap while inflating', async () => {
    const zeros = Buffer.alloc(4 * 1024 * 1024);
    const zip = await zipOf(
      Array.from({ length: 17 }, (_, i) => ({ path: `${base}/SCQ/B${i}.png`, data: zeros })),
    );
    expect(zip.length).toBeLessThan(ZIP_MAX_BYTES);
    await expectRefused(zip, { [m.tooBigUnpacked]: [] });
    const one = await zipOf([{ path: `${base}/SCQ/B.png`, data: Buffer.alloc(6 * 1024 * 1024) }]);
    await expectRefused(one, { [m.tooBigUnpacked]: [] });
  });

  it("'../' entries and absolute paths are listed, never unpacked", async () => {
    const zip = await zipOf(
      [{ path: 'xx/evil.png' }, { path: 'yevil2.png' }, { path: `${base}/SCQ/G1.png` }],
      [
        ['xx/evil.png', '../evil.png'],
        ['yevil2.png', '/evil2.png'],
      ],
    );
    await expectRefused(zip, { [m.unsafePath]: ['../evil.png', '/evil2.png'] });
  });

  it('symbolic links and archives inside are refused', async () => {
    const zip = await zipOf([
      { path: `${base}/SCQ/L1.png`, data: Buffer.from('/etc/passwd'), mode: 0o120777 },
      { path: `${base}/SCQ/inner.zip`, data: await zipOf([{ path: 'a.png' }]) },
      { path: `${base}/SCQ/Z1.png`, data: await zipOf([{ path: 'b.png' }]) },
    ]);
    await expectRefused(zip, {
      [m.symlink]: [`${base}/SCQ/L1.png`],
      [m.nestedZip]: [`${base}/SCQ/inner.zip`, `${base}/SCQ/Z1.png`],
    });
  });

  it('too many entries', async () => {
    const zip = await zipOf(
      Array.from({ length: 10_001 }, (_, i) => ({ path: `d/${i}`, data: Buffer.alloc(0), store: true })),
    );
    await expectRefused(zip, { [m.tooManyEntries]: ['10001'] });
  });

  it('a bomb inside Answers.xlsx makes it unreadable', async () => {
    const bomb = await zipOf([
      { path: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(30 * 1024 * 1024, 32) },
    ]);
    const zip = await zipOf([{ path: `${base}/SCQ/W1.png` }, { path: `${base}/Answers.xlsx`, data: bomb }]);
    await expectRefused(zip, { [m.answersUnreadable]: [`${base}/Answers.xlsx`] });
  });
});

describe('POST /api/question-imports/zip/import (SyncQuestions) as a task', () => {
  it('imports each type folder as a subtask: images stored, answers set, Ready, mapped to the topic', async () => {
    const res = await start(await goodZip('I'), { numberOfChoices: 5, choiceFormatId: 4 });
    expect(res.statusCode).toBe(201);
    const { taskId } = res.json();
    const done = await finished(taskId);
    expect(done).toMatchObject({ state: 'succeeded', imported: 4, duplicateCodes: [], message: m.imported });
    const rows = await q<{
      code: string;
      question_type: number;
      status: number;
      choice_format: number;
      difficulty_level: number;
      choices: { text: string }[];
      correct_choices: number[];
      numeric_answer: number | null;
      image_id: number | null;
      solution_image_id: number | null;
      topics: number[];
      versions: number;
    }>(
      `select q.*, array(select topic_id from topic_question_mappings m where m.question_id = q.question_id) topics,
              (select count(*)::int from question_versions v where v.question_id = q.question_id) versions
       from questions q where provider_id = $1 and code like 'I-%' order by code`,
      [providerId],
    );
    const by = Object.fromEntries(rows.map((r) => [r.code, r]));
    expect(Object.keys(by)).toEqual(['I-M1', 'I-N1', 'I-S1', 'I-T1']);
    expect(by['I-S1']).toMatchObject({
      question_type: 2,
      correct_choices: [2],
      difficulty_level: 1,
      choice_format: 4,
    });
    expect(by['I-S1'].choices.map((c) => c.text)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(by['I-S1'].solution_image_id).not.toBeNull();
    expect(by['I-M1']).toMatchObject({ question_type: 1, correct_choices: [1, 3], difficulty_level: 3 });
    expect(by['I-T1']).toMatchObject({ question_type: 3, correct_choices: [2], difficulty_level: 2 });
    expect(by['I-N1']).toMatchObject({ question_type: 4, numeric_answer: 9.81, choices: [] });
    for (const r of rows) {
      expect(r).toMatchObject({ status: 2, topics: [linearId], versions: 1 });
      expect(r.image_id).not.toBeNull();
      const img = await erp.get(`/api/question-bank/images/${r.image_id}`);
      expect(img.statusCode).toBe(200);
    }
    const outputs = await outputsOf(taskId);
    expect(outputs.map((o) => [o.subTask, o.status])).toEqual(
      ['SCQ', 'MCQ', 'TF', 'Numerical'].map((f) => [`${root}/Algebra/Linear/${f}: 1 question(s)`, 2]),
    );
    expect(outputs[0].remark).toBe('1 imported');
    // the stored zip went once imported
    expect(
      await count(
        "select count(*) n from files where file_id = (select (task_arguments->>'fileId')::int from tasks where task_id = $1)",
        [taskId],
      ),
    ).toBe(0);
  });

  it('imports again skip the duplicate codes (nothing new, no stray images)', async () => {
    const filesBefore = await count('select count(*) n from question_images where provider_id = $1', [
      providerId,
    ]);
    const questionsBefore = (await snapshot()).questions;
    const v = await validate(await goodZip('I'));
    expect(v.json().duplicateCodes).toEqual(['I-S1', 'I-M1', 'I-T1', 'I-N1']);
    const { taskId } = (await start(await goodZip('I'))).json();
    const done = await finished(taskId);
    expect(done).toMatchObject({ state: 'succeeded', imported: 0, message: m.nothingNew });
    expect(done.duplicateCodes.sort()).toEqual(['I-M1', 'I-N1', 'I-S1', 'I-T1']);
    expect((await snapshot()).questions).toBe(questionsBefore);
    expect(await count('select count(*) n from question_images where provider_id = $1', [providerId])).toBe(
      filesBefore,
    );
    const outputs = await outputsOf(taskId);
    expect(outputs[0].remark).toBe('0 imported; 1 duplicate code(s) skipped: I-S1');
  });

  it('is atomic: an invalid zip starts no task and stores nothing', async () => {
    const before = await snapshot();
    const res = await start(await goodZip('A', [[`A-S1`, 'z', '']]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.notValid);
    expect(await snapshot()).toEqual(before);
  });

  it('a task whose zip no longer fits the hierarchy fails with the reason, writes nothing, drops the zip', async () => {
    const before = await snapshot();
    const [{ user_id: userId }] = await q<{ user_id: number }>(
      "select user_id from users where user_name = 'erp@example.com'",
    );
    const zip = await goodZip('F');
    const gone = Buffer.from(zip.toString('latin1').split('/Linear/').join('/Gone00/'), 'latin1');
    const saved = await t.deps.files.save({
      providerId,
      userId,
      fileName: `${root}.zip`,
      content: Readable.from([gone]),
      maxBytes: ZIP_MAX_BYTES,
    });
    const task = await t.deps.tasks.createTask({
      providerId,
      userId,
      taskType: 'questions.zipImport',
      args: {
        fileId: saved.fileId,
        fileName: `${root}.zip`,
        options: { numberOfChoices: 4, choiceFormatId: 1, categoryId: null, poolId: null },
        sectionLimit: null,
        numericalAllowed: true,
      },
    });
    const done = await finished(task.taskId);
    expect(done.state).toBe('failed');
    expect(done.message).toContain(`${m.notValid} ${m.unknownFolders} ${root}/Algebra/Gone00`);
    expect(await outputsOf(task.taskId)).toEqual([]);
    const after = await snapshot();
    expect(after.questions).toBe(before.questions);
    expect(after.files).toBe(before.files);
  }, 60_000);

  it('a section import adds the questions to the section within the package limit', async () => {
    const [{ test_id: testId }] = await q<{ test_id: number }>(
      'insert into tests (provider_id, code, name) values ($1, $2, $3) returning test_id',
      [providerId, `ZT${tag}`.slice(0, 20), `Zip test ${tag}`],
    );
    const [{ pool_id: poolId }] = await q<{ pool_id: number }>(
      `insert into pools (test_id, provider_id, code, name, sequence_id, question_count)
       values ($1, $2, 'S1', 'Section one', 1, 10) returning pool_id`,
      [testId, providerId],
    );
    const { taskId } = (await start(await goodZip('P'), { poolId })).json();
    expect(await finished(taskId)).toMatchObject({ state: 'succeeded', imported: 4 });
    const inPool = await q<{ code: string; sequence: number }>(
      'select q.code, p.sequence from pool_questions p join questions q using (question_id) where pool_id = $1 order by sequence',
      [poolId],
    );
    expect(inPool.map((r) => r.code).sort()).toEqual(['P-M1', 'P-N1', 'P-S1', 'P-T1']);
    // the package's questions-per-section cap: 4 in the section + 4 new > 6
    const packageOf = `(select package_id from providers where provider_id = ${providerId})`;
    await q(
      `update licence_packages set limits = jsonb_set(limits, '{TestSectionQuestions}', '6') where package_id = ${packageOf}`,
    );
    // written behind the API's back: the cached principals (and their licence) are forgotten as an API write would
    t.deps.sessions.forgetPrincipals();
    try {
      const before = await snapshot();
      const over = await validate(await goodZip('R'), { poolId });
      expect([over.statusCode, over.json().message]).toEqual([
        403,
        'Please upgrade to higher package to add more than 6 questions.',
      ]);
      expect((await start(await goodZip('R'), { poolId })).statusCode).toBe(403);
      expect(await snapshot()).toEqual(before);
      // the questions already in the bank do not count again
      expect((await validate(await goodZip('P'), { poolId })).statusCode).toBe(200);
    } finally {
      await q(
        `update licence_packages set limits = jsonb_set(limits, '{TestSectionQuestions}', '500') where package_id = ${packageOf}`,
      );
    }
    // another provider's section is not found (the same hierarchy in its own bank)
    const partner = await as(t, 'partner@example.com');
    const pc = (await partner.post('/api/question-bank/categories', { name: root })).json().node.id;
    const pa = (await partner.post('/api/question-bank/topics', { name: 'Algebra', categoryId: pc })).json()
      .node.id;
    await partner.post('/api/question-bank/topics', { name: 'Linear', parentTopicId: pa });
    const body = await multipartBody([
      { field: 'options', value: JSON.stringify({ poolId }) },
      { field: 'file', fileName: `${root}.zip`, content: await goodZip('Q') },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/question-imports/zip/validate',
      headers: { cookie: partner.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(404);
  });

  it("another provider's task is not found; the example zip validates and imports", async () => {
    const ex = await erp.get(`/api/question-imports/zip/example?topicId=${linearId}`);
    expect(ex.statusCode).toBe(200);
    expect(ex.headers['content-type']).toBe('application/zip');
    const data = ex.rawPayload;
    const v = await validate(data);
    expect(v.statusCode).toBe(200);
    expect(v.json()).toMatchObject({ questions: 8, byType: { SCQ: 2, MCQ: 2, TF: 2, Numerical: 2 } });
    const { taskId } = (await start(data)).json();
    expect(await finished(taskId)).toMatchObject({ state: 'succeeded', imported: 8 });
    const partner = await as(t, 'partner@example.com');
    expect((await partner.get(`/api/question-imports/zip/tasks/${taskId}`)).statusCode).toBe(404);
    // seed-independent default example
    const plain = await buildExampleZip({ rootName: 'Science', path: ['Physics'], codePrefix: 'EX' });
    expect(plain.fileName).toBe('Science.zip');
  });
});
