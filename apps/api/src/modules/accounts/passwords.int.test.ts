import { Role } from '@assess/contracts/access';
import { confirmPasswordMessage, accountsMessages as m, passwordPolicyMessage } from '@assess/contracts/auth';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailingTestApp, type MailingTestApp } from '../../../test/mailing';
import { passwordResetTokens, privileges, rolePrivileges, users } from '../../db/schema';
import { hashToken } from '../../platform/auth/tokens';

let h: MailingTestApp;
beforeAll(async () => {
  h = await createMailingTestApp();
});
afterAll(() => h.close());

let ipSeq = 0;
const nextIp = () => `10.3.0.${++ipSeq}`;
const post = (url: string, payload: object, opts: { ip?: string; cookie?: string; host?: string } = {}) =>
  h.t.app.inject({
    method: 'POST',
    url: `/api/accounts${url}`,
    payload,
    remoteAddress: opts.ip ?? nextIp(),
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(opts.host ? { host: opts.host } : {}) },
  });
const signInStatus = async (userName: string, password: string) =>
  (
    await h.t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { userName, password },
      remoteAddress: nextIp(),
    })
  ).statusCode;
const sessionStatus = async (cookie: string) =>
  (await h.t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).statusCode;
const tokenOf = (text: string) => /\/forgotPass\/([\w-]+)/.exec(text)?.[1] ?? '';

async function forgotAndReadLink(email: string, nth: number, host?: string) {
  const res = await post('/password/forgot', { email }, { host });
  expect(res.statusCode).toBe(200);
  return (await h.waitForMailTo(email, nth)).text;
}

