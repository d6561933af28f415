import type { SectionSupply } from '@assess/contracts/sections';
import type { Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db/client';
import { type ExtensionPoint, type Extensions, extensionPoint } from '../../platform/modules';

/**
 * The tests module's extension points (what other areas plug into it; exported from its index.ts):
 *
 * - testDataCleaners (many): Clean Data (and Delete) remove a test's learner data: attempts, results... The
 *   learner area contributes one cleaner per table; the cleaner runs in the action's transaction (the `db` it
 *   gets) and answers how many rows it removed, e.g.
 *     deps.extensions.contribute(testDataCleaners, 'learner.attempts',
 *       { name: 'learner.attempts', clean: (db, testId) => createAttemptsRepository(db).deleteOfTest(testId) });
 * - testAttemptedCount (one): the details dialog's "attempted" count. Without a contribution nobody has attempted.
 * - testSectionSupply (one, required): per section of a test its supply and Draft fixed picks (the sections area's
 *   counting; the editor's readiness rule reads it).
 * - testReadiness (one, required): whether a test meets the Ready criteria (the editor's rule); bulk update →
 *   Ready asks it.
 */
export type TestDataCleaner = { name: string; clean: (db: Db, testId: number) => Promise<number> };

export const testDataCleaners = extensionPoint.many<TestDataCleaner>('tests.dataCleaners', {
  description: "Clean Data and Delete remove a test's learner data (attempts, results)",
});

/** How many of a test's assigned students have at least one attempt. */
export type AttemptedCount = (testId: number) => Promise<number>;

export const testAttemptedCount = extensionPoint.one<AttemptedCount>('tests.attemptedCount', {
  description: "the tests list details' attempted count",
});

export type ReadinessCaller = Pick<
  Principal,
  'providerId' | 'userId' | 'contentProviderIds' | 'privileges' | 'roles' | 'licence'
>;
export type ReadinessCheck = (caller: ReadinessCaller, testId: number) => Promise<boolean>;

export const testReadiness = extensionPoint.one<ReadinessCheck>('tests.readiness', {
  description: 'whether a test meets the Ready criteria (bulk update → Ready)',
  required: true,
});

export type SectionSupplyOf = (testId: number) => Promise<SectionSupply[]>;

export const testSectionSupply = extensionPoint.one<SectionSupplyOf>('tests.sectionSupply', {
  description: "per section of a test what it can supply (the sections area's counting; readiness reads it)",
  required: true,
});

/**
 * Cleaners contributed to `point` (tests' or series' Clean Data, keyed by the test or series id): `register` adds
 * one (a test's probe), `bind(tx)` runs them all in one transaction and answers the rows removed.
 */
export function dataCleanersOf<Id>(
  extensions: Pick<Extensions, 'contribute' | 'all'>,
  point: ExtensionPoint<{ name: string; clean: (db: Db, id: Id) => Promise<number> }, 'many'>,
) {
  return {
    register(...cleaners: { name: string; clean: (db: Db, id: Id) => Promise<number> }[]) {
      for (const c of cleaners) extensions.contribute(point, c.name, c);
    },
    /** The cleaners bound to one transaction (the unit of work hands this to the service). */
    bind(db: Db) {
      return {
        /** Runs every cleaner for the id; the total of rows removed. */
        async clean(id: Id): Promise<number> {
          let removed = 0;
          for (const c of extensions.all(point)) removed += await c.clean(db, id);
          return removed;
        },
      };
    },
  };
}
export type TestDataCleaners = ReturnType<typeof dataCleanersOf<number>>;

/** The attempted count as the list asks it; `provide` is a test's probe in place of the contribution. */
export function testAttemptsOf(extensions: Pick<Extensions, 'one' | 'override'>) {
  return {
    provide(fn: AttemptedCount) {
      extensions.override(testAttemptedCount, 'probe', fn);
    },
    attemptedStudents: (testId: number) => extensions.one(testAttemptedCount)?.(testId) ?? Promise.resolve(0),
  };
}
export type TestAttempts = ReturnType<typeof testAttemptsOf>;

/** The readiness rule as bulk update asks it. */
export function testReadinessOf(extensions: Pick<Extensions, 'one'>) {
  return {
    isReady: async (caller: ReadinessCaller, testId: number) =>
      (await extensions.one(testReadiness)?.(caller, testId)) ?? false,
  };
}
export type TestReadiness = ReturnType<typeof testReadinessOf>;
