import { Readable } from 'node:stream';
import { zipImportMessages as m, ZIP_MAX_BYTES } from '@assess/contracts/question-imports';
import { describe, expect, it } from 'vitest';
import { as } from '../../../test/given';
import { multipartBody } from '../../../test/multipart';
import { buildExampleZip } from './zip.example';
import {
  count,
  erp,
  finished,
  goodZip,
  linearId,
  outputsOf,
  providerId,
  q,
  root,
  snapshot,
  start,
  t,
  tag,
  useZipApp,
  validate,
} from './zip.test-support';

useZipApp();

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
