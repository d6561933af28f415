import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { configurationValues, users } from '../../db/schema';

export let t: TestApp;
export let erp: string;
export let erpProvider: number;
export let values: Map<string, number>; // ERP configuration: first value id of each key

export const req = (
  cookie: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => t.app.inject({ method, url, headers: { cookie }, payload: payload as never });

export let seq = 0;
/** A valid registration payload with a fresh e-mail and mobile. */
export function student(over: Record<string, unknown> = {}, edu: Record<string, unknown> = {}) {
  seq++;
  return {
    studentInfo: {
      fullName: 'Test Student',
      email: `test.student${seq}@example.com`,
      mobile: `9${String(100000000 + seq * 7919).slice(0, 9)}`,
      gender: 1,
      dob: '2008-05-06',
      passCode: 'Secret@123',
      address: '',
      state: values.get('State'),
      city: values.get('City'),
      pinCode: '',
      fatherName: '',
      fatherMobile: '',
      fatherEmail: '',
      fatherProfession: null,
      ...over,
    },
    educationInfo: {
      language: values.get('Language'),
      board: null,
      class: values.get('Class'),
      education: null,
      ...edu,
    },
    interestList: [],
    siblingDetailsList: [],
  };
}
export const studentIdByEmail = async (email: string) =>
  (await t.deps.db.select({ id: users.userId }).from(users).where(eq(users.email, email)))[0]?.id;

/** Registers the app of this area's API tests (built before the file's tests, closed after). */
export function useStudentsApp() {
  beforeAll(async () => {
    t = await createTestApp();
    erp = await t.signIn('erp@example.com');
    [{ erpProvider }] = await t.deps.db
      .select({ erpProvider: users.providerId })
      .from(users)
      .where(eq(users.userName, 'erp@example.com'));
    const rows = await t.deps.db
      .select({ id: configurationValues.id, key: configurationValues.key })
      .from(configurationValues)
      .where(eq(configurationValues.providerId, erpProvider))
      .orderBy(configurationValues.id);
    values = new Map();
    for (const r of rows) if (!values.has(r.key)) values.set(r.key, r.id);
  });
  afterAll(() => t.close());
}
