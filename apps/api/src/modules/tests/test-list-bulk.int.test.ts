import { commonMessages } from '@assess/contracts/common';
import { testRowMessages } from '@assess/contracts/tests';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { configurationValues, tests } from '../../db/schema';
import {
  curator,
  ERP,
  erp,
  ids,
  makeTest,
  PARTNER,
  readonly,
  refused,
  STRANGER,
  t,
  uniqueCode,
  useTestListApp,
} from './test-list.test-support';

useTestListApp();

/** The stored row of a test. */
const testRow = async (testId: number) =>
  (await t.deps.db.select().from(tests).where(eq(tests.testId, testId)))[0];

describe('POST /api/tests/bulk-update (part 3 §5, §8 bulk update)', () => {
  const bulk = (body: Record<string, unknown>, by = erp) => by.post('/api/tests/bulk-update', body);

  it('every §8 validation message, nothing written', async () => {
    const x = await makeTest(ERP);
    const ids1 = [x.testId];
    await refused(await bulk({ field: '', value: 2, testIds: ids1 }), 400, 'Please select field to update');
    await refused(await bulk({ field: 'none', testIds: ids1 }), 400, 'Cannot update not configured');
    await refused(await bulk({ field: 'code', value: 'X', testIds: ids1 }), 400, 'Cannot update code');
    await refused(
      await bulk({ field: 'status', value: 2, testIds: [] }),
      400,
      'Please select tests to update',
    );
    await refused(await bulk({ field: 'status', testIds: ids1 }), 400, 'Please select values to update');
    await refused(
      await bulk({ field: 'status', value: 3, testIds: ids1 }),
      400,
      'Cannot update status as Published',
    );
    await refused(
      await bulk({ field: 'status', value: 4, testIds: ids1 }),
      400,
      'Cannot update status as Scheduled',
    );
    await refused(
      await bulk({ field: 'status', value: 5, testIds: ids1 }),
      400,
      'Cannot update status as In-Progress ',
    );
    expect(await testRow(x.testId)).toMatchObject({ status: 1, version: 1 });
  });

  it('status → Ready only for tests meeting the Ready criteria (the editor’s rule); counts total / ready / draft', async () => {
    const [demoReady] = await t.deps.db
      .select()
      .from(tests)
      .where(and(eq(tests.providerId, ids.erp), eq(tests.code, 'DEMO-READY')));
    const copied = await erp.post(`/api/tests/${demoReady.testId}/copy`, {
      code: uniqueCode('RDY'),
      name: `Ready copy ${uniqueCode()}`,
    });
    expect(copied.statusCode, copied.body).toBe(201);
    const meets: number = copied.json().testId;
    expect((await erp.get(`/api/tests/${meets}/readiness`)).json().ready).toBe(true);
    const empty = await makeTest(ERP);
    expect((await erp.get(`/api/tests/${empty.testId}/readiness`)).json().ready).toBe(false);
    let res = await bulk({ field: 'status', value: 2, testIds: [meets, empty.testId] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Test(s) updated successfully',
      totalCount: 2,
      readyCount: 1,
      draftCount: 1,
      updatedCount: 1,
      unchangedCount: 1,
      note: 'Tests that do not meet the Ready criteria were left in Draft.',
    });
    expect(await testRow(meets)).toMatchObject({ status: 2, isActive: true, version: 2 });
    expect((await testRow(empty.testId)).status).toBe(1);
    res = await bulk({ field: 'status', value: 1, testIds: [meets, empty.testId] });
    expect(res.json()).toMatchObject({
      totalCount: 2,
      readyCount: 0,
      draftCount: 2,
      updatedCount: 1,
      note: null,
    });
  });

  it('sets difficulty, the 2 yes / 1 no flags, objective and target audience on every selected test', async () => {
    const a = await makeTest(ERP);
    const b = await makeTest(ERP, { status: 'ready', config: { showHint: true } });
    const both = [a.testId, b.testId];
    let res = await bulk({ field: 'showHint', value: 2, testIds: both });
    expect(res.json()).toMatchObject({
      totalCount: 2,
      updatedCount: 1,
      unchangedCount: 1,
      readyCount: 1,
      draftCount: 1,
    });
    expect((await testRow(a.testId)).showHint).toBe(true);
    res = await bulk({ field: 'navigationAllowed', value: 1, testIds: both });
    expect(res.json().updatedCount).toBe(2);
    expect((await testRow(b.testId)).navigationAllowed).toBe(false);
    res = await bulk({ field: 'difficultyLevel', value: 3, testIds: both });
    expect((await testRow(a.testId)).difficultyLevel).toBe(3);
    const objectives = await t.deps.db
      .select({ id: configurationValues.id, providerId: configurationValues.providerId })
      .from(configurationValues)
      .where(eq(configurationValues.key, 'Objective'));
    const own = objectives
      .filter((o) => o.providerId === ids.erp)
      .map((o) => o.id)
      .slice(0, 2);
    const foreign = objectives.find((o) => o.providerId !== ids.erp)!.id;
    res = await bulk({ field: 'objective', value: own, testIds: both });
    expect(res.statusCode, res.body).toBe(200);
    expect((await testRow(b.testId)).objectiveIds).toEqual(own);
    await refused(
      await bulk({ field: 'objective', value: [foreign], testIds: both }),
      400,
      'Please select objectives of your own configuration.',
    );
    expect((await testRow(b.testId)).objectiveIds).toEqual(own);
  });

  it('the selection rules are the server’s: published, in progress, locked by another, not owned', async () => {
    const ok = await makeTest(ERP);
    const published = await makeTest(ERP, { status: 'published' });
    const running = await makeTest(ERP, { status: 'inProgress' });
    const locked = await makeTest(ERP, { lockedBy: 'curator@example.com' });
    const subscribed = await makeTest(PARTNER, { status: 'published' });
    const strangers = await makeTest(STRANGER);
    const tryWith = (id: number) => bulk({ field: 'difficultyLevel', value: 1, testIds: [ok.testId, id] });
    await refused(await tryWith(published.testId), 403, testRowMessages.notSelectable);
    await refused(await tryWith(running.testId), 403, testRowMessages.notSelectable);
    await refused(await tryWith(locked.testId), 403, testRowMessages.lockedByOther);
    await refused(await tryWith(subscribed.testId), 403, testRowMessages.notSelectable);
    await refused(await tryWith(strangers.testId), 404, commonMessages.notFound);
    await refused(await tryWith(999999), 404, commonMessages.notFound);
    // nothing written for any of them
    expect((await testRow(ok.testId)).difficultyLevel).toBe(2);
    // the locker may update its own locked test
    const res = await bulk({ field: 'difficultyLevel', value: 1, testIds: [locked.testId] }, curator);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (
        await readonly.post('/api/tests/bulk-update', {
          field: 'difficultyLevel',
          value: 1,
          testIds: [ok.testId],
        })
      ).statusCode,
    ).toBe(403);
  });
});
