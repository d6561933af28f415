import {
  type AdminUserForm,
  adminUserCreateSchema,
  adminUserUpdateSchema,
  providerMessages as m,
  type ProviderDetail,
  type ProviderFormOptions,
  type ProviderInfoForm,
  providerInfoSchema,
  validityPastIssues,
} from '@assess/contracts/providers';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { BusyButton } from '../../components/BusyButton';
import { useToast } from '../../components/Toast';
import { NamedForm, WizardStepper } from '../../components/Wizard';
import { isApiError } from '../../lib/api';
import { AdminUserStep } from './AdminUserStep';
import { checkTaken, useCreateProvider, useLiveExists, useUpdateProvider } from './api';
import { CredentialsDialog } from './CredentialsDialog';
import { ProviderInfoStep } from './ProviderInfoStep';
import { adminUserOf, emptyAdminUser, emptyProviderInfo, providerInfoOf } from './wizardValues';

export const wizardSteps = ['Provider Information', 'Provider User Admin', 'Address'] as const;

const isEmailLike = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);
const isTenDigits = (v: string) => /^\d{10}$/.test(v);
const isNameLike = (v: string) => v.length >= 3;

/**
 * Asks live whether a step's name, e-mail or mobile is already present, shows a taken answer as the field's error
 * and takes it away when the value is free.
 */
function useTakenError<T extends FieldValues>(
  form: UseFormReturn<T>,
  field: Path<T> & ('name' | 'email' | 'mobile'),
  live: { kind: 'provider' | 'adminUser'; value: string | undefined; isValid: (v: string) => boolean },
  providerId: number | null,
) {
  const { message } = useLiveExists(live.kind, field, live.value ?? '', live.isValid, providerId);
  const { setError, clearErrors, getFieldState } = form;
  useEffect(() => {
    if (message) setError(field, { type: 'taken', message });
    else if (getFieldState(field).error?.type === 'taken') clearErrors(field);
  }, [message, field, setError, clearErrors, getFieldState]);
}

type Props = {
  options: ProviderFormOptions;
  /** The provider being edited; absent when creating. */
  detail?: ProviderDetail;
  /** Cancel on the first step (the list, or closing the edit dialog). */
  onCancel: () => void;
  /** After a successful save (and, when creating, after the credentials were acknowledged). */
  onDone: () => void;
};

/**
 * The provider wizard (part 3 §2 "Provider page", §4, §5): Provider Information, Provider User Admin,
 * Address (a placeholder). Next checks the step (rules and uniqueness) and never moves on while it is
 * invalid. Save writes the provider and its admin user together (one transaction on the server); a new
 * provider's admin credentials are then shown.
 */
