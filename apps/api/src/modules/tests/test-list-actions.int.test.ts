import { commonMessages } from '@assess/contracts/common';
import { testMessages, testRowMessages } from '@assess/contracts/tests';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { given, poolCount } from '../../../test/given';
import { pools, tests } from '../../db/schema';
import {
  admin,
  cleaned,
  curator,
  curatorId,
  ERP,
  erp,
  list,
  makeTest,
  PARTNER,
  readonly,
  refused,
  STRANGER,
  subscriber,
  t,
  useTestListApp,
} from './test-list.test-support';

useTestListApp();

/** The stored row of a test (undefined once deleted). */
const testRow = async (testId: number) =>
  (await t.deps.db.select().from(tests).where(eq(tests.testId, testId)))[0];

describe('DELETE /api/tests/:id (row rules enforced by the server)', () => {
  it('deletes an own test with its sections after its learner data', async () => {
    const x = await makeTest(ERP, { sections: 2, questionsPerSection: 2 });
    const res = await erp.delete(`/api/tests/${x.testId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Test deleted successfully');
    expect(await testRow(x.testId)).toBeUndefined();
    expect(await t.deps.db.select().from(pools).where(eq(pools.testId, x.testId))).toEqual([]);
    expect(cleaned).toContain(x.testId);
  });

  it('refused when locked by someone else, or not locked and scheduleStatus ≥ 3; allowed to the locker', async () => {
    const lockedByCurator = await makeTest(ERP, { lockedBy: 'curator@example.com' });
    await refused(
      await erp.delete(`/api/tests/${lockedByCurator.testId}`),
      403,
      testRowMessages.lockedByOther,
    );
    const scheduled = await makeTest(ERP, { status: 'scheduled' });
    await refused(await erp.delete(`/api/tests/${scheduled.testId}`), 403, testRowMessages.scheduledNoDelete);
    expect(await testRow(scheduled.testId)).toBeDefined();
    // the curator's own lock lifts the schedule condition (spec: "when not locked")
    expect((await curator.delete(`/api/tests/${lockedByCurator.testId}`)).statusCode).toBe(200);
    const theirs = await makeTest(PARTNER, { status: 'published' });
    await refused(
      await erp.delete(`/api/tests/${(await makeTest(STRANGER)).testId}`),
      404,
      commonMessages.notFound,
    );
    await refused(await subscriber.delete(`/api/tests/${theirs.testId}`), 403, testRowMessages.notOwner);
    expect((await readonly.delete(`/api/tests/${scheduled.testId}`)).statusCode).toBe(403);
  });
});

describe('DELETE of a test in a test series', () => {
  it('is refused (409) while a series holds it; nothing is deleted', async () => {
    // a series takes Ready or Published tests (the series editor's rule)
    const x = await makeTest(ERP, { status: 'ready' });
    await given(t).series({ tests: [x], status: 'draft' });
    await refused(await erp.delete(`/api/tests/${x.testId}`), 409, testRowMessages.inSeries);
    expect(await testRow(x.testId)).toBeDefined();
    expect(await poolCount(t, x.testId)).toBe(1);
  });
});

describe('PUT /api/tests/:id/lock', () => {
  it('the owner locks; only the locker or a Super User of the owner unlocks', async () => {
    const x = await makeTest(ERP);
    let res = await curator.put(`/api/tests/${x.testId}/lock`, { isLocked: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: testMessages.lockedMessage, isLocked: true, lockedBy: curatorId });
    const row = (await list(erp, `&code=${x.code}`)).items[0];
    expect(row).toMatchObject({ isLocked: true, lockedBy: curatorId });
    expect(row.lockedByName).toBeTruthy();
    await refused(
      await admin.put(`/api/tests/${x.testId}/lock`, { isLocked: true }),
      403,
      testRowMessages.lockedByOther,
    );
    await refused(
      await admin.put(`/api/tests/${x.testId}/lock`, { isLocked: false }),
      403,
      testMessages.unlockNotAllowed,
    );
    // locked by someone else blocks changes: copy and delete refused for the administrator
    await refused(await admin.delete(`/api/tests/${x.testId}`), 403, testRowMessages.lockedByOther);
    res = await erp.put(`/api/tests/${x.testId}/lock`, { isLocked: false });
    expect(res.json()).toEqual({ message: testMessages.unlockedMessage, isLocked: false, lockedBy: null });
    expect(await testRow(x.testId)).toMatchObject({ isLocked: false, lockedBy: null });
    res = await admin.put(`/api/tests/${x.testId}/lock`, { isLocked: true });
    expect(res.statusCode).toBe(200);
    expect((await admin.put(`/api/tests/${x.testId}/lock`, { isLocked: false })).statusCode).toBe(200);
    await refused(
      await admin.put(`/api/tests/${x.testId}/lock`, { isLocked: false }),
      403,
      testRowMessages.notLocked,
    );
  });

  it('another provider’s test: 404; read-only: 403', async () => {
    const theirs = await makeTest(STRANGER);
    await refused(
      await erp.put(`/api/tests/${theirs.testId}/lock`, { isLocked: true }),
      404,
      commonMessages.notFound,
    );
    const own = await makeTest(ERP);
    expect((await readonly.put(`/api/tests/${own.testId}/lock`, { isLocked: true })).statusCode).toBe(403);
    expect((await testRow(own.testId)).isLocked).toBe(false);
  });
});

describe('DELETE /api/tests/:id/data (Clean Data)', () => {
  it('only while in progress (scheduleStatus 5): runs every registered cleaner', async () => {
    const idle = await makeTest(ERP, { status: 'scheduled' });
    await refused(await erp.delete(`/api/tests/${idle.testId}/data`), 403, testRowMessages.onlyInProgress);
    expect(cleaned).not.toContain(idle.testId);
    const running = await makeTest(ERP, { status: 'inProgress' });
    const res = await erp.delete(`/api/tests/${running.testId}/data`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Test cleanup successfully', removed: 3 });
    expect(cleaned).toContain(running.testId);
    expect(await testRow(running.testId)).toBeDefined();
    const theirs = await makeTest(STRANGER, { status: 'inProgress' });
    await refused(await erp.delete(`/api/tests/${theirs.testId}/data`), 404, commonMessages.notFound);
    const subscribed = await makeTest(PARTNER, { status: 'inProgress' });
    await refused(await erp.delete(`/api/tests/${subscribed.testId}/data`), 403, testRowMessages.notOwner);
  });
});
