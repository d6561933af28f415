import {
  answerMessages as am,
  answersPageSchema,
  bulkUpdateResultSchema,
  questionImageMessages as im,
  imageUploadResultSchema,
  questionMessages as m,
  treeSchema,
} from '@assess/contracts/questions';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Caller, demoIds, scqBody } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import { multipartBody } from '../../../test/multipart';
import { questions, questionVersions, topicQuestionMappings } from '../../db/schema';

let t: TestApp;
let erp: Caller;
let ids: Awaited<ReturnType<typeof demoIds>>;
let motion: number;

beforeAll(async () => {
  t = await createTestApp();
  erp = await as(t, 'erp@example.com');
  ids = await demoIds(t);
  motion = await ids.topicOf(ids.erp, 'Motion');
});
afterAll(() => t.close());

const rowsOf = async (questionIds: number[]) =>
  t.deps.db.select().from(questions).where(inArray(questions.questionId, questionIds));
const create = async (code: string, extra: Record<string, unknown> = {}) =>
  (await erp.post('/api/questions', scqBody(code, [motion], extra))).json().question.questionId as number;

describe('POST /api/questions/bulk-update', () => {
  it('the §5 checks in order, each with its message, nothing written', async () => {
    const id = await create('BULK-MSG');
    const cases: [Record<string, unknown>, string][] = [
      [{ questionIds: [id], field: '', value: 2 }, m.bulkSelectField],
      [{ questionIds: [id], field: 'none', value: 2 }, m.bulkNotConfigured],
      [{ questionIds: [id], field: 'code', value: 'X' }, m.bulkCode],
      [{ questionIds: [id], field: 'contentType', value: 1 }, m.bulkContentType],
      [{ questionIds: [id], field: 'questionType', value: 1 }, m.bulkQuestionType],
      [{ questionIds: [id], field: 'points', value: '' }, m.bulkSelectValues],
      [{ questionIds: [], field: 'points', value: 3 }, m.bulkSelectQuestions],
    ];
    for (const [body, message] of cases) {
      const res = await erp.post('/api/questions/bulk-update', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await rowsOf([id]))[0]).toMatchObject({ version: 1, points: 0 });
  });

  it('status: Draft → Published is refused for the whole selection; Ready → Published publishes, Published untouched', async () => {
    const draft = await create('BULK-D1');
    const ready = await create('BULK-R1', { status: 2 });
    const ready2 = await create('BULK-R2', { status: 2 });
    const published = await ids.questionOf(ids.erp, 'MTH-SCQ-TXT-5');
    const refused = await erp.post('/api/questions/bulk-update', {
      questionIds: [draft, ready],
      field: 'status',
      value: 3,
    });
    expect(refused.json().message).toBe(m.draftCannotBePublished);
    expect((await rowsOf([ready]))[0].status).toBe(2);
    const [pubBefore] = await rowsOf([published]);
    const ok = await erp.post('/api/questions/bulk-update', {
      questionIds: [ready, ready2, published],
      field: 'status',
      value: 3,
    });
    expect(bulkUpdateResultSchema.parse(ok.json())).toEqual({
      message: m.bulkUpdated,
      totalCount: 3,
      publishedCount: 3,
      readyCount: 0,
      draftCount: 0,
      updatedCount: 2,
      unchangedCount: 1,
      note: null,
    });
    expect((await rowsOf([published]))[0].version).toBe(pubBefore.version);
    const all = await erp.post('/api/questions/bulk-update', {
      questionIds: [ready, published],
      field: 'status',
      value: 1,
    });
    expect(all.statusCode).toBe(400);
    expect(all.json().message).toBe(m.publishedStatusLocked);
    const curator = await as(t, 'curator@example.com');
    const noPriv = await curator.post('/api/questions/bulk-update', {
      questionIds: [draft],
      field: 'status',
      value: 3,
    });
    expect(noPriv.statusCode).toBe(403);
  });

  it('status → Ready only where answers and text or image are set (the note says so); Ready → Draft', async () => {
    const good = await create('BULK-G1');
    const noAnswer = await create('BULK-N1', { correctChoices: [] });
    const res = bulkUpdateResultSchema.parse(
      (
        await erp.post('/api/questions/bulk-update', {
          questionIds: [good, noAnswer],
          field: 'status',
          value: 2,
        })
      ).json(),
    );
    expect(res).toMatchObject({
      totalCount: 2,
      readyCount: 1,
      draftCount: 1,
      updatedCount: 1,
      note: m.bulkCriteriaNote,
    });
    const [g, n] = await Promise.all([rowsOf([good]), rowsOf([noAnswer])]);
    expect(g[0]).toMatchObject({ status: 2, isActive: true, version: 2 });
    expect(n[0]).toMatchObject({ status: 1, version: 1 });
    const back = bulkUpdateResultSchema.parse(
      (
        await erp.post('/api/questions/bulk-update', { questionIds: [good], field: 'status', value: 1 })
      ).json(),
    );
    expect(back).toMatchObject({ draftCount: 1, updatedCount: 1 });
  });

  it('other fields: one statement over the selection, a version row each, Published rows untouched', async () => {
    const a = await create('BULK-F1');
    const b = await create('BULK-F2', { status: 2 });
    const published = await ids.questionOf(ids.erp, 'MTH-MCQ-TXT-5');
    const [pub] = await rowsOf([published]);
    const res = bulkUpdateResultSchema.parse(
      (
        await erp.post('/api/questions/bulk-update', {
          questionIds: [a, b, published],
          field: 'difficultyLevel',
          value: 3,
        })
      ).json(),
    );
    expect(res).toMatchObject({ totalCount: 3, updatedCount: 2, unchangedCount: 1, publishedCount: 1 });
    const rows = await rowsOf([a, b, published]);
    const by = new Map(rows.map((r) => [r.questionId, r]));
    expect(by.get(a)).toMatchObject({ difficultyLevel: 3, version: 2 });
    expect(by.get(b)).toMatchObject({ difficultyLevel: 3, version: 2 });
    expect(by.get(published)).toMatchObject({ difficultyLevel: pub.difficultyLevel, version: pub.version });
    const versions = await t.deps.db
      .select()
      .from(questionVersions)
      .where(and(eq(questionVersions.questionId, a), eq(questionVersions.version, 2)));
    expect(versions[0].snapshot).toMatchObject({ difficulty_level: 3 });
    // Lock, objective, expiry.
    await erp.post('/api/questions/bulk-update', { questionIds: [a], field: 'isLocked', value: true });
    expect((await rowsOf([a]))[0]).toMatchObject({ isLocked: true, lockedBy: expect.any(Number) });
    await erp.post('/api/questions/bulk-update', {
      questionIds: [a],
      field: 'expiryDate',
      value: '2030-01-31',
    });
    expect((await rowsOf([a]))[0].expiryDate).toBe('2030-01-31');
    const foreign = await erp.post('/api/questions/bulk-update', {
      questionIds: [a],
      field: 'objective',
      value: [999999],
    });
    expect(foreign.json().message).toBe(m.invalidObjective);
  });

  it('bulk topic re-mapping moves the selection to one topic (the tree counts follow)', async () => {
    const a = await create('MAP-1');
    const circuits = await ids.topicOf(ids.erp, 'Circuits');
    const counts = async () => {
      const nodes = treeSchema.parse((await erp.get('/api/question-bank/tree?contentFilter=1')).json()).nodes;
      const of = (id: number) => nodes.find((n) => n.nodeType === 'topic' && n.id === id)!.questionCount;
      return [of(motion), of(circuits)];
    };
    const [motionBefore, circuitsBefore] = await counts();
    const res = await erp.post('/api/questions/bulk-topic-mapping', { topicId: circuits, questionIds: [a] });
    expect(res.json()).toEqual({ message: m.topicMapped, updatedCount: 1 });
    expect(await counts()).toEqual([motionBefore - 1, circuitsBefore + 1]);
    const maps = await t.deps.db
      .select()
      .from(topicQuestionMappings)
      .where(eq(topicQuestionMappings.questionId, a));
    expect(maps.map((x) => x.topicId)).toEqual([circuits]);
    await erp.delete(`/api/questions/${a}`);
    expect(await counts()).toEqual([motionBefore - 1, circuitsBefore]);
    const capitals = await ids.topicOf(ids.partner, 'Capitals');
    expect(
      (await erp.post('/api/questions/bulk-topic-mapping', { topicId: capitals, questionIds: [a] }))
        .statusCode,
    ).toBe(404);
  });
});

