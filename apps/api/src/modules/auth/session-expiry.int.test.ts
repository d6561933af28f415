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
