import {
  type ApplicationUserBody,
  type ApplicationUserDetail,
  type ApplicationUserFormInput,
  applicationUserMessages as m,
  makeApplicationUserSchema,
  USER_FORM_CLOSE_MS,
} from '@assess/contracts/application-users';
import { zodResolver } from '@hookform/resolvers/zod';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useState } from 'react';
import { Controller, type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { AppModal, FormSelect, FormText, useCloseAfterSuccess, useToast } from '../../components';
import { isApiError } from '../../lib/api';
import { textsOf } from '../../lib/formValues';
import { useApplicationUser, useRoleOptions, useSaveApplicationUser, useUserNameTaken } from './api';

/** Licence warnings stay 3 s (part 3 §9). */
export const LICENCE_TOAST_MS = 3000;

const empty: ApplicationUserFormInput = {
  firstName: '',
  middleName: '',
  lastName: '',
  email: '',
  mobile: '',
  userName: '',
  password: '',
  roleId: '',
  address: '',
};
const valuesOf = (u: ApplicationUserDetail): ApplicationUserFormInput => ({
  ...textsOf(u, ['firstName', 'middleName', 'lastName', 'email', 'mobile']),
  userName: u.userName,
  password: '',
  ...textsOf(u, ['roleId', 'address']),
});

/**
 * Add/Update User (part 3 §2 "Application Users", §5): add when `userId` is null, else edit. The password
 * is never shown (D1): it is required when adding; left empty when editing, the current one stays.
 */
export function UserFormModal({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const isAdd = userId === null;
  const toast = useToast();
  const roles = useRoleOptions();
  const detail = useApplicationUser(userId);
  const save = useSaveApplicationUser(userId);
  const closeLater = useCloseAfterSuccess(onClose, USER_FORM_CLOSE_MS);
  const [done, setDone] = useState(false);
  const schema = useMemo(() => makeApplicationUserSchema({ passwordRequired: isAdd }), [isAdd]);
  const form = useForm<ApplicationUserFormInput, unknown, ApplicationUserBody>({
    resolver: zodResolver(schema),
    defaultValues: empty,
  });
  const { reset, control } = form;
  useEffect(() => {
    if (detail.data) reset(valuesOf(detail.data));
  }, [detail.data, reset]);

  // The live 'User Name Exists' check of the user name (the e-mail when no user name is given).
  const [userName, email] = useWatch({ control, name: ['userName', 'email'] });
  const taken = useUserNameTaken(userName || email || '', userId, detail.data?.userName);

  const roleOptions = useMemo(() => {
    const list = roles.data ?? [];
    const d = detail.data;
    return d?.roleId && !list.some((r) => r.roleId === d.roleId)
      ? [...list, { roleId: d.roleId, name: d.roleName ?? String(d.roleId) }]
      : list;
  }, [roles.data, detail.data]);

  const onValid = (body: ApplicationUserBody) => {
    if (taken) return toast.error(m.userNameExists);
    save.mutate(body, {
      onSuccess: (res) => {
        toast.success(res.message);
        setDone(true);
        closeLater();
      },
      onError: (e) => {
        if (isApiError(e) && e.status === 403 && e.message === m.licence) {
          return toast.warning(e.message, { duration: LICENCE_TOAST_MS });
        }
        toast.error(isApiError(e) && e.status !== 0 ? e.message : isAdd ? m.creationFailed : m.updateFailed);
      },
    });
  };
  const onInvalid = (errors: FieldErrors<ApplicationUserFormInput>) => {
    const keys = Object.keys(errors);
    toast.error(keys.length === 1 && keys[0] === 'roleId' ? m.selectRole : m.completeRequired);
  };
  const submit = form.handleSubmit(onValid, onInvalid);
  const half = { xs: 12, sm: 6 };

  return (
    <AppModal
      open
      onClose={onClose}
      dirty={form.formState.isDirty && !done}
      title={isAdd ? 'Add User' : 'Update User'}
      showCancel
      okText="Save"
      onOk={submit}
      okLoading={save.isPending}
      okDisabled={done || (!isAdd && !detail.data)}
      disableClose={save.isPending}
      maxWidth="md"
    >
      <Grid container spacing={2} component="form" noValidate onSubmit={submit}>
        <Grid size={half}>
          <FormText control={control} name="firstName" label="First Name" required />
        </Grid>
        <Grid size={half}>
          <FormText control={control} name="middleName" label="Middle Name" />
        </Grid>
        <Grid size={half}>
          <FormText control={control} name="lastName" label="Last Name" required />
        </Grid>
        <Grid size={half}>
          <FormText
            control={control}
            name="mobile"
            label="Mobile"
            required
            type="tel"
            inputProps={{ inputMode: 'numeric', maxLength: 10, autoComplete: 'off' }}
          />
        </Grid>
        <Grid size={half}>
          <FormText
            control={control}
            name="email"
            label="Email"
            required
            type="email"
            inputProps={{ autoComplete: 'off' }}
          />
        </Grid>
        <Grid size={half}>
          <Controller
            control={control}
            name="userName"
            render={({ field, fieldState }) => (
              <TextField
                fullWidth
                size="small"
                label="User Name"
                type="email"
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={taken || !!fieldState.error}
                helperText={
                  taken
                    ? m.userNameExists
                    : (fieldState.error?.message ?? 'An e-mail address; the e-mail is used when left empty.')
                }
                slotProps={{ htmlInput: { autoComplete: 'off' } }}
              />
            )}
          />
        </Grid>
        <Grid size={half}>
          <FormText
            control={control}
            name="password"
            label="Password"
            type="password"
            required={isAdd}
            helper={isAdd ? m.passwordPolicy : 'Leave empty to keep the current password.'}
            inputProps={{ autoComplete: 'new-password' }}
          />
        </Grid>
        <Grid size={half}>
          <FormSelect
            control={control}
            name="roleId"
            label="Role"
            required
            shown={(v) => (roleOptions.length ? (v ?? '') : '')}
            onSelect={(raw, set) => set(raw === '' ? '' : Number(raw))}
          >
            {roleOptions.map((r) => (
              <MenuItem key={r.roleId} value={r.roleId}>
                {r.name}
              </MenuItem>
            ))}
          </FormSelect>
        </Grid>
        <Grid size={12}>
          <FormText control={control} name="address" label="Address" />
        </Grid>
      </Grid>
    </AppModal>
  );
}
