import { describe, expect, it } from 'vitest';
import {
  daysRemaining,
  daysText,
  emailSchema,
  accountsMessages as m,
  registerBodySchema,
  resetPasswordFormSchema,
  updateProviderProfileBodySchema,
} from './accounts';
import { confirmPasswordMessage, passwordPolicyMessage } from './password';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? undefined : r.error?.issues[0]?.message;

describe('accounts rules', () => {
  it('trims and lower-cases e-mails; empty and malformed ones get their messages', () => {
    expect(emailSchema.parse('  Asha@School.Example ')).toBe('asha@school.example');
    expect(firstMessage(emailSchema.safeParse(''))).toBe('Please enter the email.');
    expect(firstMessage(emailSchema.safeParse('asha@'))).toBe(m.invalidEmail);
  });

  it('registration: policy, confirmation, mobile of 10 digits, no unknown fields', () => {
    const ok = {
      firstName: 'Asha',
      lastName: 'Menon',
      email: 'a@school.example',
      mobile: '9876543210',
      password: 'Trial@2026',
      confirmPassword: 'Trial@2026',
      verificationToken: 't',
    };
    expect(registerBodySchema.safeParse(ok).success).toBe(true);
    expect(firstMessage(registerBodySchema.safeParse({ ...ok, confirmPassword: 'x' }))).toBe(
      confirmPasswordMessage,
    );
    expect(firstMessage(registerBodySchema.safeParse({ ...ok, mobile: '98765 4321' }))).toBe(m.mobileDigits);
    expect(firstMessage(registerBodySchema.safeParse({ ...ok, mobile: '987654321' }))).toBe(m.mobileDigits);
    // §9: at least 8 characters, even with every kind of character
    const short = { ...ok, password: 'Tr@l202', confirmPassword: 'Tr@l202' };
    expect(firstMessage(registerBodySchema.safeParse(short))).toBe(passwordPolicyMessage);
    const eight = { ...ok, password: 'Tr@l2026', confirmPassword: 'Tr@l2026' };
    expect(registerBodySchema.safeParse(eight).success).toBe(true);
    expect(registerBodySchema.safeParse({ ...ok, providerId: 0 }).success).toBe(false);
  });

  it("reset: 'Password does not match'", () => {
    const r = resetPasswordFormSchema.safeParse({ newPassword: 'Reset@2026', confirmPassword: 'Reset@2027' });
    expect(firstMessage(r)).toBe('Password does not match');
  });

  it('profile: name ≥ 3, mobile exactly 10, From not after To', () => {
    const ok = { name: 'Abc', email: 'o@x.example', mobile: '9000000001' };
    expect(updateProviderProfileBodySchema.safeParse(ok).success).toBe(true);
    expect(firstMessage(updateProviderProfileBodySchema.safeParse({ ...ok, name: 'Ab' }))).toBe(
      m.providerNameMin,
    );
    expect(firstMessage(updateProviderProfileBodySchema.safeParse({ ...ok, name: '  Ab  ' }))).toBe(
      m.providerNameMin,
    );
    expect(firstMessage(updateProviderProfileBodySchema.safeParse({ ...ok, mobile: '900000001' }))).toBe(
      m.providerMobileLength,
    );
    const order = updateProviderProfileBodySchema.safeParse({
      ...ok,
      validFrom: '2030-01-02T00:00:00.000Z',
      validTo: '2030-01-01T23:59:59.999Z',
    });
    expect(firstMessage(order)).toBe(m.validOrder);
  });

  it('days remaining are rounded up and written day/days', () => {
    const now = new Date('2026-01-01T10:00:00Z');
    expect(daysRemaining('2026-01-04T10:00:00Z', now)).toBe(3);
    expect(daysRemaining('2026-01-01T10:00:01Z', now)).toBe(1);
    expect(daysRemaining('2025-12-31T10:00:00Z', now)).toBe(0);
    expect(daysText(1)).toBe('1 day');
    expect(daysText(3)).toBe('3 days');
  });
});
