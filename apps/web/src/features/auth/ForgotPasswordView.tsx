import {
  AUTH_REDIRECT_MS,
  type ForgotPasswordBody,
  forgotPasswordBodySchema,
  accountsMessages as m,
} from '@assess/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { BusyButton } from '../../components/BusyButton';
import { errorProps } from '../../components/FormFields';
import { isApiError } from '../../lib/api';
import { accountsApi } from '../accounts/api';
import { AuthForm } from './AuthForm';
import { BackToLogIn } from './BackToLogIn';

/**
 * /auth/forgotPassword: one Enter Email field and Submit (spec part 1 §2, §4 "Forgot password", §5). An
 * empty field sends nothing; success shows the message and after 3 s the sign-in view.
 */
export function ForgotPasswordView() {
  const navigate = useNavigate();
  const forgot = useMutation({ mutationFn: (body: ForgotPasswordBody) => accountsApi.forgot(body.email) });
  const { register, handleSubmit, formState } = useForm<ForgotPasswordBody>({
    resolver: zodResolver(forgotPasswordBodySchema),
    defaultValues: { email: '' },
  });

  useEffect(() => {
    if (!forgot.isSuccess) return;
    const id = setTimeout(() => navigate('/auth', { replace: true }), AUTH_REDIRECT_MS);
    return () => clearTimeout(id);
  }, [forgot.isSuccess, navigate]);

  const onSubmit = handleSubmit((body) => forgot.mutate(body));
  const error = forgot.error
    ? isApiError(forgot.error) && forgot.error.status > 0
      ? forgot.error.message
      : m.errorOccured
    : null;

  return (
    <AuthForm
      id="forgot-title"
      title="Forgot Password"
      intro="Enter the email of your account. We will email you a link to choose a new password."
      onSubmit={onSubmit}
    >
      {forgot.isSuccess && (
        <Alert severity="success" sx={{ mb: 2 }} role="status" data-testid="forgot-notice">
          {forgot.data.message}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert" data-testid="forgot-notice">
          {error}
        </Alert>
      )}
      <TextField
        label="Enter Email"
        type="email"
        autoComplete="email"
        autoFocus
        margin="normal"
        {...register('email')}
        {...errorProps(formState.errors.email)}
        disabled={forgot.isSuccess}
      />
      <BusyButton
        type="submit"
        size="large"
        fullWidth
        disabled={forgot.isPending || forgot.isSuccess}
        busy={forgot.isPending}
        sx={{ mt: 2 }}
      >
        Submit
      </BusyButton>
      <BackToLogIn mt={3} />
    </AuthForm>
  );
}

export { ForgotPasswordView as Component };
