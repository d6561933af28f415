import { hasPrivilege } from '@assess/contracts/access';
import { commonMessages } from '@assess/contracts/common';
import { lockedConfigurationFields, TestStatus, testMessages, testStatusName } from '@assess/contracts/tests';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../lib/api';
import { SectionsStep } from '../../sections/SectionsStep';
import { EditorFrame } from '../../test-series-shared/EditorFrame';
import { useEditorSaves } from '../../test-series-shared/editorQueries';
import { showServerFieldErrors, useRouteId } from '../../test-series-shared/editorState';
import { useEntityEditor } from '../../test-series-shared/useEntityEditor';
import { TestPreviewDialog } from '../preview/TestPreviewDialog';
import { testCalls, useActivateTest, usePublishTest, useReadiness } from './api';
import { ConfigurationStep, type LockedFields } from './ConfigurationStep';
import { InformationStep } from './InformationStep';
import { ReadinessPanel } from './ReadinessPanel';
import { informationFields, newTestValues, type TestFormValues, testFormDef } from './testForm';

export const editorSteps = ['Information', 'Configuration', 'Questions'] as const;
const LIST = '/admin/testhome';

/**
 * The full test editor (/admin/test; part 3 §2, §4 "Full test wizard"): Information, Configuration and
 * Questions. The first Next creates the test (Draft), later saves update it with the version read; the
 * Questions step's Save returns to the list for a Draft, or activates the test otherwise. Read-only when the
 * test is published, locked by another user or another provider's.
 */
function TestEditor({ initialTestId }: { initialTestId: number | null }) {
  const [codeNameAlert, setCodeNameAlert] = useState(false);
  const [preview, setPreview] = useState(false);
  const ed = useEntityEditor({
    root: 'tests',
    idKey: 'testId',
    initialId: initialTestId,
    read: testCalls.read,
    exists: testCalls.exists,
    form: testFormDef,
    messages: testMessages,
    // the routes' access: CreateTest to create; CreateTest or UpdateTest to change
    privileges: ['Test', 'CreateTest', 'UpdateTest'],
    listPath: LIST,
  });
  const { id: testId, step, setStep, alert, setAlert, status, setStatus, detail, form, stored, toast } = ed;
  const { readOnlyReason, mayWrite, leaving } = ed;
  const { create, update, saving: savingTest } = useEditorSaves('tests', { ...testCalls, keepOpen: false });
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
  const readOnly = readOnlyReason !== null || leaving || !mayWrite;
  const saving = savingTest || activate.isPending || publish.isPending;
  const disabled = readOnly || saving;
  const privileges = ed.session.privilegeObject;
  const locked: LockedFields = Object.fromEntries(
    lockedConfigurationFields(privileges).map((f) => [f, true]),
  );
  const canPublish = hasPrivilege(privileges, 'Test', 'PublishTest');

  const failed = (e: unknown, fallback: string = testMessages.activationError) => {
    const message = isApiError(e) ? e.message : fallback;
    setAlert({ severity: 'error', message, reload: isApiError(e) && e.status === 409 });
    showServerFieldErrors(form, e, newTestValues());
  };

  /** Creates the test (first save) or updates it; false when the form or the server refused. */
  async function persist(fields: readonly (keyof TestFormValues)[] | null): Promise<boolean> {
    try {
      const values = await ed.write(
        fields,
        async (v) => {
          const c = await create.mutateAsync(v);
          return { ...c, id: c.testId };
        },
        (testId, v, version) => update.mutateAsync({ id: testId, body: { ...v, version } }),
      );
      return values !== null;
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
      ed.leaveForList(true);
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
      stored.version.current = (await detail.refetch()).data?.version ?? stored.version.current;
      toast.success(res.message);
      setAlert({ severity: 'success', message: res.message });
      if (thenLeave) ed.leaveForList(false);
    } catch (e) {
      failed(e);
    } finally {
      void readiness.refetch();
    }
  }

  async function runPublish() {
    if (testId === null) return;
    setAlert(null);
    try {
      const res = await publish.mutateAsync(testId);
      setStatus(res.status);
      stored.version.current = res.version;
      toast.success(res.message);
      stored.forget();
      await detail.refetch();
    } catch (e) {
      failed(e, testMessages.errorOccured);
    }
  }

  if (ed.gate) return ed.gate;

  const last = step === editorSteps.length - 1;
  return (
    <>
      <EditorFrame
        title={testId === null ? 'New Test' : `Test ${detail.data?.code ?? form.getValues('code')}`}
        status={testId === null ? null : { label: testStatusName(status), testId: 'test-status' }}
        steps={editorSteps}
        step={step}
        onStep={setStep}
        notice={readOnlyReason || !mayWrite ? (readOnlyReason ?? commonMessages.forbidden) : null}
        extraAlerts={
          codeNameAlert && (
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
          )
        }
        alert={alert}
        onReload={() => void ed.reload()}
        onSubmit={() => (last ? void finish() : void next())}
        listPath={LIST}
        saving={saving}
        onDraft={readOnly ? null : () => void saveAsDraft()}
        submitDisabled={saving || leaving || (last && readOnly)}
        buttons={
          <>
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
          </>
        }
      >
        {step === 0 && <InformationStep control={form.control} disabled={disabled} {...ed.audience} />}
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
      </EditorFrame>
      {preview && testId !== null && <TestPreviewDialog testId={testId} onClose={() => setPreview(false)} />}
    </>
  );
}

/** The route: the test to edit comes as { testId } in the navigation state or ?testId= (so a reload works). */
export function TestEditorPage() {
  return <TestEditor initialTestId={useRouteId('testId').id} />;
}

export { TestEditorPage as Component };
