import type { Database } from '../../platform/db/client';
import { unitOfWork } from '../../platform/db/unit-of-work';
import type { ModuleDeps, ZodApp } from '../../platform/modules';
import type { TestsModuleNeeds } from '.';
import { createTestListRepository } from './test-list.repository';
import { testListRoutes } from './test-list.routes';
import { createTestListService } from './test-list.service';
import { createTestBulkRepository } from './test-list-bulk.repository';
import { createTestBulkService } from './test-list-bulk.service';
import { createTestCopyRepository } from './test-list-copy.repository';
import { createTestCopyService } from './test-list-copy.service';
import { createTestAttempts, createTestDataCleaners, createTestReadiness } from './test-list-hooks';

export type { TestDataCleaner } from './test-list-hooks';

/**
 * The tests list and its row actions (issue 13; part 3 §2 Tests list, §4 row rules, §5 copy and bulk update,
 * §7, §8). Returns the hooks later areas fill: `testDataCleaners` (Clean Data / Delete remove attempts and
 * results), `testAttempts` (the details dialog's attempted count) and `testReadiness` (bulk update → Ready).
 */
export function registerTestList(app: ZodApp, deps: ModuleDeps, _needs: TestsModuleNeeds) {
  const db = deps.db as Database;
  const testDataCleaners = createTestDataCleaners();
  const testAttempts = createTestAttempts();
  const testReadiness = createTestReadiness();
  const list = createTestListService({
    list: createTestListRepository(db, deps.clock),
    attempts: testAttempts,
    withTransaction: unitOfWork(db, (tx) => ({
      list: createTestListRepository(tx, deps.clock),
      cleaners: testDataCleaners.bind(tx),
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
  return { testDataCleaners, testAttempts, testReadiness, testList: list, testCopy: copy, testBulk: bulk };
}
