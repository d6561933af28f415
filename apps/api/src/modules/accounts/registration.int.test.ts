import {
  confirmPasswordMessage,
  accountsMessages as m,
  OTP_RESEND_SECONDS,
  otpWaitMessage,
  passwordPolicyMessage,
} from '@assess/contracts/auth';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailingTestApp, type MailingTestApp } from '../../../test/mailing';
import { emailVerifications, providerContentCurators, providers, settings, users } from '../../db/schema';
import { unitOfWork } from '../../platform/db/unit-of-work';
import { createAccountsRepository } from './accounts.repository';
import { createRegistrationService } from './registration.service';

let h: MailingTestApp;
beforeAll(async () => {
  h = await createMailingTestApp();
});
afterAll(() => h.close());

let n = 0;
/** A fresh address (and client address) per call so rate limits and countdowns do not couple tests. */
const fresh = () => {
  n++;
  return { email: `new${n}@school.example`, ip: `10.1.${Math.floor(n / 200)}.${n % 200}` };
};
const post = (url: string, payload: object, ip = '10.9.9.9', headers: Record<string, string> = {}) =>
  h.t.app.inject({ method: 'POST', url: `/api/accounts${url}`, payload, remoteAddress: ip, headers });
const get = (url: string, ip = '10.9.9.9') =>
  h.t.app.inject({ method: 'GET', url: `/api/accounts${url}`, remoteAddress: ip });
const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const providerCount = async () =>
  Number(
    (
      (await h.t.deps.db.execute(sql`select count(*)::int as c from providers`)) as unknown as {
        rows: { c: number }[];
      }
    ).rows[0].c,
  );

async function sendAndReadOtp(email: string, ip: string, nth = 1) {
  const res = await post('/otp', { email }, ip);
  expect(res.statusCode, res.body).toBe(200);
  return codeOf((await h.waitForMailTo(email, nth)).text);
}

async function verified(email: string, ip: string) {
  const otp = await sendAndReadOtp(email, ip);
  const res = await post('/otp/verify', { email, otp }, ip);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().verificationToken as string;
}

let mobileSeq = 0;
const newMobile = () => `7${String(100000000 + mobileSeq++).slice(-9)}`;
const form = (email: string, token: string, over: object = {}) => ({
  firstName: 'Asha',
  lastName: 'Menon',
  email,
  mobile: newMobile(),
  password: 'Trial@2026',
  confirmPassword: 'Trial@2026',
  verificationToken: token,
  ...over,
});

