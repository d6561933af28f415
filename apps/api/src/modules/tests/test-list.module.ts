import { unitOfWork } from '../../platform/db/unit-of-work';
import type { ModuleDeps, ZodApp } from '../../platform/modules';
import { createTestListRepository } from './test-list.repository';
import { testListRoutes } from './test-list.routes';
import { createTestListService } from './test-list.service';
import { createTestBulkRepository } from './test-list-bulk.repository';
import { createTestBulkService } from './test-list-bulk.service';
import { createTestCopyRepository } from './test-list-copy.repository';
import { createTestCopyService } from './test-list-copy.service';
import { dataCleanersOf, testAttemptsOf, testDataCleaners, testReadinessOf } from './test-list-hooks';

/**
 * The tests list and its row actions (issue 13; part 3 §2 Tests list, §4 row rules, §5 copy and bulk update,
 * §7, §8). Reads the extension points later areas fill (test-list-hooks.ts): `testDataCleaners` (Clean Data /
 * Delete remove attempts and results), `testAttemptedCount` (the details dialog's attempted count) and
 * `testReadiness` (bulk update → Ready); returns them as `testDataCleaners`, `testAttempts`, `testReadiness`.
 */
export function registerTestList(app: ZodApp, deps: ModuleDeps) {
  const db = deps.db;
  const cleaners = dataCleanersOf(deps.extensions, testDataCleaners);
  const testAttempts = testAttemptsOf(deps.extensions);
  const testReadiness = testReadinessOf(deps.extensions);
  const list = createTestListService({
    list: createTestListRepository(db, deps.clock),
    attempts: testAttempts,
    withTransaction: unitOfWork(db, (tx) => ({
      list: createTestListRepository(tx, deps.clock),
      cleaners: cleaners.bind(tx),
    })),
    clock: deps.clock,
  });
  const copy = createTestCopyService({
    withTransaction: unitOfWork(db, (tx) => ({
      list: createTestListRepository(tx),
      copy: createTestCopyRepository(tx),
    })),
    clock: deps.clock,
  });
  const bulk = createTestBulkService({
    bulk: createTestBulkRepository(db),
    readiness: testReadiness,
    withTransaction: unitOfWork(db, (tx) => ({ bulk: createTestBulkRepository(tx) })),
    clock: deps.clock,
  });
  testListRoutes(app, { list, copy, bulk });
  return {
    testDataCleaners: cleaners,
    testAttempts,
    testReadiness,
    testList: list,
    testCopy: copy,
    testBulk: bulk,
  };
}
