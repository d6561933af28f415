/**
 * Sign-in limits per window (deviation D6). Only FAILED sign-ins are counted: a school that signs in
 * hundreds of students from one public address spends nothing while they type their passwords right.
 */
export type SignInLimits = {
  windowSeconds: number;
  /** Failed sign-ins for one user name from one address (then that pair waits; the user elsewhere does not). */
  failuresPerUserAndAddress: number;
  /** Failed sign-ins for one user name from anywhere (a guesser spread over many addresses; the user name then waits out the window everywhere). */
  failuresPerUser: number;
  /** Failed sign-ins from one address across user names (stops a guessing run from that address). */
  failuresPerAddress: number;
};
/**
 * 15 minutes; 5 failures per user name and address, 50 per user name, 300 per address. Successful
 * sign-ins are not limited at all, so 2,000 students behind one address sign in within 10 minutes even
 * when one in seven mistypes once; a guessing run from that address is refused after 300 wrong passwords.
 */
export const defaultSignInLimits: SignInLimits = {
  windowSeconds: 15 * 60,
  failuresPerUserAndAddress: 5,
  failuresPerUser: 50,
  failuresPerAddress: 300,
};

/** SIGNIN_MAX_FAILURES_PER_ADDRESS etc. override the defaults (README "Configuration"). */
export function signInLimitsFromEnv(env: NodeJS.ProcessEnv): SignInLimits {
  const n = (v: string | undefined, d: number) => (v && Number(v) > 0 ? Number(v) : d);
  const d = defaultSignInLimits;
  return {
    windowSeconds: n(env.SIGNIN_WINDOW_SECONDS, d.windowSeconds),
    failuresPerUserAndAddress: n(env.SIGNIN_MAX_FAILURES_PER_USER_ADDRESS, d.failuresPerUserAndAddress),
    failuresPerUser: n(env.SIGNIN_MAX_FAILURES_PER_USER, d.failuresPerUser),
    failuresPerAddress: n(env.SIGNIN_MAX_FAILURES_PER_ADDRESS, d.failuresPerAddress),
  };
}
