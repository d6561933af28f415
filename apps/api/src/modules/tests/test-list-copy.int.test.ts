import { commonMessages } from '@assess/contracts/common';
import { testCopyMessages, testMessages, testRowMessages } from '@assess/contracts/tests';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { as } from '../../../test/given';
import { tests, users } from '../../db/schema';
import {
  curatorId,
  erp,
  ids,
  insertTest,
  readonly,
  refused,
  stranger,
  structureOf,
  subscriber,
  t,
  testRow,
  uniqueCode,
  userIdOf,
  useTestListApp,
} from './test-list.test-support';

useTestListApp();

describe('POST /api/tests/:id/copy (part 3 §5 Test copy)', () => {
  it('copies the whole test with its sections, fixed questions and topics as an inactive Draft', async () => {
    const src = await insertTest(
      t,
      ids.erp,
      {
        status: 3,
        isActive: true,
        duration: 45,
        passingScore: 3,
        publishedDate: new Date(),
        scheduleStatus: 4,
      },
      { sections: 3, questionsPerSection: 4 },
    );
    const res = await erp.post(`/api/tests/${src.testId}/copy`, {
      code: `${src.code}-Copy`,
      name: `${src.name}-Copy`,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Test copy created successfully.');
    const copyId: number = res.json().testId;
    const copy = await testRow(t, copyId);
    expect(copy).toMatchObject({
      providerId: ids.erp,
      code: `${src.code}-Copy`,
      name: `${src.name}-Copy`,
      status: 1,
      isActive: false,
      isLocked: false,
      duration: 45,
      passingScore: 3,
      scheduleStatus: null,
      publishedDate: null,
      version: 1,
      createdBy: await userIdOf(t, 'erp@example.com'),
    });
    const [a, b] = await Promise.all([structureOf(t, src.testId), structureOf(t, copyId)]);
    expect(b).toEqual(a);
    expect(b.sections).toHaveLength(3);
    expect(b.questions).toHaveLength(12);
    expect(b.topics).toHaveLength(3);
    // the source is untouched
    expect((await structureOf(t, src.testId)).sections).toHaveLength(3);
  });

  it('code ≤ 20, code and name required; a taken code or name is refused, nothing written', async () => {
    const src = await insertTest(t, ids.erp, {}, { sections: 1, questionsPerSection: 1 });
    const before = await countTests(ids.erp);
    await refused(
      await erp.post(`/api/tests/${src.testId}/copy`, { code: 'A'.repeat(21), name: 'N' }),
      400,
      testCopyMessages.codeTooLong,
    );
    await refused(
      await erp.post(`/api/tests/${src.testId}/copy`, { code: ' ', name: 'N' }),
      400,
      testCopyMessages.codeRequired,
    );
    await refused(
      await erp.post(`/api/tests/${src.testId}/copy`, { code: 'NEWCODE', name: '' }),
      400,
      testCopyMessages.nameRequired,
    );
    await refused(
      await erp.post(`/api/tests/${src.testId}/copy`, {
        code: src.code.toLowerCase(),
        name: 'Brand new name',
      }),
      400,
      testMessages.codeExists,
    );
    await refused(
      await erp.post(`/api/tests/${src.testId}/copy`, { code: uniqueCode('NEW'), name: src.name }),
      400,
      testMessages.nameExists,
    );
    expect(await countTests(ids.erp)).toBe(before);
  });

  it('refuses a locked test, another provider’s test (404) and a subscribed one (not owned)', async () => {
    const locked = await insertTest(t, ids.erp, { isLocked: true, lockedBy: curatorId });
    await refused(
      await erp.post(`/api/tests/${locked.testId}/copy`, { code: uniqueCode(), name: 'Copy of locked' }),
      403,
      testRowMessages.lockedNoCopy,
    );
    const theirs = await insertTest(t, stranger, { status: 1 });
    await refused(
      await erp.post(`/api/tests/${theirs.testId}/copy`, { code: uniqueCode(), name: 'Stolen' }),
      404,
      commonMessages.notFound,
    );
    const published = await insertTest(t, ids.partner, { status: 3 });
    await refused(
      await subscriber.post(`/api/tests/${published.testId}/copy`, { code: uniqueCode(), name: 'Mine now' }),
      403,
      testRowMessages.notOwner,
    );
    expect(
      (await readonly.post(`/api/tests/${locked.testId}/copy`, { code: uniqueCode(), name: 'x' })).statusCode,
    ).toBe(403);
  });

  it('the package Tests limit applies (counted in the transaction)', async () => {
    const trial = await as(t, 'trial@example.com');
    const [{ providerId }] = await t.deps.db
      .select({ providerId: users.providerId })
      .from(users)
      .where(eq(users.userName, 'trial@example.com'));
    const src = await insertTest(t, providerId);
    while ((await countTests(providerId)) < 5) await insertTest(t, providerId);
    await refused(
      await trial.post(`/api/tests/${src.testId}/copy`, { code: uniqueCode(), name: 'One too many' }),
      403,
      'Your current package allows up to 5 tests.Please upgrade to higher package to create additional tests.',
    );
    expect(await countTests(providerId)).toBe(5);
  });
});

async function countTests(providerId: number) {
  const [row] = await t.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(tests)
    .where(eq(tests.providerId, providerId));
  return row.n;
}
