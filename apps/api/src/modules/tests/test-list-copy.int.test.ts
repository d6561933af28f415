import { commonMessages } from '@assess/contracts/common';
import { testCopyMessages, testMessages, testRowMessages } from '@assess/contracts/tests';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { as } from '../../../test/given';
import { poolQuestions, pools, poolTopics, tests, users } from '../../db/schema';
import {
  ERP,
  erp,
  ids,
  makeTest,
  PARTNER,
  readonly,
  refused,
  STRANGER,
  subscriber,
  t,
  uniqueCode,
  userIdOf,
  useTestListApp,
} from './test-list.test-support';

useTestListApp();

describe('POST /api/tests/:id/copy (part 3 §5 Test copy)', () => {
  it('copies the whole test with its sections, fixed questions and topics as an inactive Draft', async () => {
    const src = await makeTest(ERP, {
      status: 'scheduled',
      config: { duration: 45, passingScore: 3 },
      sections: 3,
      questionsPerSection: 4,
    });
    const res = await erp.post(`/api/tests/${src.testId}/copy`, {
      code: `${src.code}-Copy`,
      name: `${src.name}-Copy`,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Test copy created successfully.');
    const copyId: number = res.json().testId;
    const copy = await testRow(copyId);
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
    const [a, b] = await Promise.all([structureOf(src.testId), structureOf(copyId)]);
    expect(b).toEqual(a);
    expect(b.sections).toHaveLength(3);
    expect(b.questions).toHaveLength(12);
    expect(b.topics).toHaveLength(3);
    // the source is untouched
    expect((await structureOf(src.testId)).sections).toHaveLength(3);
  });

  it('code ≤ 20, code and name required; a taken code or name is refused, nothing written', async () => {
    const src = await makeTest(ERP, { sections: 1 });
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
    const locked = await makeTest(ERP, { lockedBy: 'curator@example.com' });
    await refused(
      await erp.post(`/api/tests/${locked.testId}/copy`, { code: uniqueCode(), name: 'Copy of locked' }),
      403,
      testRowMessages.lockedNoCopy,
    );
    const theirs = await makeTest(STRANGER);
    await refused(
      await erp.post(`/api/tests/${theirs.testId}/copy`, { code: uniqueCode(), name: 'Stolen' }),
      404,
      commonMessages.notFound,
    );
    const published = await makeTest(PARTNER, { status: 'published' });
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
    const src = await makeTest('trial@example.com');
    while ((await countTests(providerId)) < 5) await makeTest('trial@example.com');
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

/** The stored row of a test. */
const testRow = async (testId: number) =>
  (await t.deps.db.select().from(tests).where(eq(tests.testId, testId)))[0];

/** Sections, fixed questions and topics of a test, comparable between a test and its copy. */
async function structureOf(testId: number) {
  const db = t.deps.db;
  const ps = await db.select().from(pools).where(eq(pools.testId, testId)).orderBy(pools.sequenceId);
  const ids = ps.map((p) => p.poolId);
  const qs = ids.length
    ? await db
        .select({
          code: sql<string>`(select p.code from pools p where p.pool_id = "pool_questions"."pool_id")`,
          questionId: poolQuestions.questionId,
          sequence: poolQuestions.sequence,
          isMandatory: poolQuestions.isMandatory,
        })
        .from(poolQuestions)
        .where(inArray(poolQuestions.poolId, ids))
        .orderBy(poolQuestions.poolId, poolQuestions.sequence)
    : [];
  const ts = ids.length
    ? await db
        .select({ poolId: poolTopics.poolId, topicId: poolTopics.topicId })
        .from(poolTopics)
        .where(inArray(poolTopics.poolId, ids))
    : [];
  return {
    sections: ps.map(
      ({ poolId, testId: _t, createdDate, updatedDate, createdBy, updatedBy, ...rest }) => rest,
    ),
    questions: qs,
    topics: ts.map((x) => ({ code: ps.find((p) => p.poolId === x.poolId)?.code, topicId: x.topicId })),
  };
}
