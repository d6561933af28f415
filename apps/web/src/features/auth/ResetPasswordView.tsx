import {
  AUTH_REDIRECT_MS,
  accountsMessages as m,
  type ResetPasswordForm,
  resetPasswordFormSchema,
} from '@assess/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { BusyButton } from '../../components/BusyButton';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { isApiError } from '../../lib/api';
import { accountsApi, accountsKeys } from '../accounts/api';
import { AuthForm } from './AuthForm';
import { BackToLogIn } from './BackToLogIn';

/**
 * /forgotPass/:token: choose a new password from an e-mailed link (spec part 1 §2, §4 "Reset password",
 * §5). A used or expired link (12 hours) shows the title 'Link is expired !' and a disabled form; a
 * successful reset returns to /auth after 3 s.
 */
export function ResetPasswordView() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const link = useQuery({
    queryKey: accountsKeys.resetLink(token),
    queryFn: () => accountsApi.resetLink(token),
    enabled: token !== '',
    staleTime: 0,
  });
  const reset = useMutation({
    mutationFn: (body: ResetPasswordForm) => accountsApi.reset({ ...body, token }),
    onError: () => qc.invalidateQueries({ queryKey: accountsKeys.resetLink(token) }),
  });
  const { register, handleSubmit, formState } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  useEffect(() => {
    if (!reset.isSuccess) return;
    const id = setTimeout(() => navigate('/auth', { replace: true }), AUTH_REDIRECT_MS);
    return () => clearTimeout(id);
  }, [reset.isSuccess, navigate]);

  const checking = token !== '' && link.isPending;
  const expired =
    !checking && !reset.isSuccess && (token === '' || link.isError || link.data?.valid === false);
  const disabled = checking || expired || reset.isPending || reset.isSuccess;
  const reason = link.data?.message && link.data.message !== m.linkExpired ? link.data.message : null;
  const errors = formState.errors;
  const onSubmit = handleSubmit((body) => reset.mutate(body));

  return (
    <AuthForm
      id="reset-title"
      title={expired ? m.linkExpired : 'Reset Password'}
      intro={
        expired
          ? 'This link can no longer be used. Ask for a new one from Forgot Password.'
          : 'Choose a new password for your account.'
      }
      onSubmit={onSubmit}
    >
      {reason && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {reason}
        </Alert>
      )}
      {reset.isSuccess && (
        <Alert severity="success" sx={{ mb: 2 }} role="status" data-testid="reset-notice">
          {reset.data.message}
        </Alert>
      )}
      {reset.isError && !expired && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert" data-testid="reset-notice">
          {isApiError(reset.error) && reset.error.status > 0 ? reset.error.message : m.errorOccured}
        </Alert>
      )}
      <NewPasswordFields
        register={register}
        errors={errors}
        name="newPassword"
        confirmName="confirmPassword"
        margin="normal"
        disabled={disabled}
      />
      <BusyButton
        type="submit"
        size="large"
        fullWidth
        disabled={disabled}
        busy={reset.isPending || checking}
        sx={{ mt: 2 }}
      >
        Reset Password
      </BusyButton>
      <BackToLogIn mt={3}>
        {expired && (
          <>
            {' · '}
            <Link component={RouterLink} to="/auth/forgotPassword">
              Forgot Password ?
            </Link>
          </>
        )}
      </BackToLogIn>
    </AuthForm>
  );
}

export { ResetPasswordView as Component };
