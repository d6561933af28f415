import { useParams } from 'react-router';
import { AuthPlaceholder } from './AuthPlaceholder';

/**
 * /forgotPass/:token: choose a new password from an emailed link (spec part 1 §2). To come: new password
 * and confirmation (strongPasswordSchema), sent with the token; afterwards the browser goes to /letsStart.
 */
export function ResetPasswordView() {
  const { token } = useParams();
  return (
    <AuthPlaceholder
      title="Reset Password"
      intro={token ? 'Choose a new password for your account.' : 'This reset link is not valid.'}
    />
  );
}

export { ResetPasswordView as Component };
