// The app of the assignment API test files and their setup, made through the API (issue 23): tests and series by
// the given() builders, students by the students area (test/given/named-students.ts, through given/index).
import { authEndpoints } from '@assess/contracts/auth';
import { afterAll, beforeAll } from 'vitest';
import { type BuiltQuestion, type Given, given, namedStudents, signedIn } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';

export let t: TestApp;
export let erp: string;
export let erpProvider: number;
export let subscriber: string;
/** The builders acting for ERP's Super User and for the subscriber's administrator. */
export let asErp: Given;
export let asSubscriber: Given;
export const DAY = 24 * 3600 * 1000;

export const req = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: unknown,
) => t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

/** The provider of a user, from its session. */
export async function providerOf(userName: string) {
  const c = await signedIn(t, userName);
  return (await c.call(authEndpoints.session)).userDetails.providerId;
}

const picks = new WeakMap<Given, Promise<BuiltQuestion[]>>();
/** A test of the builder's provider (ERP's unless said), one section of one question: Ready unless said. Its id. */
export async function newTest(status: 'draft' | 'ready' | 'published' = 'ready', by: Given = asErp) {
  if (status === 'draft') return by.draftTest();
  let questions = picks.get(by);
  if (!questions) {
    questions = by.questions(1);
    picks.set(by, questions);
  }
  return (await by.test({ sections: [{ questions: await questions }], status })).testId;
}

/** A test series of the builder's provider (ERP's unless said) holding the tests: Ready unless said. Its id. */
export async function newSeries(
  testIds: number[],
  o: { status?: 'draft' | 'ready' | 'published'; by?: Given } = {},
) {
  const by = o.by ?? asErp;
  return (await by.series({ tests: testIds.map((testId) => ({ testId })), status: o.status ?? 'ready' }))
    .courseId;
}

/** `count` active students of the builder's provider (ERP's unless said), named after `prefix`; their ids. */
export async function newStudents(count: number, prefix: string, by: Given = asErp) {
  return namedStudents(await by.staff(), prefix, count);
}

/** Registers the app of this area's API tests (built before the file's tests, closed after). */
export function useAssignmentApp() {
  beforeAll(async () => {
    t = await createTestApp();
    erp = await t.signIn('erp@example.com');
    subscriber = await t.signIn('subscriber@example.com');
    erpProvider = await providerOf('erp@example.com');
    asErp = given(t);
    asSubscriber = given(t, { as: 'subscriber@example.com' });
  });
  afterAll(() => t.close());
}
