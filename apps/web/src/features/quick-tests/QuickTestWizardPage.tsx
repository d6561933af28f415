import { hasPrivilege } from '@assess/contracts/access';
import {
  quickTestMessages as m,
  newQuickTestForm,
  type QuickTestDetail,
  type QuickTestFormInput,
  quickTestFormSchema,
  quickTestRouteSchema,
} from '@assess/contracts/quick-tests';
import { TestStatus, testMessages } from '@assess/contracts/tests';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { PageSkeleton, useToast } from '../../components';
import { isApiError } from '../../lib/api';
import { textsOf } from '../../lib/formValues';
import { AssignedStudents } from '../assignment/AssignedStudents';
import { UserMappingDialog } from '../assignment/UserMappingDialog';
import { useSignedInSession } from '../auth/session';
import { ScheduleDialog } from '../scheduling/ScheduleDialog';
import { useSections } from '../sections/api';
import { SectionsStep } from '../sections/SectionsStep';
import { TestPreviewDialog } from '../tests/preview/TestPreviewDialog';
import {
  useActivateQuickTest,
  useCreateQuickTest,
  usePublishQuickTest,
  useQuickTest,
  useUpdateQuickTest,
} from './api';
import { QUICK_HOME } from './QuickTestHomePage';
import { TestDetailsTab } from './TestDetailsTab';

const tabs = ['Test Details', 'Sections', 'Test Schedule', 'Students Onboarding'] as const;
/** §4 wizard delays: Sections 2 s after creating, Schedule 3 s after Save & Next, home 3 s after Save. */
const AFTER_CREATE_MS = 2000;
const AFTER_ACTIVATE_MS = 3000;
const SCHEDULE_TAB = 2;

const formOf = (d: QuickTestDetail): QuickTestFormInput => ({
  testName: d.testName,
  description: d.description ?? '',
  duration: d.duration,
  passingScore: d.passingScore ?? 0,
  pointsPerQuestion: d.pointsPerQuestion ?? 0,
  negativePointsPerQuestion: d.negativePointsPerQuestion,
  ...textsOf(d, ['passFeedback', 'failFeedback', 'masteryFeedback', 'welcomeMessage', 'concludeMessage']),
});

type Notice = { severity: 'warning' | 'error'; message: string; details?: string[] } | null;

/**
 * Quick test wizard (/admin/quickTest?testId=; part 3 §2, §4 "Quick test wizard"): Test Details, Sections, Test
 * Schedule and Students Onboarding; the later tabs stay disabled until the test exists. Creating moves to
 * Sections after 2 s; Save & Next on Sections activates and moves to Schedule after 3 s; the bottom bar's Save
 * activates and goes home after 3 s; Preview (with Publish for PublishSimplifiedTest); Previous on the last tab.
 */
export function Component() {
  const [search, setSearch] = useSearchParams();
  const route = quickTestRouteSchema.parse(Object.fromEntries(search));
  const detail = useQuickTest(route.testId ?? null);
  if (route.testId && !detail.data) {
    return detail.isError ? (
      <Alert severity="error">
        {isApiError(detail.error) ? detail.error.message : testMessages.errorOccured}
      </Alert>
    ) : (
      <PageSkeleton label="Loading the quick test" />
    );
  }
  return (
    <Wizard
      key={route.testId ?? 'new'}
      initial={detail.data ?? null}
      initialTab={route.tab ?? 0}
      onCreated={(testId) => setSearch({ testId: String(testId), tab: '1' }, { replace: true })}
      // the address follows the tab (a reload or a shared link opens the same tab); a new test has no
      // address of its own until it is created
      onTab={
        route.testId
          ? (tab) => setSearch({ testId: String(route.testId), tab: String(tab) }, { replace: true })
          : undefined
      }
    />
  );
}