export function ProviderWizard({ options, detail, onCancel, onDone }: Props) {
  const editing = detail !== undefined;
  const providerId = detail?.providerId ?? null;
  const toast = useToast();
  const [step, setStep] = useState(0);
  const [checking, setChecking] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [credentials, setCredentials] = useState<{ userName: string; password: string } | null>(null);
  const info = useForm<ProviderInfoForm>({
    resolver: zodResolver(providerInfoSchema),
    mode: 'onTouched',
    defaultValues: detail ? providerInfoOf(detail) : emptyProviderInfo(options),
  });
  const admin = useForm<AdminUserForm>({
    resolver: zodResolver(editing ? adminUserUpdateSchema : adminUserCreateSchema),
    mode: 'onTouched',
    defaultValues: detail ? adminUserOf(detail) : emptyAdminUser(),
  });
  const create = useCreateProvider();
  const update = useUpdateProvider(providerId ?? -1);
  const saving = create.isPending || update.isPending;

  const [name, email, mobile] = useWatch({ control: info.control, name: ['name', 'email', 'mobile'] });
  const [userEmail, userMobile] = useWatch({ control: admin.control, name: ['email', 'mobile'] });
  useTakenError(info, 'name', { kind: 'provider', value: name, isValid: isNameLike }, providerId);
  useTakenError(info, 'email', { kind: 'provider', value: email, isValid: isEmailLike }, providerId);
  useTakenError(info, 'mobile', { kind: 'provider', value: mobile, isValid: isTenDigits }, providerId);
  useTakenError(admin, 'email', { kind: 'adminUser', value: userEmail, isValid: isEmailLike }, providerId);
  useTakenError(admin, 'mobile', { kind: 'adminUser', value: userMobile, isValid: isTenDigits }, providerId);

  /** Asks the server now whether the step's unique values are free; marks the taken ones. */
  async function anyTaken<T extends FieldValues>(
    form: UseFormReturn<T>,
    kind: 'provider' | 'adminUser',
    fields: ('name' | 'email' | 'mobile')[],
  ) {
    const answers = await Promise.all(
      fields.map((f) => checkTaken(kind, f, String(form.getValues(f as Path<T>) ?? ''), providerId)),
    );
    answers.forEach((message, i) => {
      if (message) form.setError(fields[i] as Path<T>, { type: 'taken', message });
    });
    return answers.some(Boolean);
  }

  async function next() {
    setServerError(null);
    setChecking(true);
    try {
      if (step === 0) {
        const valid = await info.trigger();
        const stored = detail ? { validFrom: detail.validFrom, validTo: detail.validTo } : undefined;
        const past = valid ? validityPastIssues(info.getValues(), new Date(), stored) : [];
        for (const p of past)
          info.setError(p.path, {
            type: 'past',
            message: p.which === 'from' ? m.validFromPast : m.validToPast,
          });
        const taken = await anyTaken(info, 'provider', ['name', 'email', 'mobile']);
        if (!valid || past.length > 0 || taken) return;
      }
      if (step === 1) {
        const valid = await admin.trigger();
        const taken = await anyTaken(admin, 'adminUser', ['email', 'mobile']);
        if (!valid || taken) return;
      }
      setStep((s) => Math.min(s + 1, wizardSteps.length - 1));
    } catch (e) {
      setServerError(isApiError(e) ? e.message : m.fixErrors);
    } finally {
      setChecking(false);
    }
  }

  /** Server field errors go back to their step ('provider.name' → step 1's Name, 'adminUser.email' → step 2). */
  function showFieldErrors(fields: Record<string, string[]> | undefined) {
    let first: number | null = null;
    for (const [key, messages] of Object.entries(fields ?? {})) {
      const [part, field] = key.split('.');
      if (part === 'provider' && field) {
        info.setError(field as Path<ProviderInfoForm>, { type: 'server', message: messages[0] });
        first = 0;
      } else if (part === 'adminUser' && field) {
        admin.setError(field as Path<AdminUserForm>, { type: 'server', message: messages[0] });
        first ??= 1;
      }
    }
    if (first !== null) setStep(first);
  }

  async function save() {
    setServerError(null);
    const body = { provider: info.getValues(), adminUser: admin.getValues() };
    try {
      if (editing) {
        await update.mutateAsync(body);
        toast.success(m.updated);
        onDone();
      } else {
        const created = await create.mutateAsync(body);
        toast.success(m.added);
        setCredentials({ userName: created.userName, password: body.adminUser.password });
      }
    } catch (e) {
      const message = isApiError(e) ? e.message : m.updateError;
      toast.error(editing ? m.updateError : message);
      setServerError(message);
      if (isApiError(e)) showFieldErrors(e.fields);
    }
  }

  const busy = checking || saving;
  return (
    <Box>
      <WizardStepper steps={wizardSteps} step={step} />
      {serverError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {serverError}
        </Alert>
      )}
      <NamedForm
        label={wizardSteps[step]}
        onSubmit={() => (step < wizardSteps.length - 1 ? void next() : void save())}
      >
        {step === 0 && (
          <ProviderInfoStep control={info.control} options={options} editing={editing} disabled={busy} />
        )}
        {step === 1 && <AdminUserStep control={admin.control} editing={editing} disabled={busy} />}
        {step === 2 && (
          <Typography color="textSecondary" sx={{ py: 4 }}>
            The provider's address is taken from Provider Information; no further address details are needed.
            Press Save to {editing ? 'update' : 'create'} the provider.
          </Typography>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 3, gap: 2 }}>
          {step === 0 ? (
            <Button color="inherit" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
          ) : (
            <Button color="inherit" onClick={() => setStep((s) => s - 1)} disabled={busy}>
              Previous
            </Button>
          )}
          <BusyButton type="submit" disabled={busy} busy={busy}>
            {step < wizardSteps.length - 1 ? 'Next' : 'Save'}
          </BusyButton>
        </Box>
      </NamedForm>
      <CredentialsDialog
        credentials={credentials}
        onClose={() => {
          setCredentials(null);
          onDone();
        }}
      />
    </Box>
  );
}