describe('e-mail OTP (part 1 §4 Registration, §8)', () => {
  it('sends a 6-digit code by e-mail, stored only as a hash, with the 300 s countdown', async () => {
    const { email, ip } = fresh();
    const res = await post('/otp', { email: email.toUpperCase() }, ip);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'OTP sent to your email.', resendAfterSeconds: 300 });
    const mail = await h.waitForMailTo(email);
    expect(mail.subject).toBe('Your verification code');
    const code = codeOf(mail.text);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await h.t.deps.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.email, email));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('refuses a resend before the countdown ends (server side), then allows it; the old code stops working', async () => {
    const { email, ip } = fresh();
    const first = await sendAndReadOtp(email, ip);
    h.clock.advance(120_000);
    const early = await post('/otp', { email }, ip);
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toBe(otpWaitMessage(OTP_RESEND_SECONDS - 120));
    // The code is mailed before the answer: the refused request handed nothing to the mailer.
    expect(h.handedTo(email)).toHaveLength(1);
    h.clock.advance(180_000);
    const second = await sendAndReadOtp(email, ip, 2);
    expect(h.handedTo(email)).toHaveLength(2);
    if (second !== first) {
      const old = await post('/otp/verify', { email, otp: first }, ip);
      expect(old.json().message).toBe(m.invalidOtp);
    }
    const ok = await post('/otp/verify', { email, otp: second }, ip);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ verified: true, message: 'Email verified successfully.' });
    expect(ok.json().verificationToken).toMatch(/^[\w-]{40,}$/);
  });

  it('a wrong code is Invalid OTP.; after 5 wrong tries even the right code is refused', async () => {
    const { email, ip } = fresh();
    const otp = await sendAndReadOtp(email, ip);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post('/otp/verify', { email, otp: wrong }, ip);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid OTP.');
    }
    const right = await post('/otp/verify', { email, otp }, ip);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(m.otpTooManyTries);
    const [row] = await h.t.deps.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.email, email));
    expect(row.verifiedAt).toBeNull();
  });

  it('a code is valid 10 minutes', async () => {
    const { email, ip } = fresh();
    const otp = await sendAndReadOtp(email, ip);
    h.clock.advance(10 * 60_000 + 1000);
    const res = await post('/otp/verify', { email, otp }, ip);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.otpExpired);
  });

  it('the code of one address does not verify another', async () => {
    const a = fresh();
    const b = fresh();
    const otpA = await sendAndReadOtp(a.email, a.ip);
    await sendAndReadOtp(b.email, b.ip);
    const res = await post('/otp/verify', { email: b.email, otp: otpA }, b.ip);
    // (a 1-in-a-million chance that both codes are equal)
    if (res.statusCode !== 200) expect(res.json().message).toBe('Invalid OTP.');
    const none = await post('/otp/verify', { email: 'never-sent@school.example', otp: otpA });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Invalid OTP.');
  });

  it('empty e-mail and empty OTP get the spec messages; a bad address or code is refused', async () => {
    const empty = await post('/otp', { email: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please enter the email.');
    expect((await post('/otp', { email: 'not-an-email' })).json().message).toBe(m.invalidEmail);
    expect((await post('/otp', { email: `${'a'.repeat(250)}@x.example` })).statusCode).toBe(400);
    const noOtp = await post('/otp/verify', { email: 'a@school.example', otp: '' });
    expect(noOtp.json().message).toBe('Please enter the OTP.');
    expect((await post('/otp/verify', { email: 'a@school.example', otp: '12ab56' })).statusCode).toBe(400);
  });

  it('no code for an address that already has an account, in any case', async () => {
    const before = h.sink.messages.length;
    const res = await post('/otp', { email: 'ERP@Example.COM' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Email already exist.');
    expect(h.handedTo('erp@example.com')).toEqual([]);
    expect(h.sink.messages.length).toBe(before);
  });

  it('rate-limits sending per e-mail and per client address', async () => {
    const { email } = fresh();
    for (let i = 0; i < 5; i++) {
      expect((await post('/otp', { email }, `10.200.0.${i}`)).statusCode).toBe(200);
      h.clock.advance(OTP_RESEND_SECONDS * 1000);
    }
    const sixth = await post('/otp', { email }, '10.200.0.99');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(m.tooManyRequests);
    const ip = '10.201.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 21; i++)
      codes.push((await post('/otp', { email: `burst${i}@x.example` }, ip)).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes[20]).toBe(429);
  });
});

describe('live existence checks', () => {
  it('e-mail (any case) and mobile of existing accounts', async () => {
    expect((await get('/email-exists?email=ERP%40example.com')).json()).toEqual({ exists: true });
    expect((await get('/email-exists?email=nobody%40example.com')).json()).toEqual({ exists: false });
    const [erp] = await h.t.deps.db.select().from(users).where(eq(users.userName, 'erp@example.com'));
    expect((await get(`/mobile-exists?mobile=${erp.mobile}`)).json()).toEqual({ exists: true });
    expect((await get('/mobile-exists?mobile=7000000000')).json()).toEqual({ exists: false });
    expect((await get('/mobile-exists?mobile=123')).statusCode).toBe(400);
  });
});

describe('Create User (part 1 §4, §5 Registration)', () => {
  it('without a verified e-mail: Please verify the email., and nothing is created', async () => {
    const before = await providerCount();
    const { email, ip } = fresh();
    const never = await post('/register', form(email, 'forged-token-value-xxxxxxxxxxxxxxxxxxxxxxxx'), ip);
    expect(never.statusCode).toBe(400);
    expect(never.json().message).toBe('Please verify the email.');
    // Verified, but for another address.
    const other = fresh();
    const token = await verified(other.email, other.ip);
    const swapped = await post('/register', form(email, token), ip);
    expect(swapped.json().message).toBe('Please verify the email.');
    const missing = await post('/register', { ...form(email, ''), verificationToken: undefined }, ip);
    expect(missing.statusCode).toBe(400);
    expect(await providerCount()).toBe(before);
  });

  it('creates the trial provider and its user, answers User created successfully. and signs in', async () => {
    const { email, ip } = fresh();
    const token = await verified(email, ip);
    const body = form(email, token, { firstName: ' Kavya ', lastName: 'Rao' });
    const res = await post('/register', body, ip);
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    expect(out.message).toBe('User created successfully.');
    expect(out.session).toMatchObject({
      trialAlert: true,
      privilegeObject: { packageId: 4, roles: [{ id: 11 }] },
      userDetails: { userName: email, providerTypeId: 3, userTypeId: 2, firstName: 'Kavya' },
    });
    const [defaultCurator] = await h.t.deps.db
      .select()
      .from(settings)
      .where(eq(settings.key, 'defaultContentProviderId'));
    expect(out.session.userDetails.contentProviderIds).toEqual([defaultCurator.value]);
    const validMs = new Date(out.session.validTo).getTime() - h.clock().getTime();
    expect(validMs).toBe(3 * 86_400_000);
    const [p] = await h.t.deps.db
      .select()
      .from(providers)
      .where(eq(providers.providerId, out.session.userDetails.providerId));
    expect(p).toMatchObject({ providerTypeId: 3, packageId: 4, name: 'Kavya Rao', email, isActive: true });
    expect(JSON.stringify(out)).not.toMatch(/password|Trial@2026/i);
    // The cookie is a live session.
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toBeDefined();
    const me = await h.t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: `sid=${cookie?.value}` },
    });
    expect(me.json().userDetails.userName).toBe(email);
    // The password works for sign-in; the verification cannot be used twice.
    await h.t.signIn(email, 'Trial@2026', '10.77.0.1');
    const again = await post('/register', form(email, token), ip);
    expect(again.json().message).toBe('Please verify the email.');
  });

  it('an existing mobile: Mobile already exist.; the verification stays usable', async () => {
    const before = await providerCount();
    const { email, ip } = fresh();
    const token = await verified(email, ip);
    const [erp] = await h.t.deps.db.select().from(users).where(eq(users.userName, 'erp@example.com'));
    const res = await post('/register', form(email, token, { mobile: erp.mobile }), ip);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Mobile already exist.');
    expect(await providerCount()).toBe(before);
    expect((await post('/register', form(email, token), ip)).statusCode).toBe(200);
  });

  it('bad input is refused with a clear message and creates nothing', async () => {
    const before = await providerCount();
    const { email, ip } = fresh();
    const token = await verified(email, ip);
    const cases: [object, string | undefined][] = [
      [{ confirmPassword: 'Other@2026' }, confirmPasswordMessage],
      [{ password: 'weakpass', confirmPassword: 'weakpass' }, passwordPolicyMessage],
      [{ mobile: '98765' }, m.mobileDigits],
      [{ firstName: '' }, m.firstNameRequired],
      [{ lastName: 'x'.repeat(101) }, undefined],
      [{ providerId: 0 }, undefined],
    ];
    for (const [over, message] of cases) {
      const res = await post('/register', form(email, token, over), ip);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await providerCount()).toBe(before);
  });

  it('concurrent registrations of one e-mail (two verifications) give exactly one account', async () => {
    const { email, ip } = fresh();
    const t1 = await verified(email, ip);
    h.clock.advance(OTP_RESEND_SECONDS * 1000);
    const otp = await sendAndReadOtp(email, ip, 2);
    const t2 = (await post('/otp/verify', { email, otp }, ip)).json().verificationToken;
    const before = await providerCount();
    const results = await Promise.all([
      post('/register', form(email, t1), ip),
      post('/register', form(email.toUpperCase(), t2), ip),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().message).toBe('Email already exist.');
    expect(await providerCount()).toBe(before + 1);
  });

  it('concurrent registrations with one mobile give exactly one account', async () => {
    const a = fresh();
    const b = fresh();
    const [ta, tb] = [await verified(a.email, a.ip), await verified(b.email, b.ip)];
    const mobile = newMobile();
    const before = await providerCount();
    const results = await Promise.all([
      post('/register', form(a.email, ta, { mobile }), a.ip),
      post('/register', form(b.email, tb, { mobile }), b.ip),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().message).toBe('Mobile already exist.');
    expect(await providerCount()).toBe(before + 1);
  });

  it('the unique index decides when the pre-check misses a race, and the provider is rolled back with the user', async () => {
    const { email, ip } = fresh();
    const token = await verified(email, ip);
    const [erp] = await h.t.deps.db.select().from(users).where(eq(users.userName, 'erp@example.com'));
    // Transaction-bound repositories whose pre-checks see nothing (as when two transactions pass them at
    // the same time).
    const racing = unitOfWork(h.t.deps.db, (tx) => ({
      accounts: {
        ...createAccountsRepository(tx),
        emailTaken: async () => false,
        mobileTaken: async () => false,
      },
    }));
    const service = createRegistrationService({
      accounts: createAccountsRepository(h.t.deps.db),
      withTransaction: racing,
      mailer: { send: async () => ({ messageId: '' }), close: async () => {} },
      limiter: { hit: async () => 1 },
      clock: h.clock,
      access: h.t.deps.access,
      principals: { build: async () => ({}) as never, toSession: () => ({}) as never },
      sessions: { open: async () => 'x' },
      log: { error() {} },
    });
    const before = await providerCount();
    const curatorsBefore = (await h.t.deps.db.select().from(providerContentCurators)).length;
    const body = { ...form(email, token, { mobile: erp.mobile ?? '' }) };
    await expect(service.register(body as never, { ip })).rejects.toMatchObject({
      statusCode: 409,
      message: 'Mobile already exist.',
    });
    expect(await providerCount()).toBe(before);
    expect((await h.t.deps.db.select().from(providerContentCurators)).length).toBe(curatorsBefore);
    // The verification was not used up either (it was part of the rolled-back transaction).
    expect((await post('/register', form(email, token), ip)).statusCode).toBe(200);
  });
});
