// What the API cannot make, written by the owning module's own repository (never raw SQL in a test).
import { createTestWriter } from '../../src/modules/tests';
import type { TestApp } from '../harness';
import { unique } from './common';

/**
 * A quick test (testType 1) of any provider: the API makes quick tests only for Simplified Test providers, so a
 * quick test of, say, the ERP institute is written by the tests module's test writer. Its id.
 */
export async function writtenQuickTest(t: TestApp, providerId: number) {
  const code = `WQ-${unique()}`;
  const [row] = await createTestWriter(t.deps.db).insertTests([
    { providerId, code, name: `Written quick ${code}`, testType: 1 },
  ]);
  return row.testId;
}
