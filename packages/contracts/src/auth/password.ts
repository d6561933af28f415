import { z } from 'zod';

/** Minimum password length (part 1 §9). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const passwordPolicyMessage =
  'Password must include special characters,uppercase and lowercase letters,number and meet required length.';
export const confirmPasswordMessage = 'The confirmed password does not match the original.';

/** Staff password policy: 8+ characters with a lowercase, an uppercase, a digit and a special character. */
export const isStrongPassword = (v: string) =>
  v.length >= PASSWORD_MIN_LENGTH &&
  v.length <= PASSWORD_MAX_LENGTH &&
  /[a-z]/.test(v) &&
  /[A-Z]/.test(v) &&
  /\d/.test(v) &&
  /[^A-Za-z0-9]/.test(v);

export const strongPasswordSchema = z.string().refine(isStrongPassword, passwordPolicyMessage);
