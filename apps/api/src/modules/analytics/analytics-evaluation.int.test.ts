import { analyticsEndpoints } from '@assess/contracts/analytics';
import { endpointPath } from '@assess/contracts/common';
import { evaluationSchema } from '@assess/contracts/learner';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClock } from '../../../test/harness';
import { multipartBody } from '../../../test/multipart';
import { attempts, tests } from '../../db/schema';
import { DEMO_ANALYTICS_CODE } from '../../db/seed/demo-analytics';
import { as } from './analytics.test-support';

// Issue 24: from the analytics' top five, a student's attempt opens the evaluation view; staff see everything
// (TestAnalytics, the caller's provider's tests only).
let t: TestApp;
let attemptId: number;
let testId: number;
/** An image of the ERP provider set on the first question's version the attempt saw (question and solution). */
let imageId: number;
const url = (id: number) => endpointPath(analyticsEndpoints.attemptEvaluation.path, { attemptId: id });

beforeAll(async () => {
  t = await createTestApp({ clock: testClock(new Date()) });
  const [test] = await t.deps.db
    .select({ id: tests.testId })
    .from(tests)
    .where(eq(tests.code, DEMO_ANALYTICS_CODE));
  testId = test.id;
  const [a] = await t.deps.db
    .select({ id: attempts.attemptId })
    .from(attempts)
    .where(and(eq(attempts.testId, testId), eq(attempts.attemptNumber, 1)))
    .limit(1);
  attemptId = a.id;
  const erp = await as(t, 'erp@example.com');
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const { payload, headers } = await multipartBody([{ field: 'file', fileName: 'graph.png', content: png }]);
  const up = await t.app.inject({
    method: 'POST',
    url: '/api/question-bank/images',
    payload,
    headers: { ...headers, cookie: erp.cookie },
  });
  expect(up.statusCode, up.body).toBe(201);
  imageId = up.json().imageId;
  // a version is immutable: the attempt is pointed at a new version of its first question with the image
  // (before any evaluation is read: the versions are cached once read)
  await t.deps.db.execute(sql`
    with old as (
      select v.question_id, v.snapshot from question_versions v
      where v.version_id = (select (sections->0->'questions'->0->>'versionId')::int from attempts
        where attempt_id = ${attemptId})),
    added as (
      insert into question_versions (question_id, version, snapshot)
      select old.question_id, (select max(version) + 1 from question_versions w where w.question_id = old.question_id),
        old.snapshot || jsonb_build_object('image_id', ${imageId}::int, 'solution_image_id', ${imageId}::int)
      from old returning version_id)
    update attempts set sections = jsonb_set(sections, '{0,questions,0,versionId}', to_jsonb((select version_id from added)))
    where attempt_id = ${attemptId}`);
});
afterAll(async () => t?.close());

describe("a student's attempt as staff see it", () => {
  it('the top five name attempts the ERP Super User opens with every item shown', async () => {
    const erp = await as(t, 'erp@example.com');
    const top = await erp.get(`/api/analytics/tests/${testId}/top-five`);
    expect(top.statusCode, top.body).toBe(200);
    const first = top.json().students[0].attemptId as number;
    const res = await erp.get(url(first));
    expect(res.statusCode, res.body).toBe(200);
    const e = evaluationSchema.parse(res.json());
    expect(e.attemptId).toBe(first);
    expect(e.review).toEqual({
      score: true,
      answers: true,
      marks: true,
      rightAnswers: true,
      solutions: true,
    });
    expect(e.actualScore).not.toBeNull();
    const questions = e.sections.flatMap((s) => s.questions);
    expect(questions.length).toBeGreaterThan(0);
    for (const q of questions) {
      expect(q.marks).not.toBeNull();
      expect(q.outcome).not.toBeNull();
      expect(q.givenChoiceIds).not.toBeNull();
    }
  });

  it("question images are shown through the staff image route; the learner's route stays the student's", async () => {
    const erp = await as(t, 'erp@example.com');
    const e = evaluationSchema.parse((await erp.get(url(attemptId))).json());
    const q = e.sections[0].questions[0];
    const image = endpointPath(analyticsEndpoints.attemptImage.path, { attemptId, imageId });
    expect(q.imageUrl).toBe(image);
    expect(q.solutionImageUrl).toBe(image);
    const got = await erp.get(image);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect((await sharp(got.rawPayload).metadata()).width).toBe(40);
    // an image the attempt does not show, another provider, a student: all refused
    const other = endpointPath(analyticsEndpoints.attemptImage.path, { attemptId, imageId: imageId + 1000 });
    expect((await erp.get(other)).statusCode).toBe(404);
    expect((await (await as(t, 'quick@example.com')).get(image)).statusCode).toBe(404);
    expect((await (await as(t, 'student@example.com')).get(image)).statusCode).toBe(403);
    expect((await (await as(t, 'readonly@example.com')).get(image)).statusCode).toBe(403);
  });

  it('needs TestAnalytics: Read Only of the same provider is refused', async () => {
    const ro = await as(t, 'readonly@example.com');
    expect((await ro.get(url(attemptId))).statusCode).toBe(403);
  });

  it("another provider's attempt is refused as not found", async () => {
    const quick = await as(t, 'quick@example.com');
    const res = await quick.get(url(attemptId));
    expect(res.statusCode).toBe(404);
  });

  it('a student cannot use the staff reading; nobody signed in neither', async () => {
    const student = await as(t, 'student@example.com');
    expect((await student.get(url(attemptId))).statusCode).toBe(403);
    const anyone = await t.app.inject({ method: 'GET', url: url(attemptId) });
    expect(anyone.statusCode).toBe(401);
  });
});
