/** Sign-in and session messages (spec part 1 §4 "Sign-in", §8 "Sign-in"). */
export const authMessages = {
  invalidCredentials: 'Invalid Credentials',
  unableToCreateUser: 'Unable to create user',
  notActive: 'User account is not active.',
  trialEnded: 'Your trial has ended. Upgrade now to unlock full features!',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  signedOut: 'Signed out.',
  sessionExpired: 'Your session has expired. Please sign in again.',
} as const;
