import { authMessages } from '@assess/contracts/auth';
import { describe, expect, it } from 'vitest';
import { inactiveReason } from './account-rules';

const now = new Date('2026-06-15T10:00:00Z');
const day = 86_400_000;
const base = {
  userActive: true,
  providerActive: true,
  packageId: 3,
  validFrom: new Date(now.getTime() - day),
  validTo: new Date(now.getTime() + day),
};

describe('inactiveReason', () => {
  it('is null inside the validity window', () => expect(inactiveReason(base, now)).toBeNull());
  it('paid package outside the window: not active', () => {
    expect(inactiveReason({ ...base, validTo: new Date(now.getTime() - 1) }, now)).toBe(
      authMessages.notActive,
    );
    expect(inactiveReason({ ...base, validFrom: new Date(now.getTime() + 1) }, now)).toBe(
      authMessages.notActive,
    );
  });
  it('trial package outside the window: trial ended', () => {
    expect(inactiveReason({ ...base, packageId: 4, validTo: new Date(now.getTime() - 1) }, now)).toBe(
      authMessages.trialEnded,
    );
  });
  it('an inactive user or provider is not active', () => {
    expect(inactiveReason({ ...base, userActive: false }, now)).toBe(authMessages.notActive);
    expect(inactiveReason({ ...base, providerActive: false, packageId: 4 }, now)).toBe(
      authMessages.notActive,
    );
  });
});