describe('forgot password (part 1 §4, §5, §8)', () => {
  it('answers Email send successfully! for an unknown address and sends nothing', async () => {
    const before = h.sink.messages.length;
    const res = await post('/password/forgot', { email: 'nobody@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Email send successfully!' });
    // A link is handed to the mailer before the answer: none was.
    expect(h.handedTo('nobody@example.com')).toEqual([]);
    // Nor did one reach the mail server: the next mail that arrives is another request's.
    await forgotAndReadLink('readonly@example.com', 1);
    expect(h.sink.messages.slice(before).map((m) => m.to)).toEqual([['readonly@example.com']]);
  });

  it('a real account gets the same answer and a link to /forgotPass/:token on the request origin', async () => {
    const res = await post(
      '/password/forgot',
      { email: 'Curator@Example.com' },
      { host: 'console.test:8080' },
    );
    expect(res.json()).toEqual({ message: 'Email send successfully!' });
    const mail = await h.waitForMailTo('curator@example.com');
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toMatch(/http:\/\/console\.test:8080\/forgotPass\/[\w-]{40,}/);
    const [row] = await h.t.deps.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashToken(tokenOf(mail.text))));
    expect(mail.text).not.toContain(row.tokenHash);
    expect(row.expiresAt.getTime() - row.issuedAt.getTime()).toBe(12 * 3600 * 1000);
  });

  it('an empty address is refused (nothing sent)', async () => {
    const res = await post('/password/forgot', { email: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter the email.');
  });

  it('is rate-limited per e-mail and per client address', async () => {
    for (let i = 0; i < 5; i++)
      expect((await post('/password/forgot', { email: 'x1@example.com' })).statusCode).toBe(200);
    const sixth = await post('/password/forgot', { email: 'X1@example.com' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(m.tooManyRequests);
    const ip = '10.99.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 21; i++)
      codes.push((await post('/password/forgot', { email: `y${i}@example.com` }, { ip })).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes[20]).toBe(429);
  });
});

describe('reset password', () => {
  it('needs both fields equal and the policy; then sets the password, ends every session and is single-use', async () => {
    const email = 'partner@example.com';
    const cookie = await h.t.signIn(email, undefined, nextIp());
    const token = tokenOf(await forgotAndReadLink(email, 1));
    expect((await post('/password/reset/check', { token })).json()).toEqual({ valid: true });
    const reset = (newPassword: string, confirmPassword = newPassword) =>
      post('/password/reset', { token, newPassword, confirmPassword });
    const mismatch = await reset('Reset@2026', 'Reset@2027');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('Password does not match');
    const weak = await reset('resetpass');
    expect(weak.json().message).toBe(passwordPolicyMessage);
    expect(await signInStatus(email, 'Demo@1234')).toBe(200);

    const ok = await reset('Reset@2026');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(m.passwordReset);
    expect(await sessionStatus(cookie)).toBe(401);
    expect(await signInStatus(email, 'Demo@1234')).toBe(401);
    expect(await signInStatus(email, 'Reset@2026')).toBe(200);

    const again = await reset('Again@2026');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Link is expired !');
    expect((await post('/password/reset/check', { token })).json()).toEqual({
      valid: false,
      message: 'Link is expired !',
    });
    expect(await signInStatus(email, 'Reset@2026')).toBe(200);
  });

  it('a link expires 12 hours after issue: Link is expired ! and the password stays', async () => {
    const email = 'aggregator@example.com';
    const token = tokenOf(await forgotAndReadLink(email, 1));
    h.clock.advance(12 * 3600 * 1000 - 5000);
    expect((await post('/password/reset/check', { token })).json().valid).toBe(true);
    h.clock.advance(5000);
    expect((await post('/password/reset/check', { token })).json()).toEqual({
      valid: false,
      message: 'Link is expired !',
    });
    const res = await post('/password/reset', {
      token,
      newPassword: 'Late@2026',
      confirmPassword: 'Late@2026',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Link is expired !');
    expect(await signInStatus(email, 'Demo@1234')).toBe(200);
  });

  it('a tampered or made-up token is not valid and changes nothing', async () => {
    const email = 'quick@example.com';
    const token = tokenOf(await forgotAndReadLink(email, 1));
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const res = await post('/password/reset', {
      token: tampered,
      newPassword: 'Evil@2026',
      confirmPassword: 'Evil@2026',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.linkInvalid);
    expect((await post('/password/reset/check', { token: 'x'.repeat(300) })).statusCode).toBe(400);
    expect(await signInStatus(email, 'Demo@1234')).toBe(200);
  });
});

describe('change password (part 1 §4, §5 Password change)', () => {
  const change = (cookie: string | undefined, body: object) => post('/password/change', body, { cookie });

  it('needs a session', async () => {
    const res = await change(undefined, {
      currentPassword: 'Demo@1234',
      newPassword: 'New@12345',
      confirmPassword: 'New@12345',
    });
    expect(res.statusCode).toBe(401);
  });

  it('checks the current password, the policy and the confirmation on the server', async () => {
    const cookie = await h.t.signIn('subscriber@example.com', undefined, nextIp());
    const wrong = await change(cookie, {
      currentPassword: 'Wrong@1234',
      newPassword: 'New@12345',
      confirmPassword: 'New@12345',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(m.currentPasswordWrong);
    const weak = await change(cookie, {
      currentPassword: 'Demo@1234',
      newPassword: 'newpassword',
      confirmPassword: 'newpassword',
    });
    expect(weak.json().message).toBe(
      'Password must include special characters,uppercase and lowercase letters,number and meet required length.',
    );
    const mismatch = await change(cookie, {
      currentPassword: 'Demo@1234',
      newPassword: 'New@12345',
      confirmPassword: 'New@12346',
    });
    expect(mismatch.json().message).toBe(confirmPasswordMessage);
    expect(await sessionStatus(cookie)).toBe(200);
    expect(await signInStatus('subscriber@example.com', 'Demo@1234')).toBe(200);
  });

  it('success: status 1 and the server message, every session ended, the new password works', async () => {
    const email = 'predictor@example.com';
    const cookie = await h.t.signIn(email, undefined, nextIp());
    const other = await h.t.signIn(email, undefined, nextIp());
    const res = await change(cookie, {
      currentPassword: 'Demo@1234',
      newPassword: 'New@12345',
      confirmPassword: 'New@12345',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, message: 'Password Updated successfully' });
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect(await sessionStatus(cookie)).toBe(401);
    expect(await sessionStatus(other)).toBe(401);
    expect(await signInStatus(email, 'Demo@1234')).toBe(401);
    expect(await signInStatus(email, 'New@12345')).toBe(200);
  });

  it('wrong current passwords are rate-limited per user', async () => {
    const cookie = await h.t.signIn('student@example.com', undefined, nextIp());
    for (let i = 0; i < 5; i++) {
      const r = await change(cookie, {
        currentPassword: `Wrong@${i}xyz`,
        newPassword: 'New@12345',
        confirmPassword: 'New@12345',
      });
      expect(r.statusCode).toBe(400);
    }
    const blocked = await change(cookie, {
      currentPassword: 'Demo@1234',
      newPassword: 'New@12345',
      confirmPassword: 'New@12345',
    });
    expect(blocked.statusCode).toBe(429);
    expect(await signInStatus('student@example.com', 'Demo@1234')).toBe(200);
  });

  it('a user holding HideChangePassword is refused and the password stays', async () => {
    const db = h.t.deps.db;
    const [priv] = await db
      .select()
      .from(privileges)
      .where(and(eq(privileges.area, 'User'), eq(privileges.name, 'HideChangePassword')));
    // Trial Administrator under provider type 3 (trial@) gets HideChangePassword.
    await db
      .insert(rolePrivileges)
      .values({ roleId: Role.TrialAdministrator, providerTypeId: 3, privilegeId: priv.privilegeId });
    const cookie = await h.t.signIn('trial@example.com', undefined, nextIp());
    const res = await change(cookie, {
      currentPassword: 'Demo@1234',
      newPassword: 'New@12345',
      confirmPassword: 'New@12345',
    });
    expect(res.statusCode).toBe(403);
    const [u] = await db.select().from(users).where(eq(users.userName, 'trial@example.com'));
    expect(await signInStatus(u.userName, 'Demo@1234')).toBe(200);
  });
});
