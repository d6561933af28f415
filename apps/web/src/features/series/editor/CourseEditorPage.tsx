import { hasPrivilege } from '@assess/contracts/access';
import { commonMessages } from '@assess/contracts/common';
import { seriesEditorMessages as m, type SeriesEditorTest } from '@assess/contracts/series';
import { TestStatus, testStatusName } from '@assess/contracts/tests';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageSkeleton } from '../../../components/Skeletons';
import { useToast } from '../../../components/Toast';
import { isApiError } from '../../../lib/api';
import { useSignedInSession } from '../../auth/session';
import { useTestLookups } from '../../tests/editor/api';
import { useCreateSeries, useLiveSeriesExists, useSeriesDetail, useUpdateSeries } from './api';
import { ConfigurationStep } from './ConfigurationStep';
import { InformationStep } from './InformationStep';
import {
  informationFields,
  newSeriesFormValues,
  type SeriesFormValues,
  seriesFormResolver,
  seriesFormValuesOf,
} from './seriesForm';
import { TestStep } from './TestStep';

export const seriesEditorSteps = ['Information', 'Test', 'Configuration'] as const;
const LIST = '/admin/testSeries';
/** Redirect delay after a save (part 3 §9: 4 s after a draft save; 2 s otherwise). */
const DRAFT_REDIRECT_MS = 4000;
const SAVED_REDIRECT_MS = 2000;

type NavState = { courseId?: unknown; isDisabled?: unknown } | null;
const courseIdOf = (state: NavState, search: URLSearchParams) => {
  const raw = typeof state?.courseId === 'number' ? state.courseId : Number(search.get('courseId'));
  return Number.isInteger(raw) && raw > 0 ? raw : null;
};

/**
 * The test series editor (/admin/course; part 3 §2 "Test series editor", §4 "Test series wizard"): Information,
 * Test and Configuration. The first Next creates the series as a draft (TestSeries package limit); the Test step
 * adds and removes tests at once; Save needs at least one test, Save as Draft does not. Read-only when the list
 * says so (isDisabled) or the server does (not owner, published, in progress, locked by another user).
 */
