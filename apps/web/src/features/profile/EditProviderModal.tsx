import { hasPrivilege, PLATFORM_OWNER_PROVIDER_ID } from '@assess/contracts/access';
import {
  accountsMessages as m,
  PROFILE_CLOSE_MS,
  type ProviderProfile,
  type Session,
  type UpdateProviderProfileForm,
  updateProviderProfileBodySchema,
} from '@assess/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { AppModal } from '../../components/AppModal';
import { errorProps } from '../../components/FormFields';
import { useToast } from '../../components/Toast';
import { useCloseAfterSuccess } from '../../components/useCloseAfterSuccess';
import { isApiError } from '../../lib/api';
import { textsOf } from '../../lib/formValues';
import { accountsApi, accountsKeys, useExists, useProviderProfile } from '../accounts/api';
import { authKeys } from '../auth/session';

type Props = { open: boolean; session: Session; onClose: () => void };

const toForm = (p: ProviderProfile): UpdateProviderProfileForm => ({
  name: p.name,
  ...textsOf(p, ['detailedName', 'email', 'mobile', 'website', 'phone', 'address']),
  validFrom: p.validFrom,
  validTo: p.validTo,
});
const emailLike = (v: string) => updateProviderProfileBodySchema.shape.email.safeParse(v).success;
const tenChars = (v: string) => v.length === 10;

/**
 * Profile (spec part 1 §2, §4 "Profile modal", §5 "Provider profile"): the 'Edit provider' modal. Loads the
 * provider on open; name ≥ 3, e-mail pattern, mobile exactly 10; Valid From / Valid To only for the platform
 * owner (provider 0), both from today, From ≤ To. 'Update Profile' reads 'Updating...' while saving; success
 * toast and close after 2 s. HideUpdateProfile hides the button (the server refuses it as well).
 */
