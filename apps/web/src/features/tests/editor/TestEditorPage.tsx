import { hasPrivilege } from '@assess/contracts/access';
import { commonMessages } from '@assess/contracts/common';
import { lockedConfigurationFields, TestStatus, testMessages, testStatusName } from '@assess/contracts/tests';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageSkeleton } from '../../../components/Skeletons';
import { useToast } from '../../../components/Toast';
import { isApiError } from '../../../lib/api';
import { useSignedInSession } from '../../auth/session';
import { SectionsStep } from '../../sections/SectionsStep';
import { TestPreviewDialog } from '../preview/TestPreviewDialog';
import {
  useActivateTest,
  useCreateTest,
  useLiveTestExists,
  usePublishTest,
  useReadiness,
  useTestDetail,
  useTestLookups,
  useUpdateTest,
} from './api';
import { ConfigurationStep, type LockedFields } from './ConfigurationStep';
import { InformationStep } from './InformationStep';
import { ReadinessPanel } from './ReadinessPanel';
import {
  informationFields,
  newTestValues,
  type TestFormValues,
  testFormResolver,
  testFormValuesOf,
} from './testForm';

export const editorSteps = ['Information', 'Configuration', 'Questions'] as const;
const LIST = '/admin/testhome';
/** Redirect delays (part 3 §9): 4 s after a draft save, 2 s after activation. */
const DRAFT_REDIRECT_MS = 4000;
const ACTIVATED_REDIRECT_MS = 2000;

const testIdOf = (state: unknown, search: URLSearchParams) => {
  const fromState = (state as { testId?: unknown } | null)?.testId;
  const raw = typeof fromState === 'number' ? fromState : Number(search.get('testId'));
  return Number.isInteger(raw) && raw > 0 ? raw : null;
};

/**
 * The full test editor (/admin/test; part 3 §2, §4 "Full test wizard"): Information, Configuration and
 * Questions. The first Next creates the test (Draft), later saves update it with the version read; the
 * Questions step's Save returns to the list for a Draft, or activates the test otherwise. Read-only when the
 * test is published, locked by another user or another provider's.
 */