describe('answer setting', () => {
  it('10 a page with the counter data; saving a page in one request', async () => {
    const physics = await ids.topicOf(ids.erp, 'Physics');
    const p1 = answersPageSchema.parse(
      (await erp.get(`/api/question-bank/topics/${physics}/answers`)).json(),
    );
    expect(p1).toMatchObject({ topicName: 'Physics', readOnly: false, submitDisabled: false, pageSize: 10 });
    expect(p1.items).toHaveLength(10);
    const total = p1.totalCount;
    const p2 = answersPageSchema.parse(
      (await erp.get(`/api/question-bank/topics/${physics}/answers?pageNumber=2`)).json(),
    );
    expect(total).toBeGreaterThan(10);
    expect(p2.items).toHaveLength(Math.min(10, total - 10));
    expect(p1.items.map((i) => i.topicName)).toContain('Motion');
    const editable = [...p1.items, ...p2.items]
      .filter((i) => !i.readOnly && i.questionType === 3)
      .slice(0, 2);
    expect(editable).toHaveLength(2);
    const res = await erp.put(`/api/question-bank/topics/${physics}/answers`, {
      answers: editable.map((i) => ({ questionId: i.questionId, version: i.version, correctChoices: [2] })),
    });
    expect(res.json()).toEqual({ message: am.saved, updatedCount: 2 });
    const rows = await rowsOf(editable.map((i) => i.questionId));
    expect(rows.every((r) => r.correctChoices[0] === 2 && r.version === 2)).toBe(true);
    // The same page again, now stale: 409, nothing written.
    const stale = await erp.put(`/api/question-bank/topics/${physics}/answers`, {
      answers: editable.map((i) => ({ questionId: i.questionId, version: i.version, correctChoices: [1] })),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(am.stale);
    expect((await rowsOf(editable.map((i) => i.questionId))).every((r) => r.correctChoices[0] === 2)).toBe(
      true,
    );
    const published = [...p1.items, ...p2.items].find((i) => i.status === 3)!;
    expect(published.readOnly).toBe(true);
    const pub = await erp.put(`/api/question-bank/topics/${physics}/answers`, {
      answers: [{ questionId: published.questionId, version: published.version, correctChoices: [1] }],
    });
    expect(pub.json().message).toBe(m.publishedNotEditable);
  });

  it('answers are checked per type; a question outside the topic is refused', async () => {
    const motionPage = answersPageSchema.parse(
      (await erp.get(`/api/question-bank/topics/${motion}/answers`)).json(),
    );
    const tf = motionPage.items.find((i) => i.questionType === 3 && !i.readOnly)!;
    const two = await erp.put(`/api/question-bank/topics/${motion}/answers`, {
      answers: [{ questionId: tf.questionId, version: tf.version, correctChoices: [1, 2] }],
    });
    expect(two.json().message).toBe(m.oneAnswerOnly);
    const num = motionPage.items.find((i) => i.questionType === 4 && !i.readOnly)!;
    const nan = await erp.put(`/api/question-bank/topics/${motion}/answers`, {
      answers: [{ questionId: num.questionId, version: num.version, numericAnswer: 'x' }],
    });
    expect(nan.json().message).toBe(m.numericalAnswerNumber);
    const elsewhere = await ids.questionOf(ids.erp, 'MTH-SCQ-TXT-1');
    const out = await erp.put(`/api/question-bank/topics/${motion}/answers`, {
      answers: [{ questionId: elsewhere, version: 1, correctChoices: [1] }],
    });
    expect(out.statusCode).toBe(404);
    expect(out.json().message).toBe(am.notInTopic);
  });

  it('a session holds at most 500 questions', async () => {
    const roots = await ids.topicOf(ids.erp, 'Roots');
    await t.deps.db.execute(sql`
      with q as (
        insert into questions (provider_id, code, question_type, content_type, text, choices, correct_choices)
        select ${ids.erp}, 'MANY-' || g, 3, 1, 'Statement ' || g,
          '[{"text":"True","image":null},{"text":"False","image":null}]'::jsonb, '{1}'::smallint[]
        from generate_series(1, 510) g
        returning question_id)
      insert into topic_question_mappings (topic_id, question_id) select ${roots}, question_id from q`);
    const page = answersPageSchema.parse(
      (await erp.get(`/api/question-bank/topics/${roots}/answers?pageNumber=50`)).json(),
    );
    expect(page.totalCount).toBe(500);
    expect(page.items).toHaveLength(10);
    expect((await erp.get(`/api/question-bank/topics/${roots}/answers?pageNumber=51`)).statusCode).toBe(400);
  });

  it('§2 read-only rules: another provider’s hierarchy (types 1 and 3), first role 8; the server refuses their saves', async () => {
    const capitals = await ids.topicOf(ids.partner, 'Capitals');
    const onPartner = answersPageSchema.parse(
      (await erp.get(`/api/question-bank/topics/${capitals}/answers`)).json(),
    );
    expect(onPartner).toMatchObject({ readOnly: true, submitDisabled: true });
    expect(onPartner.items.every((i) => i.status === 3 && i.readOnly)).toBe(true);
    const item = onPartner.items[0];
    const save = await erp.put(`/api/question-bank/topics/${capitals}/answers`, {
      answers: [{ questionId: item.questionId, version: item.version, correctChoices: [1] }],
    });
    expect(save.statusCode).toBe(403);
    const sub = await as(t, 'subscriber@example.com');
    expect(
      answersPageSchema.parse((await sub.get(`/api/question-bank/topics/${capitals}/answers`)).json())
        .readOnly,
    ).toBe(true);
    const ro = await as(t, 'readonly@example.com');
    expect(
      answersPageSchema.parse((await ro.get(`/api/question-bank/topics/${motion}/answers`)).json()).readOnly,
    ).toBe(true);
    expect(
      (
        await ro.put(`/api/question-bank/topics/${motion}/answers`, {
          answers: [{ questionId: 1, version: 1 }],
        })
      ).statusCode,
    ).toBe(403);
    const partner = await as(t, 'partner@example.com');
    expect(
      answersPageSchema.parse((await partner.get(`/api/question-bank/topics/${capitals}/answers`)).json())
        .readOnly,
    ).toBe(false);
    const quick = await as(t, 'quick@example.com');
    expect((await quick.get(`/api/question-bank/topics/${capitals}/answers`)).statusCode).toBe(404);
  });
});

describe('question images', () => {
  const upload = async (by: Caller, fileName: string, content: Buffer) => {
    const { payload, headers } = await multipartBody([{ field: 'file', fileName, content }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/question-bank/images',
      payload,
      headers: { ...headers, cookie: by.cookie },
    });
  };
  const png = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();

  it('an image is re-encoded and served to its provider and its subscribers only', async () => {
    const partner = await as(t, 'partner@example.com');
    const res = await upload(partner, 'graph.png', await png());
    expect(res.statusCode).toBe(201);
    const saved = imageUploadResultSchema.parse(res.json());
    expect(saved).toMatchObject({ message: im.uploaded, width: 40, height: 30, contentType: 'image/png' });
    expect(saved.url).toBe(`/api/question-bank/images/${saved.imageId}`);
    const got = await t.app.inject({ method: 'GET', url: saved.url, headers: { cookie: partner.cookie } });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect((await sharp(got.rawPayload).metadata()).width).toBe(40);
    // Demo ERP Institute and Demo Subscriber subscribe to the partner; Demo Quick Tests does not.
    expect((await erp.get(saved.url)).statusCode).toBe(200);
    expect((await (await as(t, 'subscriber@example.com')).get(saved.url)).statusCode).toBe(200);
    expect((await (await as(t, 'quick@example.com')).get(saved.url)).statusCode).toBe(404);
    // Another kind of stored file is never served here.
    expect((await erp.get('/api/question-bank/images/999999')).statusCode).toBe(404);
  });

  it('JPEG stays JPEG; a PDF named .png, a non-image and an oversized file are refused', async () => {
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } })
      .jpeg()
      .toBuffer();
    expect(imageUploadResultSchema.parse((await upload(erp, 'photo.jpg', jpeg)).json()).contentType).toBe(
      'image/jpeg',
    );
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
    const refused = await upload(erp, 'picture.png', pdf);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe(im.notAnImage);
    expect((await upload(erp, 'x.png', Buffer.from('<svg onload="alert(1)"/>'))).statusCode).toBe(415);
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(erp, 'big.png', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(im.tooLarge);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/question-bank/images',
      headers: { cookie: erp.cookie, 'content-type': 'application/json' },
      payload: {},
    });
    expect(none.statusCode).toBe(400);
  });

  it('the seeded demo images are drawn on first use', async () => {
    const id = await ids.questionOf(ids.erp, 'SCI-TF-HTM-2');
    const [row] = await rowsOf([id]);
    expect(row.text).toBeNull();
    const got = await erp.get(`/api/question-bank/images/${row.imageId}`);
    expect(got.statusCode).toBe(200);
    expect((await sharp(got.rawPayload).metadata()).format).toBe('png');
  });
});
