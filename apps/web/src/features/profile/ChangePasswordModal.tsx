import {
  type ChangePasswordBody,
  changePasswordBodySchema,
  accountsMessages as m,
  PASSWORD_CLOSE_MS,
} from '@assess/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { AppModal } from '../../components/AppModal';
import { errorProps } from '../../components/FormFields';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { useCloseAfterSuccess } from '../../components/useCloseAfterSuccess';
import { isApiError } from '../../lib/api';
import { accountsApi } from '../accounts/api';
import { authKeys } from '../auth/session';

type Props = { open: boolean; onClose: () => void };
type Outcome = { ok: boolean; text: string } | null;

/**
 * Change password (spec part 1 §4, §5 "Password change", §8): the 'Change Password' modal. Status 1 shows
 * the server's message, closes after 3 s and goes to /letsStart signed out (the server ended every session
 * of the user); any other result shows the server's error or 'The password has not been changed.' and
 * closes after 3 s.
 */
export default function ChangePasswordModal({ open, onClose }: Props) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { register, handleSubmit, reset, formState } = useForm<ChangePasswordBody>({
    resolver: zodResolver(changePasswordBodySchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  // 3 s after the outcome: close, forget the form, and after a success leave signed out.
  const closeLater = useCloseAfterSuccess(async () => {
    onClose();
    setOutcome(null);
    reset();
    change.reset();
    if (outcome?.ok) {
      await navigate('/letsStart', { replace: true });
      qc.clear();
      qc.setQueryData(authKeys.session, null);
    }
  }, PASSWORD_CLOSE_MS);
  const change = useMutation({
    mutationFn: accountsApi.change,
    onSuccess: (r) => {
      setOutcome({ ok: r.status === 1, text: r.message || m.passwordUpdated });
      closeLater();
    },
    onError: (e) => {
      setOutcome({ ok: false, text: isApiError(e) && e.status > 0 ? e.message : m.passwordNotChanged });
      closeLater();
    },
  });

  const errors = formState.errors;
  const busy = change.isPending || outcome !== null;
  const submit = handleSubmit((body) => change.mutate(body));

  return (
    <AppModal
      open={open}
      onClose={onClose}
      dirty={formState.isDirty && outcome === null}
      title="Change Password"
      showCancel
      onOk={() => submit()}
      okText="Change Password"
      okLoading={change.isPending}
      okDisabled={outcome !== null}
      disableClose={busy}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {outcome && (
          <Alert
            severity={outcome.ok ? 'success' : 'error'}
            sx={{ mb: 2 }}
            role={outcome.ok ? 'status' : 'alert'}
            data-testid="change-password-notice"
          >
            {outcome.text}
          </Alert>
        )}
        <TextField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          margin="dense"
          disabled={busy}
          {...register('currentPassword')}
          {...errorProps(errors.currentPassword)}
        />
        <NewPasswordFields
          register={register}
          errors={errors}
          name="newPassword"
          confirmName="confirmPassword"
          disabled={busy}
        />
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Box>
    </AppModal>
  );
}
