import { hasTestPrivilege } from '@assess/contracts/quick-tests';
import { sectionOwnMessages as own, type SectionRow, type SectionSupply } from '@assess/contracts/sections';
import { sectionMessages, TestStatus } from '@assess/contracts/tests';
import type { ContentCaller } from '../../platform/auth/principal';
import { forbidden, notFound } from '../../platform/http/errors';
import { assertTestEditable, testReadOnlyReason } from '../tests';
import type { PoolCounts, PoolRow, SectionsRepository, TestOfPool } from './sections.repository';

export type SectionCaller = ContentCaller;

/** Section edits need UpdateTest; routes guarded by a configuration privilege check it here too. */
export function assertMayUpdateTest(c: SectionCaller) {
  if (!hasTestPrivilege(c, 'UpdateTest')) throw forbidden(own.noUpdateTestPrivilege);
}

/**
 * A section the caller may change, inside the caller's transaction: another provider's section is "not found";
 * the test is locked (its row) so counts and order cannot change under us, then the one editability rule of
 * tests applies (owner, not published, not locked by another user), then the section's own lock.
 */
export async function editablePool(
  repos: { sections: SectionsRepository },
  c: SectionCaller,
  poolId: number,
) {
  const found = await repos.sections.pool(poolId, [c.providerId]);
  if (!found) throw notFound();
  const test = await repos.sections.lockTest(found.test.testId, c.providerId);
  if (!test) throw notFound();
  assertTestEditable(test, c);
  const pool = found.pool;
  if (pool.isLocked && pool.lockedBy !== null && pool.lockedBy !== c.userId)
    throw forbidden(own.sectionLocked);
  return { pool, test };
}

/** A section the caller may read: its own test's, or a content provider's published test's. */
export async function readablePool(sections: SectionsRepository, c: SectionCaller, poolId: number) {
  const found = await sections.pool(poolId, [c.providerId, ...c.contentProviderIds]);
  if (!found || !mayRead(c, found.test)) throw notFound();
  return found;
}

export const mayRead = (c: SectionCaller, test: TestOfPool) =>
  test.providerId === c.providerId || test.status >= TestStatus.Published;

/** Why the caller may not change the test's sections, or null when it may. */
export function readOnlyReason(c: SectionCaller, test: TestOfPool): string | null {
  if (!hasTestPrivilege(c, 'UpdateTest')) return own.noUpdateTestPrivilege;
  return testReadOnlyReason(test, c);
}

/** A section as the list shows it: counts, what it can supply and the spec's warning when that is too little. */
export function sectionRow(pool: PoolRow, counts: PoolCounts): SectionRow {
  const supply = counts.fixedReady + counts.topicSupply;
  return {
    poolId: pool.poolId,
    testId: pool.testId,
    code: pool.code,
    name: pool.name,
    sequenceId: pool.sequenceId,
    questionCount: pool.questionCount,
    maxQuestionForScore: pool.maxQuestionForScore,
    pointsPerQuestion: pool.pointsPerQuestion,
    negativePointsPerQuestion: pool.negativePointsPerQuestion,
    passingScore: pool.passingScore,
    masteryScore: pool.masteryScore,
    isMandatoryToPass: pool.isMandatoryToPass,
    noOfChoices: pool.noOfChoices,
    choiceFormat: pool.choiceFormat,
    isLocked: pool.isLocked,
    lockedBy: pool.lockedBy,
    randomizeType: pool.randomizeType,
    questionsPerTopic: pool.questionsPerTopic,
    questionTypes: pool.questionTypes,
    topics: counts.topics.map(({ topicId, name, providerName, available }) => ({
      topicId,
      name,
      providerName,
      available,
    })),
    fixedCount: counts.fixedCount,
    mandatoryCount: counts.mandatoryCount,
    fixedNotReady: counts.fixedNotReady,
    supply,
    warning: supply < pool.questionCount ? sectionMessages.supplyWarning : null,
  };
}

export async function rowOf(sections: SectionsRepository, pool: PoolRow, testProviderId: number) {
  return sectionRow(pool, await sections.counts(pool, testProviderId));
}

export const supplyOf = (row: SectionRow): SectionSupply => ({
  poolId: row.poolId,
  questionCount: row.questionCount,
  supply: row.supply,
  fixedNotReady: row.fixedNotReady,
  fixedCount: row.fixedCount,
});
