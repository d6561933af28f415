import { z } from 'zod';
import { confirmPasswordMessage, PASSWORD_MAX_LENGTH, strongPasswordSchema } from './password';

/**
 * Accounts: trial self-registration with e-mail OTP, forgot and reset password, change password, provider
 * profile (spec part 1 §4, §5, §8, §9; part 3 §4, §5). Quoted spec messages are word for word; the others
 * (marked "ours") cover cases the spec does not show and are listed in docs/FEATURES.md.
 */
export const accountsMessages = {
  // Registration (part 1 §8 "Registration").
  enterEmail: 'Please enter the email.',
  otpSent: 'OTP sent to your email.',
  otpSendError: 'Error sending OTP.',
  enterOtp: 'Please enter the OTP.',
  emailVerified: 'Email verified successfully.',
  invalidOtp: 'Invalid OTP.',
  otpVerifyError: 'Error verifying OTP.',
  verifyEmail: 'Please verify the email.',
  emailExists: 'Email already exist.',
  mobileExists: 'Mobile already exist.',
  fillAllFields: 'Please fill all the fields.',
  userCreated: 'User created successfully.',
  // Forgot and reset (part 1 §8 "Forgot and reset", §5).
  emailSent: 'Email send successfully!',
  errorOccured: 'Error occured',
  passwordMismatch: 'Password does not match',
  linkExpired: 'Link is expired !',
  // Password change (part 1 §8).
  passwordUpdated: 'Password Updated successfully',
  passwordNotChanged: 'The password has not been changed.',
  // Profile (part 1 §8).
  providerUpdated: 'Provider details updated successfully',
  providerUpdateError: 'Error while updating profile',
  fetchError: 'error in fetching details.',
  // Ours: cases the spec does not show.
  otpExpired: 'The OTP has expired. Please request a new one.',
  otpTooManyTries: 'Too many wrong OTP entries. Please request a new OTP.',
  tooManyRequests: 'Too many requests. Please wait a while and try again.',
  invalidEmail: 'Please enter a valid email.',
  firstNameRequired: 'First Name is required.',
  lastNameRequired: 'Last Name is required.',
  mobileDigits: 'Mobile must be exactly 10 digits.',
  linkInvalid: 'This reset link is not valid.',
  passwordReset: 'Your password has been reset. Please log in with your new password.',
  currentPasswordRequired: 'Please enter the current password.',
  currentPasswordWrong: 'The current password is not correct.',
  samePassword: 'The new password must differ from the current password.',
  providerNameMin: 'Name must have at least 3 characters.',
  providerMobileLength: 'Mobile must be exactly 10 characters.',
  providerEmailExists: 'This email is already used by another provider.',
  providerMobileExists: 'This mobile is already used by another provider.',
  validityOwnerOnly: 'Only the platform owner can change the validity dates.',
  validFromPast: 'Valid From cannot be earlier than today.',
  validToPast: 'Valid To cannot be earlier than today.',
  validOrder: 'Valid From cannot be later than Valid To.',
} as const;

/** Waiting message of a resend asked for before the countdown ends (ours). */
export const otpWaitMessage = (seconds: number) =>
  `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting a new OTP.`;

/** Part 1 §9 and the issue: OTP resend countdown, OTP life and tries, reset-link life, trial length. */
export const OTP_RESEND_SECONDS = 300;
export const OTP_VALID_SECONDS = 600;
export const OTP_MAX_WRONG_TRIES = 5;
export const OTP_LENGTH = 6;
/** How long a verified e-mail may be used to create the account. */
export const EMAIL_VERIFICATION_VALID_SECONDS = 60 * 60;
export const RESET_LINK_VALID_SECONDS = 12 * 60 * 60;
export const TRIAL_DAYS = 3;
export const MOBILE_LENGTH = 10;
export const PROVIDER_NAME_MIN = 3;
/** Profile: success closes after 2 s; password change after 3 s; forgot and reset move on after 3 s. */
export const PROFILE_CLOSE_MS = 2000;
export const PASSWORD_CLOSE_MS = 3000;
export const AUTH_REDIRECT_MS = 3000;

