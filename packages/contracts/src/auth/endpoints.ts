// Sign-in and accounts endpoints, defined once: the API registers them (modules/auth, modules/accounts)
// and the console calls them (features/auth, features/accounts, features/profile).
import { z } from 'zod';
import { endpointGroup } from '../common/endpoint';
import { messageSchema } from '../common/errors';
import {
  changePasswordBodySchema,
  changePasswordResultSchema,
  emailExistsQuerySchema,
  existsResultSchema,
  forgotPasswordBodySchema,
  mobileExistsQuerySchema,
  providerEmailExistsQuerySchema,
  providerMobileExistsQuerySchema,
  providerProfileSchema,
  registerBodySchema,
  resetLinkBodySchema,
  resetLinkResultSchema,
  resetPasswordBodySchema,
  sendOtpBodySchema,
  sendOtpResultSchema,
  trialInfoSchema,
  updateProviderProfileBodySchema,
  updateProviderProfileResultSchema,
  verifyOtpBodySchema,
  verifyOtpResultSchema,
} from './accounts';
import { sessionSchema, signInBodySchema } from './schemas';

/** Create User's answer: the message and the new user's session (the same call signs the user in). */
export const registerResultSchema = z.object({ message: z.string(), session: sessionSchema });
export type RegisterResult = z.infer<typeof registerResultSchema>;

const anyone = { public: true } as const;
const staff = { signedIn: true, userType: 'staff' } as const;

/** Sign-in, sign-out and the current session (part 1 §4 "Sign-in", §7). */
export const authEndpoints = endpointGroup('auth', {
  signIn: {
    method: 'POST',
    path: '/api/auth/sign-in',
    summary: 'Sign in with user name and password; sets the session cookie',
    access: anyone,
    body: signInBodySchema,
    response: sessionSchema,
  },
  signOut: {
    method: 'POST',
    path: '/api/auth/sign-out',
    summary: 'End the current session',
    access: anyone,
    response: messageSchema,
  },
  session: {
    method: 'GET',
    path: '/api/auth/session',
    summary: 'The signed-in user, privileges and licence (what the client shows and hides)',
    access: { signedIn: true },
    response: sessionSchema,
  },
});

/** Trial registration, passwords, the provider profile and the trial notice (part 1 §4, §5, §7; part 3 §4). */
export const accountsEndpoints = endpointGroup('accounts', {
  // ---- registration (public)
  emailExists: {
    method: 'GET',
    path: '/api/accounts/email-exists',
    summary: 'Whether an account (or provider) already uses this e-mail (live check while typing)',
    access: anyone,
    query: emailExistsQuerySchema,
    response: existsResultSchema,
  },
  mobileExists: {
    method: 'GET',
    path: '/api/accounts/mobile-exists',
    summary: 'Whether an account (or provider) already uses this mobile (live check while typing)',
    access: anyone,
    query: mobileExistsQuerySchema,
    response: existsResultSchema,
  },
  sendOtp: {
    method: 'POST',
    path: '/api/accounts/otp',
    summary: 'E-mail a 6-digit OTP (valid 10 minutes; resend after 300 s); rate-limited',
    access: anyone,
    body: sendOtpBodySchema,
    response: sendOtpResultSchema,
  },
  verifyOtp: {
    method: 'POST',
    path: '/api/accounts/otp/verify',
    summary: 'Check the OTP (at most 5 wrong tries); returns the verification token for Create User',
    access: anyone,
    body: verifyOtpBodySchema,
    response: verifyOtpResultSchema,
  },
  register: {
    method: 'POST',
    path: '/api/accounts/register',
    summary: 'Create User: the trial provider and its user in one transaction; signs the user in',
    access: anyone,
    body: registerBodySchema,
    response: registerResultSchema,
  },

  // ---- passwords
  forgotPassword: {
    method: 'POST',
    path: '/api/accounts/password/forgot',
    summary: 'E-mail a reset link (same answer whether or not the account exists); rate-limited',
    access: anyone,
    body: forgotPasswordBodySchema,
    response: messageSchema,
  },
  resetLink: {
    method: 'POST',
    path: '/api/accounts/password/reset/check',
    summary: 'Whether a reset link can still be used (unused and less than 12 hours old)',
    access: anyone,
    body: resetLinkBodySchema,
    response: resetLinkResultSchema,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/accounts/password/reset',
    summary: "Set a new password with a reset link; ends every session of the link's user",
    access: anyone,
    body: resetPasswordBodySchema,
    response: messageSchema,
  },
  changePassword: {
    method: 'POST',
    path: '/api/accounts/password/change',
    summary: 'Change the own password (status 1 = success); ends every session of the user',
    access: { signedIn: true },
    body: changePasswordBodySchema,
    response: changePasswordResultSchema,
  },

  // ---- provider profile and trial notice (the caller's own provider, from the session)
  provider: {
    method: 'GET',
    path: '/api/accounts/provider',
    summary: "The signed-in user's provider, with its content curator names",
    access: staff,
    response: providerProfileSchema,
  },
  updateProvider: {
    method: 'PUT',
    path: '/api/accounts/provider',
    summary: 'Update Profile (refused with HideUpdateProfile; validity dates for provider 0 only)',
    access: staff,
    body: updateProviderProfileBodySchema,
    response: updateProviderProfileResultSchema,
  },
  providerEmailExists: {
    method: 'GET',
    path: '/api/accounts/provider/email-exists',
    summary: 'Whether another provider uses this e-mail',
    access: staff,
    query: providerEmailExistsQuerySchema,
    response: existsResultSchema,
  },
  providerMobileExists: {
    method: 'GET',
    path: '/api/accounts/provider/mobile-exists',
    summary: 'Whether another provider uses this mobile',
    access: staff,
    query: providerMobileExistsQuerySchema,
    response: existsResultSchema,
  },
  trial: {
    method: 'GET',
    path: '/api/accounts/trial',
    summary: 'Trial notice of the quick tour: days remaining and the support contact',
    access: staff,
    response: trialInfoSchema,
  },
});
