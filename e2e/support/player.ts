import { assignmentEndpoints as ae } from '@assess/contracts/assignment';
import { endpointPath } from '@assess/contracts/common';
import { schedulingEndpoints as se } from '@assess/contracts/scheduling';
import { testEditorEndpoints as ed, testListEndpoints as tl } from '@assess/contracts/tests';
import type { Page } from 'playwright-core';
import { signIn, url } from './browser';
import { advanceServerClock } from './server';

/** The student the player's browser tests take tests as. */
export const STUDENT = 'student@example.com';
const SOURCE_NAME = 'Demo Mock Test';
const H = 3_600_000;

/** The JSON of a successful answer (else the status and body thrown). */
export async function ok<T>(res: {
  ok(): boolean;
  status(): number;
  text(): Promise<string>;
  json(): Promise<T>;
}) {
  if (!res.ok()) throw new Error(`${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The absolute URL of an API path with its parameters. */
export const api = (p: string, params: Record<string, number> = {}) => url(endpointPath(p, params));

/**
 * A published, scheduled copy of 'Demo Mock Test' assigned to the student (the demo test's 3 attempts stay for
 * the learner pages' tests); it is scheduled 48 h ahead (the scheduling rule) and the server clock is moved past
 * its start. The caller resets the clock in afterAll (resetServerClock).
 */
export async function takeableCopy(page: Page) {
  await signIn(page, 'erp@example.com');
  const list = await ok<{ items: { testId: number; name: string }[] }>(
    await page.request.get(`${url(tl.list.path)}?contentFilter=1&pageSize=100`),
  );
  const source = list.items.find((t) => t.name === SOURCE_NAME);
  if (!source) throw new Error(`no '${SOURCE_NAME}' in the demo data`);
  const code = `PLY${Date.now().toString(36).slice(-6).toUpperCase()}`;
  const { testId } = await ok<{ testId: number }>(
    await page.request.post(api(tl.copy.path, { testId: source.testId }), {
      data: { code, name: `Player E2E ${code}` },
    }),
  );
  await ok(await page.request.put(api(ed.activate.path, { testId })));
  await ok(await page.request.put(api(ed.publish.path, { testId })));
  const students = await ok<{ items: Record<string, unknown>[] }>(
    await page.request.get(`${api(ae.testAvailable.path, { testId })}?search=${encodeURIComponent(STUDENT)}`),
  );
  const student = students.items.find((s) => Object.values(s).includes(STUDENT));
  if (!student) throw new Error(`${STUDENT} is not available for ${code}`);
  await ok(
    await page.request.post(api(ae.testAssign.path, { testId }), { data: { userIds: [student.userId] } }),
  );
  const { now } = await ok<{ now: string }>(await page.request.get(api(se.testScheduling.path, { testId })));
  const start = new Date(Date.parse(now) + 48 * H + 60_000).toISOString();
  await ok(
    await page.request.put(api(se.scheduleTest.path, { testId }), {
      data: {
        scheduleStartDateTime: start,
        scheduleEndDateTime: new Date(Date.parse(start) + 24 * H).toISOString(),
        assignDateTime: start,
      },
    }),
  );
  await advanceServerClock(48 * 3600 + 5 * 60);
  return testId;
}