const EMAIL_MAX = 254;
const NAME_MAX = 100;

/** An e-mail address: trimmed and lower-cased (accounts are unique on the lower-cased address). */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, accountsMessages.enterEmail)
  .max(EMAIL_MAX, accountsMessages.invalidEmail)
  .pipe(z.email(accountsMessages.invalidEmail));

/** Mobile: exactly 10 digits (registration). */
export const mobileSchema = z
  .string()
  .trim()
  .regex(/^\d{10}$/, accountsMessages.mobileDigits);

// ---------------------------------------------------------------------------------------------------
// Registration

export const sendOtpBodySchema = z.strictObject({ email: emailSchema });
export type SendOtpBody = z.infer<typeof sendOtpBodySchema>;
export const sendOtpResultSchema = z.object({
  message: z.string(),
  /** Seconds until Resend is allowed (the countdown the screen shows). */
  resendAfterSeconds: z.number().int(),
});
export type SendOtpResult = z.infer<typeof sendOtpResultSchema>;

export const otpSchema = z
  .string()
  .trim()
  .min(1, accountsMessages.enterOtp)
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), accountsMessages.invalidOtp);

export const verifyOtpBodySchema = z.strictObject({ email: emailSchema, otp: otpSchema });
export type VerifyOtpBody = z.infer<typeof verifyOtpBodySchema>;
export const verifyOtpResultSchema = z.object({
  verified: z.literal(true),
  message: z.string(),
  /** Proof of the verification, sent back with Create User (held by the screen, never shown). */
  verificationToken: z.string(),
});
export type VerifyOtpResult = z.infer<typeof verifyOtpResultSchema>;

export const emailExistsQuerySchema = z.strictObject({ email: emailSchema });
export const mobileExistsQuerySchema = z.strictObject({ mobile: mobileSchema });
export const existsResultSchema = z.object({ exists: z.boolean() });
export type ExistsResult = z.infer<typeof existsResultSchema>;

const registrationFields = z.strictObject({
  firstName: z.string().trim().min(1, accountsMessages.firstNameRequired).max(NAME_MAX),
  lastName: z.string().trim().min(1, accountsMessages.lastNameRequired).max(NAME_MAX),
  email: emailSchema,
  mobile: mobileSchema,
  password: strongPasswordSchema,
  confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
});
const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;

/** The Register form (part 1 §5 "Registration"); the same fields as the Create User call. */
export const registrationFormSchema = registrationFields.refine(passwordsMatch, {
  path: ['confirmPassword'],
  message: confirmPasswordMessage,
});
export type RegistrationForm = z.infer<typeof registrationFormSchema>;

/** Create User: the form plus the proof that the e-mail was verified by OTP. */
export const registerBodySchema = registrationFields
  .extend({ verificationToken: z.string().min(1, accountsMessages.verifyEmail).max(100) })
  .refine(passwordsMatch, { path: ['confirmPassword'], message: confirmPasswordMessage });
export type RegisterBody = z.infer<typeof registerBodySchema>;

// ---------------------------------------------------------------------------------------------------
// Forgot and reset password

export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

const resetTokenSchema = z
  .string()
  .min(1, accountsMessages.linkInvalid)
  .max(200, accountsMessages.linkInvalid);

const resetFields = z.strictObject({
  newPassword: strongPasswordSchema,
  confirmPassword: z.string().min(1, accountsMessages.passwordMismatch).max(PASSWORD_MAX_LENGTH),
});
const resetMatch = (v: { newPassword: string; confirmPassword: string }) =>
  v.newPassword === v.confirmPassword;

/** The reset form (part 1 §5 "Reset and forgot password"): both required and equal, and the policy. */
export const resetPasswordFormSchema = resetFields.refine(resetMatch, {
  path: ['confirmPassword'],
  message: accountsMessages.passwordMismatch,
});
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const resetPasswordBodySchema = resetFields
  .extend({ token: resetTokenSchema })
  .refine(resetMatch, { path: ['confirmPassword'], message: accountsMessages.passwordMismatch });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const resetLinkBodySchema = z.strictObject({ token: resetTokenSchema });
