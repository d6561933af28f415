import { AuthPlaceholder } from './AuthPlaceholder';

/**
 * /auth/signUp: self-registration as a trial user (spec part 1 §2 "Register", §5 "Registration").
 * To come: First Name, Last Name, Email (Verify/Resend, OTP), Mobile, Password, Confirm Password, Create User.
 */
export function SignUpView() {
  return <AuthPlaceholder title="Sign Up" intro="Create a trial account for your institution." />;
}

export { SignUpView as Component };
