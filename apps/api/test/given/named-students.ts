// Students with names a test searches for (by name, e-mail, mobile), registered through the students area as the
// console's Add Student form does.
import { studentEndpoints } from '@assess/contracts/students';
import type { Client } from './client';
import { unique } from './common';

/** Two letters for the i-th student (a full name holds letters and spaces only): 0 → 'AA', 3 → 'AD', 27 → 'BB'. */
export const letterTag = (i: number) => String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26));

/**
 * `count` active students of `by`'s provider: the i-th named `${prefix} Student ${letterTag(i)}`, with user name
 * and e-mail `${prefix}.${i}@example.com` and a mobile of its own. Their ids, in that order.
 */
export async function namedStudents(by: Client, prefix: string, count: number) {
  const language = (await by.call(studentEndpoints.lookups)).values.Language?.[0]?.id;
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const { userId } = await by.call(studentEndpoints.register, {
      body: {
        studentInfo: {
          fullName: `${prefix} Student ${letterTag(i)}`,
          email: `${prefix}.${i}@example.com`,
          mobile: `6${unique().padStart(9, '0')}`,
          gender: 1,
          dob: '2008-05-06',
          passCode: 'Secret@123',
          state: null,
          city: null,
          fatherProfession: null,
        },
        educationInfo: { language, board: null, class: null, education: null },
      },
    });
    ids.push(userId);
  }
  return ids;
}
