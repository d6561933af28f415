import { omrEndpoints as e, OmrSheetStatus } from '@assess/contracts/omr';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import { attempts, tests } from '../../db/schema';
import { DEMO_OMR_CODE } from '../../db/seed/demo-omr';

// Issue 25's demo data: a paper batch of 'Demo Paper Test' already read, one sheet scored, one in the queue.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => t?.close());

describe('demo OMR batch', () => {
  it('the ERP Super User finds one scored paper attempt and one sheet waiting in the correction queue', async () => {
    const c = await signedIn(t, 'erp@example.com');
    const [test] = await t.deps.db.select().from(tests).where(eq(tests.code, DEMO_OMR_CODE));
    expect(test).toBeTruthy();
    const params = { testId: test.testId };
    const queue = await c.call(e.sheets, { params, query: { queued: 'true' } });
    expect(queue.items).toHaveLength(1);
    expect(queue.items[0].answers[0].filter((a) => a === null)).toHaveLength(1);
    expect(queue.items[0].studentName).toBeTruthy();
    const all = await c.call(e.sheets, { params });
    const scored = all.items.find((s) => s.status === OmrSheetStatus.Scored);
    expect(scored?.attemptId).toBeTruthy();
    const [attempt] = await t.deps.db
      .select()
      .from(attempts)
      .where(and(eq(attempts.testId, test.testId), eq(attempts.attemptId, scored?.attemptId ?? 0)));
    expect(attempt.status).toBe(2);
    expect(attempt.actualScore).toBeGreaterThan(0);
    // the demo's questions as a question paper of the same form
    const paper = Buffer.from(await (await c.call(e.downloadTest, { params })).arrayBuffer()).toString(
      'latin1',
    );
    expect(paper).toContain(`OMR1|${test.testId}|${queue.items[0].formId}|1`);
  });
});
