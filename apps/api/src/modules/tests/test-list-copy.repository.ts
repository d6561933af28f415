import { and, eq, sql } from 'drizzle-orm';
import { poolQuestions, pools, poolTopics, tests } from '../../db/schema';
import type { Db } from '../../platform/db/client';
import { countOwned, lockProvider } from '../../platform/db/quota';
import { type CopyValues, columnList, copyTime, createTestWriter, namesOf } from './test-writer.repository';

export type { CopyValues };

/**
 * Copy of a test (part 3 §5 "Test copy", §7 copyTest): the test row, its sections, their fixed questions and
 * their topics, each one set-based INSERT ... SELECT (sections are matched to their copies by code, unique
 * within a test). The service runs them in one transaction.
 */
export function createTestCopyRepository(db: Db) {
  const writer = createTestWriter(db);
  return {
    /** Serialises creations of one provider (as the editor's create), so the Tests limit holds. */
    lockProvider: (providerId: number) => lockProvider(db, providerId),

    /** Every test of the provider (full and quick): what the package's Tests limit counts. */
    countTests: (providerId: number) => countOwned(db, tests.providerId, providerId),

    /** Whether another test of the provider already has this code / name (case-insensitive). */
    async taken(providerId: number, field: 'code' | 'name', value: string) {
      const column = field === 'code' ? tests.code : tests.name;
      const [row] = await db
        .select({ id: tests.testId })
        .from(tests)
        .where(and(eq(tests.providerId, providerId), sql`lower(${column}) = lower(${value})`))
        .limit(1);
      return row !== undefined;
    },

    /** The copy's test row: Draft, inactive, unlocked, unscheduled, version 1 (through the one test writer). */
    insertTest: (fromTestId: number, v: CopyValues) => writer.copyTest(fromTestId, v),

    copySections: (fromTestId: number, toTestId: number, v: CopyValues) =>
      writer.copySections(fromTestId, toTestId, v),

    /** Fixed questions and topics of the sections, onto the copies (matched by section code). */
    async copySectionSources(fromTestId: number, toTestId: number, v: CopyValues) {
      const q = namesOf(poolQuestions, ['pool_id', 'created_by', 'created_date']);
      await db.execute(
        sql`insert into ${poolQuestions} (pool_id, created_by, created_date, ${columnList(q)})
            select np.pool_id, ${v.userId}, ${copyTime(v)}, ${columnList(q, 'pq')}
            from ${poolQuestions} pq join ${pools} op on op.pool_id = pq.pool_id
            join ${pools} np on np.test_id = ${toTestId} and lower(np.code) = lower(op.code)
            where op.test_id = ${fromTestId}`,
      );
      const t = namesOf(poolTopics, ['pool_id']);
      await db.execute(
        sql`insert into ${poolTopics} (pool_id, ${columnList(t)}) select np.pool_id, ${columnList(t, 'pt')}
            from ${poolTopics} pt join ${pools} op on op.pool_id = pt.pool_id
            join ${pools} np on np.test_id = ${toTestId} and lower(np.code) = lower(op.code)
            where op.test_id = ${fromTestId}`,
      );
    },
  };
}
export type TestCopyRepository = ReturnType<typeof createTestCopyRepository>;
