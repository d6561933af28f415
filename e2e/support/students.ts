// Students a browser test needs, created by the test itself through the API (the signed-in page's
// session): the server and its demo data are shared by every test file, so no test relies on a demo
// student that another file may approve, reject, rename or push off the first page.
import { type ConfigurationLists, configurationEndpoints } from '@assess/contracts/configuration';
import {
  emptyImportOptions,
  importSheetHeader,
  studentImportEndpoints,
} from '@assess/contracts/student-import';
import { type StudentRegistrationInput, studentEndpoints } from '@assess/contracts/students';
import * as XLSX from '@e965/xlsx';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiOf } from './api';

let made = 0;
/** Letters only (a full name allows letters and spaces), different on every call of this run. */
export function uniqueWord() {
  let n = Date.now() * 1000 + (made++ % 1000) + Math.floor(Math.random() * 1000) * 1e9;
  let word = '';
  while (n > 0) {
    word = String.fromCharCode(97 + (n % 26)) + word;
    n = Math.floor(n / 26);
  }
  return word.charAt(0).toUpperCase() + word.slice(1);
}
/** A valid mobile number (6-9 then nine digits) that no one is likely to hold. */
export const uniqueMobile = () =>
  `${6 + Math.floor(Math.random() * 4)}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

export type NewStudent = { fullName: string; email: string; mobile: string };
/** A fresh identity: "<first> <unique word>", a unique e-mail and mobile. */
export function newStudent(first = 'Pupil'): NewStudent {
  const word = uniqueWord();
  return { fullName: `${first} ${word}`, email: `${word.toLowerCase()}@e2e.test`, mobile: uniqueMobile() };
}

/** The signed-in provider's active configuration lists. */
export const listsOf = (page: Page): Promise<ConfigurationLists> =>
  apiOf(page).call(configurationEndpoints.lists);

/** Adds an active student of the signed-in provider (first values of the lists, or living in `state`). */
export async function createStudent(page: Page, s: NewStudent = newStudent(), opts: { state?: number } = {}) {
  const lists = await listsOf(page);
  const body: StudentRegistrationInput = {
    studentInfo: {
      fullName: s.fullName,
      email: s.email,
      mobile: s.mobile,
      gender: 2,
      dob: '2008-03-14',
      passCode: 'Learner@123',
      state: opts.state ?? lists.state[0]?.id ?? null,
      city: lists.city[0]?.id ?? null,
      fatherProfession: null,
    },
    educationInfo: {
      language: lists.language[0].id,
      board: lists.educationBoard[0]?.id ?? null,
      class: lists.class[0]?.id ?? null,
      education: null,
    },
  };
  const { userId } = await apiOf(page).call(studentEndpoints.register, { body });
  return { ...s, userId };
}

/** An import sheet of `students` (female, born 21 July 2009, password Pass@1234), active or pending. */
export function importSheet(students: NewStudent[], active: boolean): Blob {
  const rows = students.map((s) => [
    s.fullName,
    '2009-07-21',
    s.email,
    '',
    'Pass@1234',
    s.mobile,
    'Female',
    '',
    '',
    '',
    '',
    active,
  ]);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([[...importSheetHeader], ...rows]), 'Students');
  return new Blob([XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer], {
    type: 'application/octet-stream',
  });
}

/** Checks and starts an import of `students` through the API (not waited for): its batch, task and valid rows. */
export async function startStudentImport(page: Page, students: NewStudent[], { active = false } = {}) {
  const api = apiOf(page);
  const body = new FormData();
  body.append('options', JSON.stringify(emptyImportOptions));
  body.append('file', importSheet(students, active), 'students.xlsx');
  const { batchId, validRows } = await api.call(studentImportEndpoints.check, { body });
  const { taskId } = await api.call(studentImportEndpoints.start, { params: { batchId } });
  return { batchId, taskId, validRows };
}

/**
 * Adds pending students (the form adds active ones; pending ones come from sign-up or the import): an
 * import of a sheet whose rows say FALSE in the active column, waited for until it has succeeded.
 */
export async function createPendingStudents(page: Page, students: NewStudent[]) {
  const { batchId, validRows } = await startStudentImport(page, students);
  expect(validRows).toBe(students.length);
  const api = apiOf(page);
  await expect
    .poll(async () => (await api.call(studentImportEndpoints.status, { params: { batchId } })).state, {
      timeout: 30_000,
    })
    .toBe('succeeded');
}
