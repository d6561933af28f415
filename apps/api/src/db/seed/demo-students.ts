import { STUDENT_USER_TYPE, studentLookupKeys } from '@assess/contracts/students';
import { and, eq, inArray } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/passwords';
import type { Db } from '../../platform/db/client';
import {
  configurationValues,
  courses,
  courseUsers,
  interests,
  studentEducation,
  studentInterests,
  studentProfiles,
  users,
} from '../schema';
import { DEMO_PASSWORD, type DemoProviderIds } from './demo';
import { demoUserId } from './demo-kit';

const DAY = 86_400_000;

/** [full name, active, gender] of the ERP provider's demo students (student@example.com is seeded in demo.ts). */
const demoStudents: [string, boolean, number][] = [
  ['Aarav Sharma', true, 1],
  ['Diya Patel', true, 2],
  ['Ishaan Reddy', true, 1],
  ['Kavya Menon', true, 2],
  ['Rohan Gupta', true, 1],
  ['Ananya Singh', false, 2],
  ['Vivaan Joshi', false, 1],
  ['Meera Nair', false, 2],
];

/**
 * Demo test series and students of the ERP provider (issue 5), set-based: three series offered for
 * assignment, one expired and one draft (never offered); five active and three pending students with
 * profile and education rows taken from the ERP configuration values (by key, when they exist).
 */
export async function seedDemoStudents(db: Db, now: Date, ids: DemoProviderIds) {
  const erp = ids.get('erp');
  if (erp === undefined) return;
  const series = await db
    .insert(courses)
    .values(
      [
        {
          code: 'JEE-M',
          text: 'JEE Main Mock Series',
          status: 2,
          expiryDate: new Date(now.getTime() + 365 * DAY),
        },
        { code: 'NEET-F', text: 'NEET Foundation Series', status: 3, expiryDate: null },
        {
          code: 'OLY-10',
          text: 'Class 10 Olympiad Series',
          status: 2,
          expiryDate: new Date(now.getTime() + 90 * DAY),
        },
        {
          code: 'CET-OLD',
          text: 'CET 2020 Series (expired)',
          status: 2,
          expiryDate: new Date(now.getTime() - DAY),
        },
        { code: 'BOARD-DRAFT', text: 'Board Revision Series (draft)', status: 1, expiryDate: null },
      ].map((c) => ({ ...c, providerId: erp, isActive: true, isDefault: false })),
    )
    .returning({ id: courses.courseId, code: courses.code });

  const values = await db
    .select({
      id: configurationValues.id,
      key: configurationValues.key,
      isDefault: configurationValues.isDefault,
    })
    .from(configurationValues)
    .where(
      and(eq(configurationValues.providerId, erp), inArray(configurationValues.key, [...studentLookupKeys])),
    );
  /** The i-th value of a key (cycling), or null when the list is empty. */
  const pick = (key: string, i: number) => {
    const list = values.filter((v) => v.key === key);
    return list.length ? list[i % list.length].id : null;
  };
  const [firstInterest] = await db
    .select({ id: interests.interestId })
    .from(interests)
    .where(eq(interests.providerId, erp))
    .limit(1);

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const created = await db
    .insert(users)
    .values(
      demoStudents.map(([name, active], i) => {
        const email = `${name.toLowerCase().replace(' ', '.')}@example.com`;
        return {
          providerId: erp,
          userTypeId: STUDENT_USER_TYPE,
          userName: email,
          email,
          fullName: name,
          firstName: name.split(' ')[0],
          lastName: name.split(' ')[1],
          mobile: `70000000${String(i + 10)}`,
          address: 'Demo address, India',
          passwordHash,
          isActive: active,
        };
      }),
    )
    .returning({ id: users.userId });
  const sneha = await demoUserId(db, 'student@example.com');
  const all = [...created.map((c) => c.id), ...(sneha !== null ? [sneha] : [])];
  const gender = (i: number) => (i < demoStudents.length ? demoStudents[i][2] : 2);
  await db.insert(studentProfiles).values(
    all.map((userId, i) => ({
      userId,
      providerId: erp,
      gender: gender(i),
      dob: `20${String(5 + (i % 5)).padStart(2, '0')}-0${1 + (i % 9)}-1${i % 10}`,
      state: pick('State', i),
      city: pick('City', i),
      pinCode: `5600${String(10 + i)}`,
      fatherName: `Parent ${i + 1}`,
      fatherMobile: `80000000${String(i + 10)}`,
      fatherEmail: `parent${i + 1}@example.com`,
      fatherProfession: pick('Profession', i),
    })),
  );
  await db.insert(studentEducation).values(
    all.map((userId, i) => ({
      userId,
      language: pick('Language', 0),
      board: pick('EducationBoard', i),
      class: pick('Class', i),
      education: pick('Education', i),
    })),
  );
  if (firstInterest) {
    await db.insert(studentInterests).values(all.map((userId) => ({ userId, interestId: firstInterest.id })));
  }
  // active students take the first series; Sneha (student@example.com) takes the first two
  const [jee, neet] = series;
  const active = created.filter((_, i) => demoStudents[i][1]).map((c) => c.id);
  await db
    .insert(courseUsers)
    .values([
      ...active.slice(0, 3).map((userId) => ({ courseId: jee.id, userId })),
      ...(sneha !== null ? [jee, neet].map((c) => ({ courseId: c.id, userId: sneha })) : []),
    ]);
}
