import { describe, expect, it } from 'vitest';
import { defaultSignInLimits, signInLimitsFromEnv } from './auth.service';

describe('sign-in limits from the environment (README "Configuration", D6)', () => {
  it('defaults: failures only, 300 per address, 5 per user name and address, 50 per user name, 15 minutes', () => {
    expect(signInLimitsFromEnv({})).toEqual({
      windowSeconds: 900,
      failuresPerUserAndAddress: 5,
      failuresPerUser: 50,
      failuresPerAddress: 300,
    });
    expect(signInLimitsFromEnv({})).toEqual(defaultSignInLimits);
  });

  it('each SIGNIN_* setting overrides its limit; empty, zero or non-numbers keep the default', () => {
    expect(
      signInLimitsFromEnv({
        SIGNIN_WINDOW_SECONDS: '600',
        SIGNIN_MAX_FAILURES_PER_ADDRESS: '1000',
        SIGNIN_MAX_FAILURES_PER_USER_ADDRESS: '10',
        SIGNIN_MAX_FAILURES_PER_USER: 'lots',
      }),
    ).toEqual({
      windowSeconds: 600,
      failuresPerAddress: 1000,
      failuresPerUserAndAddress: 10,
      failuresPerUser: 50,
    });
    expect(signInLimitsFromEnv({ SIGNIN_MAX_FAILURES_PER_ADDRESS: '0' }).failuresPerAddress).toBe(300);
    // The old name counted every attempt; it is not read any more.
    expect(signInLimitsFromEnv({ SIGNIN_MAX_PER_ADDRESS: '30' }).failuresPerAddress).toBe(300);
  });
});