export default function EditProviderModal({ open, session, onClose }: Props) {
  const qc = useQueryClient();
  const toast = useToast();
  const canUpdate = !hasPrivilege(session.privilegeObject, 'Provider', 'HideUpdateProfile');
  const isOwner = session.userDetails.providerId === PLATFORM_OWNER_PROVIDER_ID;
  const provider = useProviderProfile(open);
  const [serverError, setServerError] = useState<string | null>(null);
  const [closing, setClosing] = useState(false);
  const closeLater = useCloseAfterSuccess(onClose, PROFILE_CLOSE_MS);

  const { register, control, handleSubmit, reset, formState } = useForm<UpdateProviderProfileForm>({
    resolver: zodResolver(updateProviderProfileBodySchema),
    mode: 'onTouched',
  });
  useEffect(() => {
    if (open && provider.data) reset(toForm(provider.data));
  }, [open, provider.data, reset]);
  useEffect(() => {
    if (!open) {
      setServerError(null);
      setClosing(false);
    }
  }, [open]);
  useEffect(() => {
    if (provider.isError) console.error(m.fetchError, provider.error);
  }, [provider.isError, provider.error]);

  const email = useWatch({ control, name: 'email' }) ?? '';
  const mobile = useWatch({ control, name: 'mobile' }) ?? '';
  const validFrom = useWatch({ control, name: 'validFrom' });
  const validTo = useWatch({ control, name: 'validTo' });
  const emailCheck = useExists('email', email, emailLike, 'provider');
  const mobileCheck = useExists('mobile', mobile, tenChars, 'provider');

  const save = useMutation({
    mutationFn: accountsApi.updateProvider,
    onSuccess: async () => {
      setServerError(null);
      toast.success(m.providerUpdated);
      setClosing(true);
      closeLater();
      await Promise.all([
        qc.invalidateQueries({ queryKey: accountsKeys.provider }),
        qc.invalidateQueries({ queryKey: authKeys.session }),
      ]);
    },
    onError: (e) => {
      toast.error(m.providerUpdateError);
      setServerError(isApiError(e) && e.status > 0 && e.status < 500 ? e.message : null);
    },
  });

  const onUpdate = handleSubmit((values) => {
    if (emailCheck.exists || mobileCheck.exists) return;
    const body = updateProviderProfileBodySchema.parse(values);
    if (!isOwner) {
      delete body.validFrom;
      delete body.validTo;
    }
    save.mutate(body);
  });

  const errors = formState.errors;
  const emailError = errors.email?.message ?? (emailCheck.exists ? m.providerEmailExists : undefined);
  const mobileError = errors.mobile?.message ?? (mobileCheck.exists ? m.providerMobileExists : undefined);
  const readOnly = !canUpdate || save.isPending || closing;
  const today = dayjs().startOf('day');
  // A stored Valid From before today stays as it is (the minimum applies to a new choice).
  const storedFrom = provider.data?.validFrom ? dayjs(provider.data.validFrom) : null;
  const fromMin = storedFrom?.isBefore(today) ? storedFrom : today;

  return (
    <AppModal
      open={open}
      onClose={onClose}
      dirty={formState.isDirty && !closing}
      title="Edit provider"
      showCancel
      cancelText="Close"
      onOk={canUpdate ? () => onUpdate() : undefined}
      okText={save.isPending ? 'Updating...' : 'Update Profile'}
      okDisabled={!provider.data || closing}
      okLoading={save.isPending}
      disableClose={save.isPending}
      maxWidth="md"
    >
      {provider.isPending && open ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the provider" />
        </Box>
      ) : provider.isError ? (
        <Alert severity="error">{m.fetchError}</Alert>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (canUpdate) onUpdate();
          }}
        >
          {serverError && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {serverError}
            </Alert>
          )}
          {!canUpdate && (
            <Alert severity="info" sx={{ mb: 2 }}>
              Your role can view the provider profile but not change it.
            </Alert>
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            <TextField
              label="Name"
              margin="dense"
              required
              disabled={readOnly}
              {...register('name')}
              {...errorProps(errors.name)}
            />
            <TextField
              label="Details"
              margin="dense"
              disabled={readOnly}
              {...register('detailedName')}
              {...errorProps(errors.detailedName)}
            />
            <TextField
              label="Email"
              type="email"
              margin="dense"
              required
              disabled={readOnly}
              {...register('email')}
              error={Boolean(emailError)}
              helperText={emailError}
            />
            <TextField
              label="Mobile"
              margin="dense"
              required
              disabled={readOnly}
              {...register('mobile')}
              error={Boolean(mobileError)}
              helperText={mobileError}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField label="Website" margin="dense" disabled={readOnly} {...register('website')} />
            <TextField label="Phone" margin="dense" disabled={readOnly} {...register('phone')} />
          </Box>
          <TextField
            label="Address"
            margin="dense"
            multiline
            minRows={2}
            disabled={readOnly}
            {...register('address')}
            {...errorProps(errors.address)}
          />
          {isOwner && (
            <LocalizationProvider dateAdapter={AdapterDayjs}>
              <Typography sx={{ mt: 2, mb: 1, fontWeight: 500 }}>Validity</Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
                <Controller
                  control={control}
                  name="validFrom"
                  render={({ field, fieldState }) => (
                    <DatePicker
                      label="Valid From"
                      format="DD-MMM-YYYY"
                      value={field.value ? dayjs(field.value) : null}
                      onChange={(d) => field.onChange(d?.isValid() ? d.startOf('day').toISOString() : null)}
                      minDate={fromMin}
                      maxDate={validTo ? dayjs(validTo) : undefined}
                      disabled={readOnly}
                      slotProps={{
                        textField: {
                          error: Boolean(fieldState.error),
                          helperText: fieldState.error?.message,
                        },
                      }}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="validTo"
                  render={({ field, fieldState }) => (
                    <DatePicker
                      label="Valid To"
                      format="DD-MMM-YYYY"
                      value={field.value ? dayjs(field.value) : null}
                      onChange={(d) => field.onChange(d?.isValid() ? d.endOf('day').toISOString() : null)}
                      minDate={validFrom && dayjs(validFrom).isAfter(today) ? dayjs(validFrom) : today}
                      disabled={readOnly}
                      slotProps={{
                        textField: {
                          error: Boolean(fieldState.error),
                          helperText: fieldState.error?.message,
                        },
                      }}
                    />
                  )}
                />
              </Box>
            </LocalizationProvider>
          )}
          {provider.data && provider.data.contentCuratorNames.length > 0 && (
            <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
              Content from: {provider.data.contentCuratorNames.join(', ')}
            </Typography>
          )}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Box>
      )}
    </AppModal>
  );
}
