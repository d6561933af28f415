import { testListSchema } from '@assess/contracts/tests';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  as,
  type Caller,
  demoIds,
  given,
  type ListTestSpec,
  listTest,
  type Staff,
  strangerProvider,
  userIdOf,
} from '../../../test/given';
import { createTestApp, type TestApp, testClock } from '../../../test/harness';

let seq = 0;
/** A code unique in this file's database (≤ 14 characters: '-Copy' still fits in 20). */
export const uniqueCode = (prefix = 'TL') =>
  `${prefix}-${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}`;

/** The demo staff users who make the tests of ERP and of the content partner. */
export const ERP = 'erp@example.com';
export const PARTNER = 'partner@example.com';

/** A test made through the API by `by` (a staff user of its provider): see listTest. */
export const makeTest = (by: Staff, spec: ListTestSpec = {}) => listTest(t, by, spec);

/** Assigns `n` new students of ERP to the test (the assignment area's endpoint); how many. */
export async function assignStudents(testId: number, n: number) {
  const g = given(t);
  const students = await g.students(n);
  await g.assign(testId, students);
  return students.length;
}

// The app of the tests list's API tests (test-list-*.int.test.ts) and what they share.
export let t: TestApp;
export let erp: Caller;
export let curator: Caller;
export let admin: Caller;
export let readonly: Caller;
export let partner: Caller;
export let subscriber: Caller;
export let ids: Awaited<ReturnType<typeof demoIds>>;
export let curatorId: number;
/** A provider none of the callers subscribes to (made by the owner's wizard). */
export let stranger: number;
/** Its administrator, who makes its tests. */
export let STRANGER: Staff;
export const cleaned: number[] = [];

export const list = async (by: Caller, query = '') => {
  const res = await by.get(`/api/tests?pageSize=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return testListSchema.parse(res.json());
};
export const codes = async (by: Caller, query = '') => (await list(by, query)).items.map((r) => r.code);

export { refused, userIdOf } from '../../../test/given';

/** A data cleaner as the learner area registers one, named 'probe': notes each id it cleans, says it removed `rows`. */
export const probeCleaner = (cleaned: number[], rows: number) => ({
  name: 'probe',
  clean: async (_db: unknown, id: number) => {
    cleaned.push(id);
    return rows;
  },
});

/** Registers the app of this area's API tests (built before the file's tests, closed after). */
export function useTestListApp() {
  beforeAll(async () => {
    // a testClock: scheduled and in-progress tests are scheduled with the clock moved back (listTest)
    t = await createTestApp({ clock: testClock() });
    [erp, curator, admin, readonly, partner, subscriber] = await Promise.all(
      [
        'erp@example.com',
        'curator@example.com',
        'arjun.malhotra@example.com',
        'readonly@example.com',
        'partner@example.com',
        'subscriber@example.com',
      ].map((u) => as(t, u)),
    );
    ids = await demoIds(t);
    curatorId = await userIdOf(t, 'curator@example.com');
    ({ providerId: stranger, staff: STRANGER } = await strangerProvider(t));
    // the learner area's cleaner, as it will register one: counts the tests it cleaned
    t.deps.modules.tests.testDataCleaners.register(probeCleaner(cleaned, 3));
  });
  afterAll(() => t.close());
}
