import { authMessages } from '@assess/contracts/auth';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClock } from '../../../test/harness';
import { defaultSignInLimits } from './auth.service';

/**
 * Deviation D6 with the default limits: failed sign-ins are counted per address, successful ones are
 * not, so a school behind one public address signs in a whole exam batch while a guessing run from one
 * address is refused.
 */
// 600 successes (and 60 typos) from one address are twice the address's 300-failure limit: were successes counted,
// the batch would be refused halfway. The full exam-day scale (2,000 to 5,000 students) is bench/exam-day.bench.ts's.
const STUDENTS = 600;
const PASSWORD = 'Exam@2026';
const SCHOOL = '203.0.113.7';
const clock = testClock();
let t: TestApp;

const signIn = (userName: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { userName, password }, remoteAddress });
const student = (i: number) => `exam${i}@school.example`;

beforeAll(async () => {
  t = await createTestApp({ clock, signInLimits: defaultSignInLimits });
  // The students of the demo ERP provider in one statement. Their argon2id hash uses the smallest
  // memory and time cost so the test spends its time on the sign-in path, not on hashing (the limits
  // do not depend on the hash's cost).
  const cheap = await hash(PASSWORD, { algorithm: 2, memoryCost: 8, timeCost: 1, parallelism: 1 });
  await t.deps.handle.sql.executeSql(
    `insert into users (provider_id, user_type_id, user_name, email, password_hash, first_name, last_name, full_name)
     select s.provider_id, s.user_type_id, 'exam' || g || '@school.example', 'exam' || g || '@school.example',
            $1, 'Exam', 'Student ' || g, 'Exam Student ' || g
     from users s, generate_series(1, ${STUDENTS}) g where s.user_name = 'student@example.com'`,
    [cheap],
  );
});
afterAll(() => t.close());

/** Signs in `count` at a time (a class at its desks), as the clock moves on. */
async function inBatches<T>(items: T[], size: number, each: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(each));
}

describe('sign-in limits on exam day (deviation D6, default limits)', () => {
  const { failuresPerAddress, windowSeconds } = defaultSignInLimits;

  it(`${STUDENTS} students behind one address sign in within 10 minutes (one in ten after a typo); then a guessing run from that address is stopped`, async () => {
    const refused: string[] = [];
    const ids = Array.from({ length: STUDENTS }, (_, i) => i + 1);
    await inBatches(ids, 10, async (i) => {
      // Arrivals spread over 10 minutes of the test clock, all inside one 15-minute window.
      clock.advance((10 * 60 * 1000) / STUDENTS);
      if (i % 10 === 0) {
        const typo = await signIn(student(i), 'exam@2026', SCHOOL);
        if (typo.statusCode !== 401) refused.push(`${student(i)} typo: ${typo.statusCode}`);
      }
      const res = await signIn(student(i), PASSWORD, SCHOOL);
      if (res.statusCode !== 200) refused.push(`${student(i)}: ${res.statusCode} ${res.body}`);
    });
    expect(refused).toEqual([]);
    const { rows } = await t.deps.handle.sql.executeSql(
      "select count(*)::int as n from sessions s join users u using (user_id) where u.user_name like 'exam%'",
    );
    expect((rows[0] as { n: number }).n).toBe(STUDENTS);

    // 600 successes and 60 typos later, the address still has 240 failures left, not 0: a guessing
    // run (one wrong password per user name, so only the address limit applies) gets exactly those.
    const typos = STUDENTS / 10;
    const guesses: number[] = [];
    for (let i = 1; i <= failuresPerAddress - typos; i++) {
      guesses.push((await signIn(student(i), `Guess@${i}`, SCHOOL)).statusCode);
    }
    expect(guesses.every((c) => c === 401)).toBe(true);
    const stopped = await signIn(student(STUDENTS), `Guess@${STUDENTS}`, SCHOOL);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json()).toEqual({ message: authMessages.tooManyAttempts });
  }, 600_000);

  it('a stopped address gets 429 even for a right password until its window ends; other addresses are not affected', async () => {
    const right = await signIn(student(7), PASSWORD, SCHOOL);
    expect(right.statusCode).toBe(429);
    expect(right.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    // The sprayed students still sign in from elsewhere (one wrong guess each is far from a user limit).
    expect((await signIn(student(7), PASSWORD, '198.51.100.7')).statusCode).toBe(200);
    clock.advance(windowSeconds * 1000);
    expect((await signIn(student(7), PASSWORD, SCHOOL)).statusCode).toBe(200);
  });
});
