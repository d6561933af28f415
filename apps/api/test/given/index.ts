// Shared API test builders (issue 23): `const g = given(t)`, then say what the test needs —
//
//   const erp = await g.staff('erp@example.com');
//   const qs = await g.questions(4);                            // Ready SCQ questions of a fresh topic
//   const students = await g.students(40);
//   const test = await g.test({ sections: [{ questions: qs }], open: { from, to }, students });
//   await g.attempts(40, (i) => ({ student: students[i], test, answers: ['right', 'wrong', null, 'right'] }));
//
// Everything goes through the API with the endpoint definitions of the contracts, as the console does (see
// ./client.ts), signed in as the staff user the builder acts for (erp@example.com unless `given(t, { as })`).
// Time-bound steps (a schedule, an attempt at a given moment) move the app's testClock there and back, so the
// app must be built with one: createTestApp({ clock: testClock(NOW) }).
import { providerEndpoints } from '@assess/contracts/providers';
import { studentEndpoints } from '@assess/contracts/students';
import type { TestApp } from '../harness';
import { attemptBuilders } from './attempts';
import { type Client, clientOf, signedIn } from './client';
import { type Student, unique } from './common';
import { contentBuilders } from './content';
import { wizardBody } from './providers';

export type { Answer, AttemptSpec } from './attempts';
export { as, type Caller, type Client, clientOf, failure, refused, requester, signedIn } from './client';
export { type Student, unique } from './common';
export type { BuiltQuestion, BuiltTest, SectionSpec, TestSpec } from './content';
export { demoIds, erpAndPartner, scqBody, sectionBody, userIdOf } from './demo';
export { type ListTestSpec, listTest, type Staff, strangerProvider } from './list-tests';
export { letterTag, namedStudents } from './named-students';
export { dayFromNow, wizardBody } from './providers';
export { poolCount, poolQuestionIds } from './sections';
export { writtenQuickTest } from './written';

export type Given = ReturnType<typeof build>;

const builders = new WeakMap<TestApp, Map<string, Given>>();

/** The builders of an app acting for a staff user (erp@example.com unless said); one per app and user. */
export function given(t: TestApp, o: { as?: string } = {}): Given {
  const staffName = o.as ?? 'erp@example.com';
  const mine = builders.get(t) ?? new Map<string, Given>();
  builders.set(t, mine);
  const known = mine.get(staffName);
  if (known) return known;
  const made = build(t, staffName);
  mine.set(staffName, made);
  return made;
}

function build(t: TestApp, staffName: string) {
  let staffClient: Client | undefined;
  /** The staff user the builder acts for (signed in once). */
  const staff = async () => (staffClient ??= await signedIn(t, staffName));

  /** Runs `fn` with the app's clock at `at` (then puts it back); a new session is signed in there. */
  async function at<T>(when: Date, fn: (staff: Client) => Promise<T>): Promise<T> {
    const clock = t.clock;
    if (!clock)
      throw new Error(
        'given(): this step moves the clock: build the app with createTestApp({ clock: testClock() })',
      );
    const before = clock();
    clock.set(when);
    try {
      return await fn(await signedIn(t, staffName));
    } finally {
      clock.set(before);
    }
  }

  let lookups: Promise<number | undefined> | undefined;
  /** A student of the builder's provider, registered through the students area (user name = e-mail). */
  async function student(s: { fullName?: string; password?: string } = {}): Promise<Student> {
    const by = await staff();
    lookups ??= by.call(studentEndpoints.lookups).then((l) => l.values.Language?.[0]?.id);
    const language = await lookups;
    const n = unique();
    const password = s.password ?? 'Secret@123';
    const fullName = s.fullName ?? 'Given Student';
    const email = `given.${n}@student.example`;
    const { userId } = await by.call(studentEndpoints.register, {
      body: {
        studentInfo: {
          fullName,
          email,
          mobile: `9${n.padStart(9, '0')}`,
          gender: 1,
          dob: '2008-05-06',
          passCode: password,
          state: null,
          city: null,
          fatherProfession: null,
        },
        educationInfo: { language, board: null, class: null, education: null },
      },
    });
    return { userId, userName: email, password, fullName };
  }

  const self = {
    t,
    /** The staff user the builder acts for, signed in. */
    staff: (userName?: string) => (userName && userName !== staffName ? signedIn(t, userName) : staff()),
    /** Anyone signed in (a demo account's password unless given). */
    as: (userName: string, password?: string) => signedIn(t, userName, password),
    /** An anonymous caller. */
    anonymous: () => clientOf(t),
    at,
    /** A provider made by the owner's wizard; its administrator signed in. */
    async provider(overrides: Parameters<typeof wizardBody>[0] = {}) {
      const owner = await signedIn(t, 'owner@example.com');
      const body = wizardBody(overrides);
      const saved = await owner.call(providerEndpoints.create, { body });
      const admin = await signedIn(t, body.adminUser.email, body.adminUser.password);
      return { ...saved, body, admin };
    },
    student,
    /** `n` students (names 'Given Student' unless `names` says). */
    async students(n: number, names: string[] = []) {
      const out: Student[] = [];
      for (let i = 0; i < n; i++) out.push(await student({ fullName: names[i] }));
      return out;
    },
    /** A student signed in (at the app's current clock). */
    signIn: (s: Student) => signedIn(t, s.userName, s.password),
  };
  const content = contentBuilders(self, staff);
  return { ...self, ...content, ...attemptBuilders(self) };
}
