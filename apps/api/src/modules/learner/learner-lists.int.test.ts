import { Readable } from 'node:stream';
import { learnerMessages as m } from '@assess/contracts/learner';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { courses } from '../../db/schema';
import { as, takeableTest, userIdOf } from './learner.test-support';

// The demo data is seeded at the real time, so this file runs on the real clock.
let t: TestApp;
let student: Awaited<ReturnType<typeof as>>;
let studentId: number;
type Row = { name: string; testId: number } & Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  student = await as(t, 'student@example.com');
  studentId = await userIdOf(t, 'student@example.com');
});
afterAll(async () => t?.close());

describe('the learner lists and the demo data', () => {
  it("assigned tests: only those whose start has passed, the latest attempt's result, 'No More Attempts'", async () => {
    const res = await student.get('/api/learner/tests');
    expect(res.statusCode).toBe(200);
    const rows: Row[] = res.json();
    const names = rows.map((r) => r.name);
    expect(names).toContain('Demo Mock Test');
    expect(names).not.toContain('Demo Ready Test'); // starts in three days
    expect(rows.find((r) => r.name === 'Demo Mock Test')).toMatchObject({
      attemptNumber: 0,
      maxAttempts: 3,
      result: null,
      actualScore: null,
      startIssue: null,
      openAttemptId: null,
    });
    const pub = rows.find((r) => r.name === 'Demo Published Test');
    expect(pub).toMatchObject({ attemptNumber: 1, maxAttempts: 1, startIssue: m.noMoreAttempts });
    expect([1, 2, 3]).toContain(pub?.result);
    expect(typeof pub?.actualScore).toBe('number');
    expect(pub?.attemptedOn).not.toBeNull();
  });

  it('the completed demo attempt has its evaluation: the answers given, the right answers, the marks', async () => {
    const pub = ((await student.get('/api/learner/tests')).json() as Row[]).find(
      (r) => r.name === 'Demo Published Test',
    ) as Row;
    const attempts = (await student.get(`/api/learner/tests/${pub.testId}/attempts`)).json();
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ attemptNumber: 1, status: 2 });
    const ev = await student.get(`/api/learner/attempts/${attempts[0].attemptId}/evaluation`);
    expect(ev.statusCode).toBe(200);
    const body = ev.json();
    const qs = body.sections.flatMap((s: { questions: unknown[] }) => s.questions) as {
      outcome: string;
      marks: number;
      correctChoiceIds: number[];
      correctNumeric: number | null;
      givenChoiceIds: number[];
    }[];
    expect(qs.length).toBeGreaterThan(0);
    expect(new Set(qs.map((q) => q.outcome))).toEqual(new Set(['correct', 'wrong', 'unanswered']));
    expect(qs.some((q) => q.correctChoiceIds.length > 0 || q.correctNumeric !== null)).toBe(true);
    expect(body.actualScore).toBe(attempts[0].actualScore);
    expect(qs.reduce((n, q) => n + q.marks, 0)).toBeCloseTo(body.actualScore);
  });

  it('Demo Mock Test: two sections, every question type and content type, an image served to the student', async () => {
    const mock = ((await student.get('/api/learner/tests')).json() as Row[]).find(
      (r) => r.name === 'Demo Mock Test',
    ) as Row;
    const started = (await student.post(`/api/learner/tests/${mock.testId}/attempts`)).json();
    const state = (await student.get(`/api/learner/attempts/${started.attemptId}`)).json();
    expect(state).toMatchObject({ showTimer: true, showResult: true, showHint: true, showBookmark: true });
    expect(state.sections).toHaveLength(2);
    const qs = state.sections.flatMap((s: { questions: unknown[] }) => s.questions) as {
      questionType: number;
      contentType: number;
      imageUrl: string | null;
      choices: { imageUrl: string | null }[];
    }[];
    expect(new Set(qs.map((q) => q.questionType))).toEqual(new Set([1, 2, 3, 4]));
    expect(new Set(qs.map((q) => q.contentType))).toEqual(new Set([1, 3, 4]));
    const url = qs.map((q) => q.imageUrl ?? q.choices.find((c) => c.imageUrl)?.imageUrl).find(Boolean);
    expect(url).toBeTruthy();
    const img = await student.get(url as string);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toMatch(/^image\//);
    // an image id the attempt does not show is not served
    expect((await student.get(`/api/learner/attempts/${started.attemptId}/images/999999`)).statusCode).toBe(
      404,
    );
    const row = ((await student.get('/api/learner/tests')).json() as Row[]).find(
      (r) => r.testId === mock.testId,
    );
    expect(row).toMatchObject({ openAttemptId: started.attemptId, attemptNumber: 1 });
  });

  it('dashboard counts (pending: no attempt; completed: attempts used up) and top scoring topics', async () => {
    const rows: Row[] = (await student.get('/api/learner/tests')).json();
    const d = (await student.get('/api/learner/dashboard')).json();
    expect(d.testsCount).toBe(rows.length);
    expect(d.pendingCount).toBe(rows.filter((r) => (r.attemptNumber as number) < 1).length);
    expect(d.completedCount).toBe(
      rows.filter((r) => (r.attemptNumber as number) >= (r.maxAttempts as number)).length,
    );
    expect(d.completedCount).toBeGreaterThanOrEqual(1);
    expect(d.seriesCount).toBeGreaterThanOrEqual(1);
    expect(d.topTopics.length).toBeGreaterThan(0);
    for (const x of d.topTopics) expect(x.percent).toBeGreaterThanOrEqual(0);
  });

  it("series cards and a series' tests; another series is not found", async () => {
    const cards = (await student.get('/api/learner/series')).json();
    expect(cards.length).toBeGreaterThan(0);
    const withTests = cards.find((c: { testsCount: number }) => c.testsCount > 0);
    const res = await student.get(`/api/learner/series/${withTests.courseId}/tests`);
    expect(res.statusCode).toBe(200);
    expect(res.json().tests.length).toBeGreaterThan(0);
    expect(res.json().tests[0]).toHaveProperty('testSubscriptionStatus');
    expect((await student.get('/api/learner/series/999999/tests')).statusCode).toBe(404);
    // a series image is served to its students only
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3a3' } })
      .png()
      .toBuffer();
    const [course] = await t.deps.db.select().from(courses).where(eq(courses.courseId, withTests.courseId));
    const saved = await t.deps.files.save({
      providerId: course.providerId,
      userId: studentId,
      fileName: 'cover.png',
      content: Readable.from(png),
      maxBytes: 1024 * 1024,
      accept: ['png'],
    });
    await t.deps.db
      .update(courses)
      .set({ image: String(saved.fileId) })
      .where(eq(courses.courseId, course.courseId));
    const card = (await student.get('/api/learner/series'))
      .json()
      .find((c: { courseId: number }) => c.courseId === course.courseId);
    expect(card.imageUrl).toMatch(/^\/api\/learner\/series\/\d+\/image/);
    const img = await student.get(card.imageUrl);
    expect([img.statusCode, img.headers['content-type']]).toEqual([200, 'image/png']);
    const other = await as(t, 'aarav.sharma@example.com');
    const mine = (await other.get('/api/learner/series')).json().map((c: { courseId: number }) => c.courseId);
    if (!mine.includes(course.courseId)) expect((await other.get(card.imageUrl)).statusCode).toBe(404);
  });

  it('evaluation only when the test shows results (403), only for own, closed attempts', async () => {
    const hidden = await takeableTest(t, new Date(), { students: [studentId], patch: { showResult: false } });
    const a = (await student.post(`/api/learner/tests/${hidden.testId}/attempts`)).json();
    const open = await takeableTest(t, new Date(), { students: [studentId] });
    const b = (await student.post(`/api/learner/tests/${open.testId}/attempts`)).json();
    const early = await student.get(`/api/learner/attempts/${b.attemptId}/evaluation`);
    expect([early.statusCode, early.json().message]).toEqual([409, m.attemptOpen]);
    await student.post(`/api/learner/attempts/${a.attemptId}/submit`);
    const ev = await student.get(`/api/learner/attempts/${a.attemptId}/evaluation`);
    expect([ev.statusCode, ev.json().message]).toEqual([403, m.resultHidden]);
    const list = (await student.get(`/api/learner/tests/${hidden.testId}/attempts`)).json();
    expect(list[0]).toMatchObject({ status: 2, actualScore: null, result: null });

    const other = await as(t, 'aarav.sharma@example.com');
    for (const url of [
      `/api/learner/attempts/${b.attemptId}`,
      `/api/learner/attempts/${b.attemptId}/evaluation`,
      `/api/learner/attempts/${b.attemptId}/result`,
    ]) {
      const r = await other.get(url);
      expect([r.statusCode, r.json().message]).toEqual([404, m.attemptNotFound]);
    }
    const save = await other.post(`/api/learner/attempts/${b.attemptId}/answers`, {
      answers: [{ questionId: 1, seq: 1 }],
    });
    expect(save.statusCode).toBe(404);
    expect((await other.post(`/api/learner/attempts/${b.attemptId}/submit`)).statusCode).toBe(404);
    expect((await student.get(`/api/learner/attempts/${b.attemptId}`)).json().status).toBe(1);
    // staff of the test's own provider do not use the learner calls (user type 4 only)
    const staff = await as(t, 'erp@example.com');
    expect((await staff.get(`/api/learner/attempts/${b.attemptId}`)).statusCode).toBe(403);
    expect((await staff.post(`/api/learner/attempts/${b.attemptId}/submit`)).statusCode).toBe(403);
  });
});
