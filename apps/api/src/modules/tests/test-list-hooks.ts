import type { Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db/client';

/**
 * What later areas plug into the tests list (no module-wide registry: registerTestList makes these and returns
 * them, as the question bank's questionUsages).
 *
 * - testDataCleaners: Clean Data (and Delete) remove a test's learner data: attempts, results... The learner
 *   area registers one cleaner per table from its module file; the cleaner runs in the action's transaction
 *   (the `db` it gets), e.g.
 *     testDataCleaners.register({ name: 'attempts', clean: (db, testId) => createAttemptsRepository(db).deleteOfTest(testId) });
 *   `clean` answers how many rows it removed.
 * - testAttempts: the details dialog's "attempted" count. Until the learner area provides it, no student has
 *   attempted (attempts do not exist yet).
 * - testReadiness: whether a test meets the Ready criteria (the editor's rule); bulk update → Ready asks it.
 *   Until provided, no test qualifies.
 */
export type TestDataCleaner = { name: string; clean: (db: Db, testId: number) => Promise<number> };

export function createTestDataCleaners() {
  const registry = new Map<string, TestDataCleaner>();
  return {
    register(...cleaners: TestDataCleaner[]) {
      for (const c of cleaners) registry.set(c.name, c);
    },
    /** The cleaners bound to one transaction (the unit of work hands this to the service). */
    bind(db: Db) {
      return {
        /** Runs every cleaner for the test; the total of rows removed. */
        async clean(testId: number): Promise<number> {
          let removed = 0;
          for (const c of registry.values()) removed += await c.clean(db, testId);
          return removed;
        },
      };
    },
  };
}
export type TestDataCleaners = ReturnType<typeof createTestDataCleaners>;

/** How many of a test's assigned students have at least one attempt. */
export type AttemptedCount = (testId: number) => Promise<number>;

export function createTestAttempts() {
  let attempted: AttemptedCount = async () => 0;
  return {
    provide(fn: AttemptedCount) {
      attempted = fn;
    },
    attemptedStudents: (testId: number) => attempted(testId),
  };
}
export type TestAttempts = ReturnType<typeof createTestAttempts>;

export type ReadinessCaller = Pick<
  Principal,
  'providerId' | 'userId' | 'contentProviderIds' | 'privileges' | 'roles' | 'licence'
>;
export type ReadinessCheck = (caller: ReadinessCaller, testId: number) => Promise<boolean>;

export function createTestReadiness() {
  let check: ReadinessCheck | null = null;
  return {
    provide(fn: ReadinessCheck) {
      check = fn;
    },
    isReady: async (caller: ReadinessCaller, testId: number) => (check ? check(caller, testId) : false),
  };
}
export type TestReadiness = ReturnType<typeof createTestReadiness>;