function TestEditor({ initialTestId }: { initialTestId: number | null }) {
  const session = useSignedInSession();
  const toast = useToast();
  const navigate = useNavigate();
  const [, setSearch] = useSearchParams();
  const [testId, setTestId] = useState(initialTestId);
  const [step, setStep] = useState(0);
  const [alert, setAlert] = useState<{
    severity: 'error' | 'success';
    message: string;
    reload?: boolean;
  } | null>(null);
  const [codeNameAlert, setCodeNameAlert] = useState(false);
  const [preview, setPreview] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const version = useRef<number | null>(null);
  const [status, setStatus] = useState<number>(TestStatus.Draft);
  const detail = useTestDetail(testId);
  const lookups = useTestLookups();
  const create = useCreateTest();
  const update = useUpdateTest();
  const activate = useActivateTest();
  const publish = usePublishTest();
  const readiness = useReadiness(testId, step === 2);
  // the readiness items follow the Questions step's changes (the sections area's writes): asked again after each
  const writing = useIsMutating();
  const wasWriting = useRef(false);
  useEffect(() => {
    if (wasWriting.current && writing === 0 && step === 2) void readiness.refetch();
    wasWriting.current = writing > 0;
  }, [writing, step, readiness.refetch]);
  const form = useForm<TestFormValues>({
    resolver: testFormResolver,
    mode: 'onTouched',
    defaultValues: newTestValues(),
  });
  const loadedVersion = useRef<number | null>(null);

  // The stored test replaces the form when it is opened (or reloaded after a conflict), never after own saves.
  useEffect(() => {
    const d = detail.data;
    if (!d || loadedVersion.current !== null) return;
    loadedVersion.current = d.version;
    version.current = d.version;
    setStatus(d.status);
    form.reset(testFormValuesOf(d));
  }, [detail.data, form]);

  const [code, name] = useWatch({ control: form.control, name: ['code', 'name'] });
  const codeTaken = useLiveTestExists('code', code ?? '', testId);
  const nameTaken = useLiveTestExists('name', name ?? '', testId);
  useEffect(() => {
    for (const [field, taken, message] of [
      ['code', codeTaken, testMessages.codeExists],
      ['name', nameTaken, testMessages.nameExists],
    ] as const) {
      if (taken) form.setError(field, { type: 'taken', message });
      else if (form.getFieldState(field).error?.type === 'taken') form.clearErrors(field);
    }
  }, [codeTaken, nameTaken, form]);

  const readOnlyReason = detail.data?.readOnlyReason ?? null;
  // the routes' access: CreateTest to create; CreateTest or UpdateTest to change
  const mayWrite =
    hasPrivilege(session.privilegeObject, 'Test', 'CreateTest') ||
    (testId !== null && hasPrivilege(session.privilegeObject, 'Test', 'UpdateTest'));
  const readOnly = readOnlyReason !== null || leaving || !mayWrite;
  const saving = create.isPending || update.isPending || activate.isPending || publish.isPending;
  const disabled = readOnly || saving;
  const privileges = session.privilegeObject;
  const locked: LockedFields = Object.fromEntries(
    lockedConfigurationFields(privileges).map((f) => [f, true]),
  );
  const canPublish = hasPrivilege(privileges, 'Test', 'PublishTest');

  const failed = (e: unknown, fallback: string = testMessages.activationError) => {
    const message = isApiError(e) ? e.message : fallback;
    setAlert({ severity: 'error', message, reload: isApiError(e) && e.status === 409 });
    if (isApiError(e)) {
      for (const [field, messages] of Object.entries(e.fields ?? {}))
        if (field in newTestValues())
          form.setError(field as keyof TestFormValues, { type: 'server', message: messages[0] });
    }
  };

  /** Creates the test (first save) or updates it; false when the form or the server refused. */
  async function persist(fields: readonly (keyof TestFormValues)[] | null): Promise<boolean> {
    setAlert(null);
    const valid = fields ? await form.trigger([...fields]) : await form.trigger();
    if (!valid || codeTaken || nameTaken) return false;
    const values = form.getValues();
    try {
      if (testId === null) {
        const created = await create.mutateAsync(values);
        setTestId(created.testId);
        version.current = created.version;
        loadedVersion.current = created.version;
        setStatus(created.status);
        setSearch({ testId: String(created.testId) }, { replace: true });
      } else {
        const saved = await update.mutateAsync({
          testId,
          body: { ...values, version: version.current ?? 0 },
        });
        version.current = saved.version;
        setStatus(saved.status);
      }
      return true;
    } catch (e) {
      if (isApiError(e) && e.message === testMessages.codeOrNameExists && testId === null)
        setCodeNameAlert(true);
      else failed(e, testMessages.errorOccured);
      return false;
    }
  }

  async function next() {
    if (readOnly) return setStep((s) => s + 1);
    if (await persist(step === 0 ? informationFields : null)) setStep((s) => s + 1);
  }

  async function saveAsDraft() {
    if (await persist(step === 0 && testId === null ? informationFields : null))
      toast.success(testMessages.createdInDraft);
  }

  /** The Questions step's Save (§4): a Draft goes back to the list; otherwise the test is activated. */
  async function finish() {
    if (testId === null) return;
    if (!readOnly && !(await persist(null))) return;
    if (status === TestStatus.Draft) {
      toast.success(testMessages.saved);
      setLeaving(true);
      setTimeout(() => navigate(LIST), DRAFT_REDIRECT_MS);
      return;
    }
    await runActivate(true);
  }

  async function runActivate(thenLeave: boolean) {
    if (testId === null) return;
    setAlert(null);
    try {
      const res = await activate.mutateAsync(testId);
      setStatus(res.status);
      version.current = (await detail.refetch()).data?.version ?? version.current;
      toast.success(res.message);
      setAlert({ severity: 'success', message: res.message });
      if (thenLeave) {
        setLeaving(true);
        setTimeout(() => navigate(LIST), ACTIVATED_REDIRECT_MS);
      }
    } catch (e) {
      failed(e);
    } finally {
      void readiness.refetch();
    }
  }

  /** After a conflict: the stored test replaces the form. */
  async function reload() {
    setAlert(null);
    loadedVersion.current = null;
    await detail.refetch();
  }

  async function runPublish() {
    if (testId === null) return;
    setAlert(null);
    try {
      const res = await publish.mutateAsync(testId);
      setStatus(res.status);
      version.current = res.version;
      toast.success(res.message);
      loadedVersion.current = null;
      await detail.refetch();
    } catch (e) {
      failed(e, testMessages.errorOccured);
    }
  }

  if (testId !== null && detail.isLoading) return <PageSkeleton />;
  if (testId !== null && detail.isError)
    return (
      <Alert severity="error" role="alert">
        {isApiError(detail.error) ? detail.error.message : testMessages.errorOccured}
      </Alert>
    );

  const last = step === editorSteps.length - 1;
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {testId === null ? 'New Test' : `Test ${detail.data?.code ?? form.getValues('code')}`}
        </Typography>
        {testId !== null && <Chip size="small" label={testStatusName(status)} data-testid="test-status" />}
      </Box>
      <Stepper nonLinear activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {editorSteps.map((label, i) => (
          <Step key={label} completed={false}>
            <StepButton onClick={() => setStep(i)} disabled={testId === null && i > 0}>
              {label}
            </StepButton>
          </Step>
        ))}
      </Stepper>
      {(readOnlyReason || !mayWrite) && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {readOnlyReason ?? commonMessages.forbidden}
        </Alert>
      )}
      {codeNameAlert && (
        <Alert
          severity="error"
          role="alert"
          sx={{ mb: 2 }}
          action={
            <Button component={RouterLink} to="/admin/test" color="inherit" size="small" reloadDocument>
              OK
            </Button>
          }
        >
          {testMessages.codeOrNameExists}
        </Alert>
      )}
      {alert && (
        <Alert
          severity={alert.severity}
          role={alert.severity === 'success' ? 'status' : 'alert'}
          sx={{ mb: 2 }}
          action={
            alert.reload ? (
              <Button color="inherit" size="small" onClick={() => void reload()}>
                Reload
              </Button>
            ) : undefined
          }
        >
          {alert.message}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box
          component="form"
          noValidate
          aria-label={editorSteps[step]}
          onSubmit={(e) => {
            e.preventDefault();
            if (!last) void next();
            else void finish();
          }}
        >
          {step === 0 && (
            <InformationStep
              control={form.control}
              disabled={disabled}
              objectives={lookups.data?.objective}
              targetAudiences={lookups.data?.targetAudience}
            />
          )}
          {step === 1 && (
            <ConfigurationStep
              control={form.control}
              disabled={disabled}
              locked={locked}
              reviewSaveFor={readOnlyReason === testMessages.published && mayWrite ? testId : null}
            />
          )}
          {step === 2 && testId !== null && (
            <Box sx={{ display: 'grid', gap: 3 }}>
              <SectionsStep testId={testId} flow="full" readOnly={readOnly} />
              {readiness.data && status <= TestStatus.Ready && <ReadinessPanel report={readiness.data} />}
            </Box>
          )}
          <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 3 }}>
            <Box sx={{ display: 'flex', gap: 1 }}>
              {step > 0 && (
                <Button color="inherit" onClick={() => setStep((s) => s - 1)} disabled={saving}>
                  Previous
                </Button>
              )}
              <Button color="inherit" component={RouterLink} to={LIST}>
                Cancel
              </Button>
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {last && testId !== null && (
                <Button variant="outlined" onClick={() => setPreview(true)}>
                  Preview
                </Button>
              )}
              {last && status === TestStatus.Draft && !readOnly && (
                <Button variant="outlined" onClick={() => void runActivate(false)} disabled={saving}>
                  Activate
                </Button>
              )}
              {last && status === TestStatus.Ready && canPublish && !readOnly && (
                <Button
                  variant="outlined"
                  color="secondary"
                  onClick={() => void runPublish()}
                  disabled={saving}
                >
                  Publish
                </Button>
              )}
              {!readOnly && (
                <Button variant="outlined" onClick={() => void saveAsDraft()} disabled={saving}>
                  Save as Draft
                </Button>
              )}
              <Button type="submit" variant="contained" disabled={saving || leaving || (last && readOnly)}>
                {saving ? 'Saving...' : last ? 'Save' : 'Next'}
              </Button>
            </Box>
          </Box>
        </Box>
      </Paper>
      {preview && testId !== null && <TestPreviewDialog testId={testId} onClose={() => setPreview(false)} />}
    </Box>
  );
}

/** The route: the test to edit comes as { testId } in the navigation state or ?testId= (so a reload works). */
export function TestEditorPage() {
  const location = useLocation();
  const [search] = useSearchParams();
  const testId = testIdOf(location.state, search);
  return <TestEditor initialTestId={testId} />;
}

export { TestEditorPage as Component };
