import { sql } from 'drizzle-orm';
import { poolQuestions, pools, poolTopics, tests } from '../../db/schema';
import type { Db } from '../../platform/db/client';
import { lockAndCount } from '../../platform/db/quota';
import { codeOrNameTaken } from '../../platform/db/versioned';
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
    /**
     * Locks the provider (as the editor's create, so the Tests limit holds), then counts every test it holds (full
     * and quick): what the package's Tests limit counts.
     */
    lockAndCountTests: (providerId: number) => lockAndCount(db, tests.providerId, providerId),

    /** Whether another test of the provider already has this code / name (case-insensitive). */
    taken: codeOrNameTaken(db, tests, tests.testId, tests.name),

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