export const resetLinkResultSchema = z.object({ valid: z.boolean(), message: z.string().optional() });
export type ResetLinkResult = z.infer<typeof resetLinkResultSchema>;

// ---------------------------------------------------------------------------------------------------
// Change password

const changeFields = z.strictObject({
  currentPassword: z.string().min(1, accountsMessages.currentPasswordRequired).max(256),
  newPassword: strongPasswordSchema,
  confirmPassword: z.string().max(PASSWORD_MAX_LENGTH),
});
/** Change Password (part 1 §5 "Password change"). */
export const changePasswordBodySchema = changeFields.refine((v) => v.newPassword === v.confirmPassword, {
  path: ['confirmPassword'],
  message: confirmPasswordMessage,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;
/** Status 1 means success (part 1 §7); failures are error answers with a message. */
export const changePasswordResultSchema = z.object({ status: z.literal(1), message: z.string() });
export type ChangePasswordResult = z.infer<typeof changePasswordResultSchema>;

// ---------------------------------------------------------------------------------------------------
// Provider profile

export const providerProfileSchema = z.object({
  providerId: z.number().int(),
  name: z.string(),
  detailedName: z.string().nullable(),
  providerTypeId: z.number().int(),
  packageId: z.number().int(),
  logo: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  mobile: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  isActive: z.boolean(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  contentCuratorNames: z.array(z.string()),
});
export type ProviderProfile = z.infer<typeof providerProfileSchema>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
/** A picker's day as an instant: the start (Valid From) or end (Valid To) of that day in the user's zone. */
const instant = z.iso.datetime({ offset: true });

const profileFields = z.strictObject({
  name: z.string().trim().min(PROVIDER_NAME_MIN, accountsMessages.providerNameMin).max(200),
  detailedName: optionalText(200),
  email: emailSchema,
  mobile: z.string().trim().length(MOBILE_LENGTH, accountsMessages.providerMobileLength),
  website: optionalText(200),
  phone: optionalText(20),
  address: optionalText(500),
  /** Only the platform owner (provider id 0) may send these. */
  validFrom: instant.nullable().optional(),
  validTo: instant.nullable().optional(),
});
/** Edit provider (part 1 §5 "Provider profile"). */
export const updateProviderProfileBodySchema = profileFields.refine(
  (v) => !v.validFrom || !v.validTo || new Date(v.validFrom) <= new Date(v.validTo),
  { path: ['validFrom'], message: accountsMessages.validOrder },
);
export type UpdateProviderProfileBody = z.infer<typeof updateProviderProfileBodySchema>;
export type UpdateProviderProfileForm = z.input<typeof updateProviderProfileBodySchema>;
export const updateProviderProfileResultSchema = z.object({
  providerId: z.number().int(),
  message: z.string(),
});

export const providerEmailExistsQuerySchema = z.strictObject({ email: emailSchema });
export const providerMobileExistsQuerySchema = z.strictObject({
  mobile: z.string().trim().length(MOBILE_LENGTH, accountsMessages.providerMobileLength),
});

// ---------------------------------------------------------------------------------------------------
// Trial alert

export const trialInfoSchema = z.object({
  packageId: z.number().int(),
  validTo: z.string().nullable(),
  daysRemaining: z.number().int().min(0),
  supportContact: z.string().nullable(),
});
export type TrialInfo = z.infer<typeof trialInfoSchema>;

/** "1 day", "3 days" (part 3 §2 quick tour). */
export const daysText = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** Whole days left until validTo, rounded up; 0 once it has passed. */
export function daysRemaining(validTo: Date | string | null | undefined, now: Date): number {
  if (!validTo) return 0;
  const end = validTo instanceof Date ? validTo : new Date(validTo);
  const ms = end.getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / 86_400_000);
}
