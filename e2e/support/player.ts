import { assignmentEndpoints as ae } from '@assess/contracts/assignment';
import { schedulingEndpoints as se } from '@assess/contracts/scheduling';
import type { Page } from 'playwright-core';
import { apiOf } from './api';
import { signIn } from './browser';
import { publishedCopy } from './schedule';
import { advanceServerClock } from './server';

/** The student the player's browser tests take tests as. */
export const STUDENT = 'student@example.com';
const SOURCE_NAME = 'Demo Mock Test';
const H = 3_600_000;

/**
 * A published, scheduled copy of 'Demo Mock Test' assigned to the student (the demo test's 3 attempts stay for
 * the learner pages' tests); it is scheduled 48 h ahead (the scheduling rule) and the server clock is moved past
 * its start. The caller resets the clock in afterAll (resetServerClock).
 */
export async function takeableCopy(page: Page) {
  await signIn(page, 'erp@example.com');
  const api = apiOf(page);
  const code = `PLY${Date.now().toString(36).slice(-6).toUpperCase()}`;
  const testId = await publishedCopy(api, { name: SOURCE_NAME }, code, `Player E2E ${code}`);
  const students = await api.call(ae.testAvailable, { params: { testId }, query: { search: STUDENT } });
  const student = students.items.find((s) => Object.values(s).includes(STUDENT));
  if (!student) throw new Error(`${STUDENT} is not available for ${code}`);
  await api.call(ae.testAssign, { params: { testId }, body: { userIds: [student.userId] } });
  const { now } = await api.call(se.testScheduling, { params: { testId } });
  const start = new Date(Date.parse(now) + 48 * H + 60_000).toISOString();
  await api.call(se.scheduleTest, {
    params: { testId },
    body: {
      scheduleStartDateTime: start,
      scheduleEndDateTime: new Date(Date.parse(start) + 24 * H).toISOString(),
      assignDateTime: start,
    },
  });
  await advanceServerClock(48 * 3600 + 5 * 60);
  return testId;
}