function Wizard({
  initial,
  initialTab,
  onCreated,
  onTab,
}: {
  initial: QuickTestDetail | null;
  initialTab: number;
  onCreated: (testId: number) => void;
  onTab?: (tab: number) => void;
}) {
  const session = useSignedInSession();
  const navigate = useNavigate();
  const toast = useToast();
  const [testId, setTestId] = useState<number | null>(initial?.testId ?? null);
  const [tab, setTab] = useState(initial ? initialTab : 0);
  const [notice, setNotice] = useState<Notice>(null);
  const [dialog, setDialog] = useState<'preview' | 'schedule' | 'students' | null>(null);
  const [busy, setBusy] = useState(false);
  const version = useRef<number | null>(initial?.version ?? null);
  const detail = useQuickTest(testId);
  const create = useCreateQuickTest();
  const update = useUpdateQuickTest();
  const activate = useActivateQuickTest();
  const publish = usePublishQuickTest();
  const form = useForm<QuickTestFormInput>({
    resolver: zodResolver(quickTestFormSchema),
    mode: 'onTouched',
    defaultValues: initial ? formOf(initial) : newQuickTestForm,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the tab only (onTab is a new function per render)
  useEffect(() => onTab?.(tab), [tab]);
  // a warning belongs to the tab it came from
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared whenever the tab changes
  useEffect(() => setNotice(null), [tab]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const later = (ms: number, fn: () => void) => {
    setBusy(true);
    timer.current = setTimeout(() => {
      setBusy(false);
      fn();
    }, ms);
  };

  const current = detail.data ?? initial;
  const readOnly = Boolean(current?.readOnlyReason);
  const p = session.privilegeObject;
  const mayPublish = hasPrivilege(p, 'SimplifiedTest', 'PublishSimplifiedTest');

  const fail = (err: unknown, fallback: string) => {
    if (isApiError(err) && err.fields?.testName)
      form.setError('testName', { message: err.fields.testName[0] });
    setNotice({
      severity: 'error',
      message: isApiError(err) && err.status < 500 && err.status !== 0 ? err.message : fallback,
    });
  };

  const saveDetails = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      if (testId === null) {
        const res = await create.mutateAsync(values);
        setTestId(res.testId);
        version.current = res.version;
        toast.success(res.message);
        // the route then carries the test (a reload opens it), on its Sections tab
        later(AFTER_CREATE_MS, () => onCreated(res.testId));
      } else if (readOnly) setTab(1);
      else {
        const res = await update.mutateAsync({ testId, body: { ...values, version: version.current ?? 1 } });
        version.current = res.version;
        toast.success(res.message);
        setTab(1);
      }
    } catch (err) {
      fail(err, testMessages.errorOccured);
    }
  });

  /**
   * Activates (Ready when the readiness rule holds); 'Test not activated.' with the reasons otherwise. The
   * success says the server's message ('Test activated and saved successfully.'), or `said` when given.
   */
  async function activateThen(next: () => void, ms: number, said?: string) {
    if (testId === null) return;
    setNotice(null);
    try {
      const res = await activate.mutateAsync(testId);
      toast.success(said ?? res.message);
      later(ms, next);
    } catch (err) {
      if (isApiError(err) && err.status === 400)
        setNotice({
          severity: 'warning',
          message: err.message || m.notActivated,
          details: err.fields?.readiness,
        });
      else fail(err, m.activationFailed);
    }
  }

  const onPublish = async () => {
    if (testId === null) return;
    try {
      toast.success((await publish.mutateAsync(testId)).message);
    } catch (err) {
      fail(err, testMessages.errorOccured);
    }
  };

  const name = current?.testName ?? '';
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h1">
        {testId ? `Quick Test: ${name}` : 'New Quick Test'}
      </Typography>
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} variant="scrollable" aria-label="Quick test steps">
        {tabs.map((label, i) => (
          <Tab
            key={label}
            label={label}
            disabled={i > 0 && testId === null}
            // §5: the schedule needs the test first; the off tab says so on hover (it takes no click)
            {...(i === SCHEDULE_TAB && testId === null
              ? { title: m.needTest, sx: { pointerEvents: 'auto' } }
              : {})}
          />
        ))}
      </Tabs>
      {current?.readOnlyReason && <Alert severity="info">{current.readOnlyReason}</Alert>}
      {notice && (
        <Alert severity={notice.severity} role="alert" onClose={() => setNotice(null)}>
          {notice.message}
          {notice.details?.length ? (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {notice.details.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </Box>
          ) : null}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2 }} role="tabpanel" aria-label={tabs[tab]}>
        {tab === 0 && <TestDetailsTab control={form.control} disabled={readOnly} />}
        {tab === 1 && testId !== null && (
          <>
            <SectionsStep testId={testId} flow="quick" />
            <OnSectionsChange
              testId={testId}
              onChange={() => setNotice((n) => (n?.severity === 'warning' ? null : n))}
            />
          </>
        )}
        {tab === 2 &&
          (testId === null ? (
            <Alert severity="warning">{m.needTest}</Alert>
          ) : (
            <StepPanel
              text={
                current?.scheduleStatus
                  ? 'The test is scheduled. Open the schedule to change it.'
                  : 'Pick when the students may take the test.'
              }
              action="Schedule Test"
              onClick={() => setDialog('schedule')}
              next={() => setTab(3)}
            />
          ))}
        {tab === 3 && testId !== null && (
          <Stack spacing={2}>
            <StepPanel
              text="Assign the students who take this test."
              action="Assign To Student"
              onClick={() => setDialog('students')}
            />
            <AssignedStudents target={{ kind: 'test', id: testId }} />
          </Stack>
        )}
      </Paper>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        {tab === 3 && (
          <Button variant="outlined" onClick={() => setTab(2)}>
            Previous
          </Button>
        )}
        <Button variant="outlined" disabled={testId === null} onClick={() => setDialog('preview')}>
          Preview
        </Button>
        {mayPublish && testId !== null && (
          <Button
            variant="outlined"
            disabled={current?.status !== TestStatus.Ready || publish.isPending || readOnly}
            onClick={onPublish}
          >
            Publish
          </Button>
        )}
        {tab === 0 && (
          <Button
            variant="contained"
            disabled={busy || create.isPending || update.isPending}
            onClick={saveDetails}
          >
            {testId === null ? 'Create Test' : 'Save & Next'}
          </Button>
        )}
        {tab === 1 && (
          <Button
            variant="contained"
            disabled={busy || activate.isPending}
            onClick={() => activateThen(() => setTab(2), AFTER_ACTIVATE_MS)}
          >
            Save & Next
          </Button>
        )}
        <Button
          variant="contained"
          disabled={busy || testId === null || activate.isPending}
          onClick={() => activateThen(() => navigate(QUICK_HOME), AFTER_ACTIVATE_MS, m.saved)}
        >
          Save
        </Button>
      </Box>
      {dialog === 'preview' && testId !== null && (
        <TestPreviewDialog testId={testId} onClose={() => setDialog(null)} />
      )}
      {dialog === 'schedule' && testId !== null && (
        <ScheduleDialog
          target={{ kind: 'test', testId, name }}
          onClose={async () => {
            setDialog(null);
            const fresh = await detail.refetch();
            if (fresh.data?.scheduleStatus) setTab(3);
          }}
        />
      )}
      {dialog === 'students' && testId !== null && (
        <UserMappingDialog
          target={{ kind: 'test', testId, name, status: current?.status ?? TestStatus.Draft }}
          onClose={() => setDialog(null)}
        />
      )}
    </Box>
  );
}

/** Calls onChange when the test's sections change (a question added or removed): a readiness warning is stale then. */
function OnSectionsChange({ testId, onChange }: { testId: number; onChange: () => void }) {
  const { data } = useSections(testId);
  const seen = useRef(data);
  useEffect(() => {
    if (data === seen.current) return;
    seen.current = data;
    onChange();
  }, [data, onChange]);
  return null;
}

function StepPanel({
  text,
  action,
  onClick,
  next,
}: {
  text: string;
  action: string;
  onClick: () => void;
  next?: () => void;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Typography sx={{ flex: 1 }}>{text}</Typography>
      <Button variant="contained" onClick={onClick}>
        {action}
      </Button>
      {next && (
        <Button variant="text" onClick={next}>
          Next
        </Button>
      )}
    </Box>
  );
}
