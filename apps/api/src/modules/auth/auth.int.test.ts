import { authMessages } from '@assess/contracts/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let address = 1;
/** Each call from its own address unless one is given, so rate limits do not couple the tests. */
const signIn = (userName: string, password: string, remoteAddress = `10.0.0.${address++}`) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { userName, password }, remoteAddress });

describe('sign-in rules (part 1 §4)', () => {
  it('signs in with the user name in any case and returns the session without any password', async () => {
    const res = await signIn('ERP@Example.com', 'Demo@1234');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.userDetails).toMatchObject({ userName: 'erp@example.com', providerTypeId: 1, userTypeId: 2 });
    expect(body.privilegeObject.roles).toEqual([{ id: 1 }]);
    expect(body.privilegeObject.privileges.Student).toContain('AddStudent');
    expect(body.licenseObject).toMatchObject({ packageId: 3, OMREnabled: true });
    expect(body.trialAlert).toBe(false);
    expect(JSON.stringify(body)).not.toMatch(/password|passCode|argon/i);
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('refuses a wrong password and an unknown user alike with Invalid Credentials', async () => {
    for (const [u, p] of [
      ['erp@example.com', 'Wrong@1234'],
      ['nobody@example.com', 'Demo@1234'],
    ]) {
      const res = await signIn(u, p);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: authMessages.invalidCredentials });
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    }
  });

  it('a paid package outside its validity window: User account is not active.', async () => {
    const res = await signIn('expired@example.com', 'Demo@1234');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(authMessages.notActive);
  });

  it('a trial package outside its validity window: the trial-ended message', async () => {
    const res = await signIn('trialover@example.com', 'Demo@1234');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(authMessages.trialEnded);
  });

  it('the validity message is only given to someone who knows the password', async () => {
    const res = await signIn('expired@example.com', 'Wrong@1234');
    expect(res.json().message).toBe(authMessages.invalidCredentials);
  });

  it('a valid trial signs in with the trial-alert flag', async () => {
    const res = await signIn('trial@example.com', 'Demo@1234');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      trialAlert: true,
      privilegeObject: { packageId: 4, roles: [{ id: 11 }] },
    });
  });

  it('an inactive (pending) user is not active', async () => {
    await t.deps.db.update(users).set({ isActive: false }).where(eq(users.userName, 'student@example.com'));
    const res = await signIn('student@example.com', 'Demo@1234');
    expect(res.json().message).toBe(authMessages.notActive);
    await t.deps.db.update(users).set({ isActive: true }).where(eq(users.userName, 'student@example.com'));
    const ok = await signIn('student@example.com', 'Demo@1234');
    expect(ok.json().userDetails.userTypeId).toBe(4);
  });

  it('rejects unknown body fields and empty fields with a clear message, changing nothing', async () => {
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { userName: 'erp@example.com', password: 'Demo@1234', providerId: 0 },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().fields).toBeDefined();
    expect(extra.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { userName: '', password: '' },
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('sign-in rate limit', () => {
  it('after 5 failures for one user name from one address, even the right password gets 429 there', async () => {
    const ip = '192.0.2.10';
    for (let i = 0; i < 5; i++)
      expect((await signIn('curator@example.com', 'Wrong@1234', ip)).statusCode).toBe(401);
    const blocked = await signIn('curator@example.com', 'Demo@1234', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(authMessages.tooManyAttempts);
    // No lockout of the victim: the same account from another address still works.
    expect((await signIn('curator@example.com', 'Demo@1234', '192.0.2.11')).statusCode).toBe(200);
  });

  it('after 50 failures for one user name from anywhere, that user name gets 429 from every address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 50; i++)
      codes.push((await signIn('target@example.com', 'Wrong@1234', `192.0.2.${100 + i}`)).statusCode);
    expect(codes.every((c) => c === 401)).toBe(true);
    const blocked = await signIn('Target@Example.com', 'Wrong@1234', '198.51.100.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(authMessages.tooManyAttempts);
    // Other user names from those addresses are not affected.
    expect((await signIn('curator@example.com', 'Demo@1234', '192.0.2.100')).statusCode).toBe(200);
  });
});

describe('session and sign-out', () => {
  it('GET /api/auth/session answers 401 without a cookie and the session with one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/session' })).statusCode).toBe(401);
    const cookie = await t.signIn('readonly@example.com');
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().privilegeObject.roles).toEqual([{ id: 8 }]);
  });

  it('sign-out ends the session on the server (the old cookie no longer works)', async () => {
    const cookie = await t.signIn('erp@example.com');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('a forged cookie is just not signed in', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: 'sid=forged' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a cross-site state-changing request', async () => {
    const cookie = await t.signIn('erp@example.com');
    const evil = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: 'https://evil.example', host: 'localhost:3000' },
    });
    expect(evil.statusCode).toBe(403);
    const fetchSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(fetchSite.statusCode).toBe(403);
    // the session survived both attempts
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).statusCode,
    ).toBe(200);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: 'http://localhost:3000', host: 'localhost:3000' },
    });
    expect(same.statusCode).toBe(200);
  });
});
