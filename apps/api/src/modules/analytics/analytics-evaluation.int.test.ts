import { analyticsEndpoints } from '@assess/contracts/analytics';
import { endpointPath } from '@assess/contracts/common';
import { evaluationSchema } from '@assess/contracts/learner';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClock } from '../../../test/harness';
import { attempts, tests } from '../../db/schema';
import { DEMO_ANALYTICS_CODE } from '../../db/seed/demo-analytics';
import { as } from './analytics.test-support';

// Issue 24: from the analytics' top five, a student's attempt opens the evaluation view; staff see everything
// (TestAnalytics, the caller's provider's tests only).
let t: TestApp;
let attemptId: number;
let testId: number;
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
