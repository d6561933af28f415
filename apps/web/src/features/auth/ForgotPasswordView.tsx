import { AuthPlaceholder } from './AuthPlaceholder';

/**
 * /auth/forgotPassword: the forgot-password view of /auth (spec part 1 §2 "Reset Password and Forgot
 * Password"). To come: one Enter Email field and a Submit button that sends the reset link.
 */
export function ForgotPasswordView() {
  return (
    <AuthPlaceholder title="Forgot Password" intro="We will email you a link to choose a new password." />
  );
}

export { ForgotPasswordView as Component };
