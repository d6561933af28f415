import {
  type TestBulkField,
  type TestBulkResult,
  type TestBulkUpdate,
  TestStatus,
  testBulkMessages,
  testMessages,
} from '@assess/contracts/tests';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { badRequest, notFound } from '../../platform/http/errors';
import { assertTestAction, readScope, type TestListCaller } from './test-list.service';
import type { TestBulkChange, TestBulkRepository } from './test-list-bulk.repository';
import type { TestReadiness } from './test-list-hooks';

type Repos = { bulk: TestBulkRepository };
const { Draft, Ready } = TestStatus;

/** A non-status field's change, as stored (the spec's 2 yes / 1 no flags become booleans). */
function changeOf(field: Exclude<TestBulkField, 'status'>, value: unknown): TestBulkChange {
  switch (field) {
    case 'difficultyLevel':
      return { column: 'difficultyLevel', value: value as number };
    case 'objective':
      return { column: 'objectiveIds', value: [...new Set(value as number[])] };
    case 'targetAudience':
      return { column: 'targetAudienceIds', value: [...new Set(value as number[])] };
    default:
      return { column: field, value: value === 2 };
  }
}

/**
 * Bulk update of tests (part 3 §4, §5, §7, §8): one field over the selected tests. Every selected test must be
 * the caller's and selectable by the row rules (status below Published, not in progress, not locked by another
 * user), else nothing is written. Status goes Draft → Ready only for the tests that meet the Ready criteria
 * (the editor's rule, asked through `readiness` before the transaction), Ready → Draft always; Published,
 * Scheduled and In Progress are refused by the schema with the spec's messages.
 */
export function createTestBulkService(deps: {
  bulk: TestBulkRepository;
  readiness: Pick<TestReadiness, 'isReady'>;
  withTransaction: UnitOfWork<Repos>;
  clock: () => Date;
}) {
  return {
    async update(c: TestListCaller, body: TestBulkUpdate): Promise<TestBulkResult> {
      const ids = [...new Set(body.testIds)];
      const field = body.field as TestBulkField;
      const seen = await deps.bulk.visibleRows(readScope(c), ids);
      // Another provider's id (or one that does not exist) among the selection: nothing is written.
      if (seen.length !== ids.length) throw notFound();
      for (const row of seen) assertTestAction('select', row, c);

      let readyIds: number[] = [];
      if (field === 'status' && body.value === Ready) {
        const drafts = seen.filter((r) => r.status === Draft).map((r) => r.testId);
        const ready = await Promise.all(drafts.map((id) => deps.readiness.isReady(c, id)));
        readyIds = drafts.filter((_, i) => ready[i]);
      }
      if (field === 'objective' || field === 'targetAudience') {
        const values = [...new Set(body.value as number[])];
        const key = field === 'objective' ? 'Objective' : 'TargetAudience';
        if ((await deps.bulk.configurationIds(c.providerId, key, values)).length !== values.length)
          throw badRequest(
            field === 'objective'
              ? testBulkMessages.invalidObjective
              : testBulkMessages.invalidTargetAudience,
          );
      }

      return deps.withTransaction(async ({ bulk }) => {
        const rows = await bulk.lockOwnRows(c.providerId, ids);
        if (rows.length !== ids.length) throw notFound();
        // checked again on the locked rows: a test may have changed since it was shown
        for (const row of rows) assertTestAction('select', row, c);
        const now = deps.clock();
        let updated: number;
        let note: string | null = null;
        if (field === 'status') {
          if (body.value === Ready) {
            const drafts = rows.filter((r) => r.status === Draft).length;
            updated = await bulk.setStatus(readyIds, Draft, Ready, c.userId, now);
            if (updated < drafts) note = testBulkMessages.readyCriteriaNote;
          } else {
            updated = await bulk.setStatus(ids, Ready, Draft, c.userId, now);
          }
        } else {
          updated = await bulk.setColumn(ids, changeOf(field, body.value), c.userId, now);
        }
        const after = await bulk.counts(ids);
        return {
          message: testMessages.bulkUpdated,
          totalCount: after.total,
          readyCount: after.ready,
          draftCount: after.draft,
          updatedCount: updated,
          unchangedCount: ids.length - updated,
          note,
        };
      });
    },
  };
}
export type TestBulkService = ReturnType<typeof createTestBulkService>;