function CourseEditor({
  initialCourseId,
  isDisabled,
}: {
  initialCourseId: number | null;
  isDisabled: boolean;
}) {
  const session = useSignedInSession();
  const toast = useToast();
  const navigate = useNavigate();
  const [, setSearch] = useSearchParams();
  const [courseId, setCourseId] = useState(initialCourseId);
  const [step, setStep] = useState(0);
  const [alert, setAlert] = useState<{ message: string; reload?: boolean } | null>(null);
  const [testError, setTestError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [status, setStatus] = useState<number>(TestStatus.Draft);
  const [tests, setTests] = useState<SeriesEditorTest[]>([]);
  const [savedName, setSavedName] = useState<string | null>(null);
  const version = useRef<number | null>(null);
  const loadedVersion = useRef<number | null>(null);
  const detail = useSeriesDetail(courseId);
  const lookups = useTestLookups();
  const create = useCreateSeries();
  const update = useUpdateSeries();
  const form = useForm<SeriesFormValues>({
    resolver: seriesFormResolver,
    mode: 'onTouched',
    defaultValues: newSeriesFormValues(),
  });

  // The stored series replaces the form when it is opened (or reloaded after a conflict), never after own saves.
  useEffect(() => {
    const d = detail.data;
    if (!d || loadedVersion.current !== null) return;
    loadedVersion.current = d.version;
    version.current = d.version;
    setStatus(d.status);
    setTests(d.tests);
    setSavedName(d.name);
    form.reset(seriesFormValuesOf(d));
  }, [detail.data, form]);

  const [code, name, topicIds, objective, targetAudience] = useWatch({
    control: form.control,
    name: ['code', 'name', 'topicIds', 'objective', 'targetAudience'],
  });
  const codeTaken = useLiveSeriesExists('code', code ?? '', courseId);
  const nameTaken = useLiveSeriesExists('name', name ?? '', courseId);
  useEffect(() => {
    for (const [field, taken, message] of [
      ['code', codeTaken, m.codeExists],
      ['name', nameTaken, m.nameExists],
    ] as const) {
      if (taken) form.setError(field, { type: 'taken', message });
      else if (form.getFieldState(field).error?.type === 'taken') form.clearErrors(field);
    }
  }, [codeTaken, nameTaken, form]);

  const readOnlyReason = detail.data?.readOnlyReason ?? null;
  const mayWrite =
    hasPrivilege(session.privilegeObject, 'TestSeries', 'CreateTestSeries') ||
    (courseId !== null && hasPrivilege(session.privilegeObject, 'TestSeries', 'UpdateTestSeries'));
  const readOnly = isDisabled || readOnlyReason !== null || leaving || !mayWrite;
  const saving = create.isPending || update.isPending;
  const disabled = readOnly || saving;

  /** Creates the series (first save, always a draft) or updates it; false when the form or the server refused. */
  async function persist(
    draft: boolean,
    fields: readonly (keyof SeriesFormValues)[] | null,
  ): Promise<boolean> {
    setAlert(null);
    const valid = fields ? await form.trigger([...fields]) : await form.trigger();
    if (!valid || codeTaken || nameTaken) return false;
    const values = form.getValues();
    try {
      if (courseId === null) {
        const created = await create.mutateAsync({ ...values, draft: true });
        setCourseId(created.courseId);
        version.current = created.version;
        loadedVersion.current = created.version;
        setStatus(created.status);
        setSearch({ courseId: String(created.courseId) }, { replace: true });
      } else {
        const saved = await update.mutateAsync({
          courseId,
          body: { ...values, draft, version: version.current ?? 0 },
        });
        version.current = saved.version;
        setStatus(saved.status);
      }
      setSavedName(values.name.trim());
      return true;
    } catch (e) {
      toast.error(m.notSaved);
      setAlert({
        message: isApiError(e) ? e.message : m.notSaved,
        reload: isApiError(e) && e.status === 409,
      });
      if (isApiError(e))
        for (const [field, messages] of Object.entries(e.fields ?? {}))
          if (field in newSeriesFormValues())
            form.setError(field as keyof SeriesFormValues, { type: 'server', message: messages[0] });
      return false;
    }
  }

  async function next() {
    if (readOnly) return setStep((s) => s + 1);
    if (step === 1) {
      if (!tests.length) return setTestError(m.selectTests);
      return setStep(2);
    }
    const keepDraft = status === TestStatus.Draft;
    if (await persist(keepDraft, informationFields)) setStep((s) => s + 1);
  }

  /** Save (the series is Ready: needs a test) or Save as Draft; back to the list afterwards. */
  async function save(draft: boolean) {
    if (!draft && !tests.length) {
      setTestError(m.selectTests);
      setStep(1);
      toast.error(m.selectTests);
      return;
    }
    if (!(await persist(draft, courseId === null ? informationFields : null))) return;
    toast.success(m.saved);
    if (courseId !== null || !draft) {
      setLeaving(true);
      setTimeout(() => navigate(LIST), draft ? DRAFT_REDIRECT_MS : SAVED_REDIRECT_MS);
    }
  }

  async function reload() {
    setAlert(null);
    loadedVersion.current = null;
    await detail.refetch();
  }

  if (courseId !== null && detail.isLoading) return <PageSkeleton />;
  if (courseId !== null && detail.isError)
    return (
      <Alert severity="error" role="alert">
        {isApiError(detail.error) ? detail.error.message : m.errorOccured}
      </Alert>
    );

  const last = step === seriesEditorSteps.length - 1;
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {courseId === null ? 'New Test Series' : `Update Test Series: ${savedName ?? ''}`}
        </Typography>
        {courseId !== null && (
          <Chip size="small" label={testStatusName(status)} data-testid="series-status" />
        )}
      </Box>
      <Stepper nonLinear activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {seriesEditorSteps.map((label, i) => (
          <Step key={label} completed={false}>
            <StepButton onClick={() => setStep(i)} disabled={courseId === null && i > 0}>
              {label}
            </StepButton>
          </Step>
        ))}
      </Stepper>
      {(readOnlyReason || isDisabled || !mayWrite) && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {readOnlyReason ?? (mayWrite ? m.published : commonMessages.forbidden)}
        </Alert>
      )}
      {alert && (
        <Alert
          severity="error"
          role="alert"
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
          aria-label={seriesEditorSteps[step]}
          onSubmit={(e) => {
            e.preventDefault();
            if (!last) void next();
            else void save(false);
          }}
        >
          {step === 0 && (
            <InformationStep
              control={form.control}
              disabled={disabled}
              objectives={lookups.data?.objective}
              targetAudiences={lookups.data?.targetAudience}
              image={detail.data?.image ?? null}
            />
          )}
          {step === 1 && courseId !== null && (
            <TestStep
              courseId={courseId}
              tests={tests}
              onTests={(list) => {
                setTests(list);
                if (list.length) setTestError(null);
              }}
              filters={{
                topicIds: topicIds ?? null,
                objective: objective ?? null,
                targetAudience: targetAudience ?? null,
              }}
              disabled={readOnly}
              error={testError}
            />
          )}
          {step === 2 && <ConfigurationStep control={form.control} disabled={disabled} />}
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
              {!readOnly && (
                <Button variant="outlined" onClick={() => void save(true)} disabled={saving}>
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
    </Box>
  );
}

/** The route: { courseId, isDisabled } in the navigation state (from the list), or ?courseId= (so a reload works). */
export function CourseEditorPage() {
  const location = useLocation();
  const [search] = useSearchParams();
  const state = location.state as NavState;
  const courseId = courseIdOf(state, search);
  return <CourseEditor initialCourseId={courseId} isDisabled={state?.isDisabled === true} />;
}

export { CourseEditorPage as Component };
