import { commonMessages } from '@assess/contracts/common';
import { testMessages, testRowMessages } from '@assess/contracts/tests';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses, courseTests, pools } from '../../db/schema';
import {
  admin,
  cleaned,
  curator,
  curatorId,
  erp,
  ids,
  insertTest,
  list,
  readonly,
  refused,
  stranger,
  structureOf,
  subscriber,
  t,
  testRow,
  uniqueCode,
  useTestListApp,
} from './test-list.test-support';

useTestListApp();

describe('DELETE /api/tests/:id (row rules enforced by the server)', () => {
  it('deletes an own test with its sections after its learner data', async () => {
    const x = await insertTest(t, ids.erp, {}, { sections: 2, questionsPerSection: 2 });
    const res = await erp.delete(`/api/tests/${x.testId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Test deleted successfully');
    expect(await testRow(t, x.testId)).toBeUndefined();
    expect(await t.deps.db.select().from(pools).where(eq(pools.testId, x.testId))).toEqual([]);
    expect(cleaned).toContain(x.testId);
  });

  it('refused when locked by someone else, or not locked and scheduleStatus ≥ 3; allowed to the locker', async () => {
    const lockedByCurator = await insertTest(t, ids.erp, { isLocked: true, lockedBy: curatorId });
    await refused(
      await erp.delete(`/api/tests/${lockedByCurator.testId}`),
      403,
      testRowMessages.lockedByOther,
    );
    const scheduled = await insertTest(t, ids.erp, { status: 4, scheduleStatus: 4 });
    await refused(await erp.delete(`/api/tests/${scheduled.testId}`), 403, testRowMessages.scheduledNoDelete);
    expect(await testRow(t, scheduled.testId)).toBeDefined();
    // the curator's own lock lifts the schedule condition (spec: "when not locked")
    expect((await curator.delete(`/api/tests/${lockedByCurator.testId}`)).statusCode).toBe(200);
    const theirs = await insertTest(t, ids.partner, { status: 3 });
    await refused(
      await erp.delete(`/api/tests/${(await insertTest(t, stranger)).testId}`),
      404,
      commonMessages.notFound,
    );
    await refused(await subscriber.delete(`/api/tests/${theirs.testId}`), 403, testRowMessages.notOwner);
    expect((await readonly.delete(`/api/tests/${scheduled.testId}`)).statusCode).toBe(403);
  });
});

describe('DELETE of a test in a test series', () => {
  it('is refused (409) while a series holds it; nothing is deleted', async () => {
    const x = await insertTest(t, ids.erp, {}, { sections: 1, questionsPerSection: 1 });
    const [course] = await t.deps.db
      .insert(courses)
      .values({ providerId: ids.erp, code: uniqueCode('SER'), text: 'Series holding a test' })
      .returning({ id: courses.courseId });
    await t.deps.db.insert(courseTests).values({ courseId: course.id, testId: x.testId });
    await refused(await erp.delete(`/api/tests/${x.testId}`), 409, testRowMessages.inSeries);
    expect(await testRow(t, x.testId)).toBeDefined();
    expect((await structureOf(t, x.testId)).sections).toHaveLength(1);
  });
});

describe('PUT /api/tests/:id/lock', () => {
  it('the owner locks; only the locker or a Super User of the owner unlocks', async () => {
    const x = await insertTest(t, ids.erp);
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
    expect(await testRow(t, x.testId)).toMatchObject({ isLocked: false, lockedBy: null });
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
    const theirs = await insertTest(t, stranger);
    await refused(
      await erp.put(`/api/tests/${theirs.testId}/lock`, { isLocked: true }),
      404,
      commonMessages.notFound,
    );
    const own = await insertTest(t, ids.erp);
    expect((await readonly.put(`/api/tests/${own.testId}/lock`, { isLocked: true })).statusCode).toBe(403);
    expect((await testRow(t, own.testId)).isLocked).toBe(false);
  });
});

describe('DELETE /api/tests/:id/data (Clean Data)', () => {
  it('only while in progress (scheduleStatus 5): runs every registered cleaner', async () => {
    const idle = await insertTest(t, ids.erp, { status: 4, scheduleStatus: 4 });
    await refused(await erp.delete(`/api/tests/${idle.testId}/data`), 403, testRowMessages.onlyInProgress);
    expect(cleaned).not.toContain(idle.testId);
    const running = await insertTest(t, ids.erp, { status: 5, scheduleStatus: 5 });
    const res = await erp.delete(`/api/tests/${running.testId}/data`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Test cleanup successfully', removed: 3 });
    expect(cleaned).toContain(running.testId);
    expect(await testRow(t, running.testId)).toBeDefined();
    const theirs = await insertTest(t, stranger, { status: 5, scheduleStatus: 5 });
    await refused(await erp.delete(`/api/tests/${theirs.testId}/data`), 404, commonMessages.notFound);
    const subscribed = await insertTest(t, ids.partner, { status: 5, scheduleStatus: 5 });
    await refused(await erp.delete(`/api/tests/${subscribed.testId}/data`), 403, testRowMessages.notOwner);
  });
});
