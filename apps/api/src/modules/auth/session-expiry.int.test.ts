import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testClock } from '../../../test/harness';
import { providers, users } from '../../db/schema';

const clock = testClock(new Date());
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    config: { sessionIdleSeconds: 3600, sessionAbsoluteSeconds: 4 * 3600 } as never,
  });
});
afterAll(() => t.close());

const session = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
const HOUR = 3_600_000;

describe('session expiry', () => {
  it('ends after the idle time without requests', async () => {
    const cookie = await t.signIn('erp@example.com');
    clock.advance(HOUR - 60_000);
    expect((await session(cookie)).statusCode).toBe(200);
    clock.advance(HOUR + 1000);
    expect((await session(cookie)).statusCode).toBe(401);
  });

  it('ends at the absolute expiry even when used all the time', async () => {
    const cookie = await t.signIn('erp@example.com');
    for (let i = 0; i < 4; i++) {
      clock.advance(HOUR - 60_000); // 3 h 56 min in all: still inside 4 h
      expect((await session(cookie)).statusCode).toBe(200);
    }
    clock.advance(5 * 60_000);
    expect((await session(cookie)).statusCode).toBe(401);
  });

  it('ends when the provider validity ends during the session', async () => {
    const cookie = await t.signIn('subscriber@example.com');
    const [u] = await t.deps.db.select().from(users).where(eq(users.userName, 'subscriber@example.com'));
    await t.deps.db
      .update(providers)
      .set({ validTo: new Date(clock().getTime() + 1000) })
      .where(eq(providers.providerId, u.providerId));
    clock.advance(2000);
    expect((await session(cookie)).statusCode).toBe(401);
  });
});

describe('cached principals (SESSION_CACHE_MS, 5 s)', () => {
  const setActive = async (userName: string, isActive: boolean) =>
    t.deps.db.update(users).set({ isActive }).where(eq(users.userName, userName));

  it('are read again after their time to live, and at once after any write through the API', async () => {
    const student = await t.signIn('student@example.com');
    expect((await session(student)).statusCode).toBe(200); // read and kept
    await setActive('student@example.com', false); // behind the API's back
    expect((await session(student)).statusCode).toBe(200); // inside the time to live
    clock.advance(5000);
    expect((await session(student)).statusCode).toBe(401); // read again: inactive, the session ends

    await setActive('student@example.com', true);
    const again = await t.signIn('student@example.com');
    expect((await session(again)).statusCode).toBe(200);
    await setActive('student@example.com', false);
    expect((await session(again)).statusCode).toBe(200); // kept
    // a sign-in only adds a session: the cached principals are kept (issue 22: an exam morning's sign-ins)
    const erp = await t.signIn('erp@example.com');
    expect((await session(again)).statusCode).toBe(200);
    // any other write through the API (here that user's sign-out) forgets every cached principal before it answers
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: erp } });
    expect((await session(again)).statusCode).toBe(401);
    await setActive('student@example.com', true);
  });
});
