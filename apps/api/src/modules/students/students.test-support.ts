import { authEndpoints } from '@assess/contracts/auth';
import { studentEndpoints } from '@assess/contracts/students';
import { afterAll, beforeAll } from 'vitest';
import { clientOf } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createStudentsRepository } from './students.repository';

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
/** The id of the user holding the e-mail, of any provider (the module's own repository), or undefined. */
export const studentIdByEmail = async (email: string) =>
  (await createStudentsRepository(t.deps.db).userByEmail(email))?.userId;

/** Registers the app of this area's API tests (built before the file's tests, closed after). */
export function useStudentsApp() {
  beforeAll(async () => {
    t = await createTestApp();
    erp = await t.signIn('erp@example.com');
    const client = clientOf(t, erp);
    erpProvider = (await client.call(authEndpoints.session)).userDetails.providerId;
    // the ERP's configuration values as the student form lists them; the first (lowest id) of each key
    const lookups = await client.call(studentEndpoints.lookups);
    const rows = Object.entries(lookups.values)
      .flatMap(([key, list]) => list.map((v) => ({ key, id: v.id })))
      .sort((a, b) => a.id - b.id);
    values = new Map();
    for (const r of rows) if (!values.has(r.key)) values.set(r.key, r.id);
  });
  afterAll(() => t.close());
}
