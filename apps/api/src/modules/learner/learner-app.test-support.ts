// The app of the learner API test files (issue 23): `useLearnerApp()` builds it with its clock at START and signs
// the demo student in; the file's tests read `t`, `clock`, `student` and `studentId`.
import { afterAll, beforeAll } from 'vitest';
import { as, type Caller } from '../../../test/given';
import { createTestApp, type TestApp, testClock } from '../../../test/harness';
import { userIdOf } from './learner.test-support';

/** The learner API tests' moment: the app's clock starts there. */
export const START = new Date('2026-06-10T12:00:00.000Z');
export let clock: ReturnType<typeof testClock>;
export let t: TestApp;
/** The demo student, signed in, and its user id. */
export let student: Caller;
export let studentId: number;

/** Registers the app of a learner API test file (its clock at START), built before its tests, closed after. */
export function useLearnerApp() {
  clock = testClock(START);
  beforeAll(async () => {
    t = await createTestApp({ clock });
    student = await as(t, 'student@example.com');
    studentId = await userIdOf(t, 'student@example.com');
  });
  afterAll(async () => t?.close());
}
