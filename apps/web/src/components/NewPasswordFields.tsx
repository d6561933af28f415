import { passwordPolicyMessage } from '@assess/contracts/auth';
import TextField from '@mui/material/TextField';
import {
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  get,
  type UseFormRegister,
} from 'react-hook-form';

export type NewPasswordFieldsProps<T extends FieldValues> = {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** The new password's field ('password' on Sign Up, 'newPassword' on reset and change). */
  name: FieldPath<T>;
  /** The confirmation's field. */
  confirmName: FieldPath<T>;
  /** The new password's label ('Password' on Sign Up). */
  label?: string;
  margin?: 'dense' | 'normal';
  required?: boolean;
  disabled?: boolean;
};

/**
 * A new password and its confirmation (Sign Up, Reset Password, Change Password): the policy is always
 * shown under the password (red when it is not met), the confirmation shows the form schema's mismatch
 * message. Both are bound to the form with `register`.
 */
export function NewPasswordFields<T extends FieldValues>({
  register,
  errors,
  name,
  confirmName,
  label = 'New Password',
  margin = 'dense',
  required,
  disabled,
}: NewPasswordFieldsProps<T>) {
  const passwordError: { message?: string } | undefined = get(errors, name);
  const confirmError: { message?: string } | undefined = get(errors, confirmName);
  const common = { type: 'password', autoComplete: 'new-password', margin, required, disabled } as const;
  return (
    <>
      <TextField
        label={label}
        {...common}
        {...register(name)}
        error={Boolean(passwordError)}
        helperText={passwordPolicyMessage}
      />
      <TextField
        label="Confirm Password"
        {...common}
        {...register(confirmName)}
        error={Boolean(confirmError)}
        helperText={confirmError?.message}
      />
    </>
  );
}
