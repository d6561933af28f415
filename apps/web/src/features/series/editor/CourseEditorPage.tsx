import { commonMessages } from '@assess/contracts/common';
import { seriesEditorMessages as m, type SeriesEditorTest } from '@assess/contracts/series';
import { TestStatus, testStatusName } from '@assess/contracts/tests';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { isApiError } from '../../../lib/api';
import { EditorFrame } from '../../test-series-shared/EditorFrame';
import { useEditorSaves } from '../../test-series-shared/editorQueries';
import { showServerFieldErrors, useRouteId } from '../../test-series-shared/editorState';
import { useEntityEditor } from '../../test-series-shared/useEntityEditor';
import { seriesCalls } from './api';
import { ConfigurationStep } from './ConfigurationStep';
import { InformationStep } from './InformationStep';
import { informationFields, newSeriesFormValues, type SeriesFormValues, seriesFormDef } from './seriesForm';
import { TestStep } from './TestStep';

export const seriesEditorSteps = ['Information', 'Test', 'Configuration'] as const;
const LIST = '/admin/testSeries';

type NavState = { courseId?: unknown; isDisabled?: unknown } | null;

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
  const [testError, setTestError] = useState<string | null>(null);
  const [tests, setTests] = useState<SeriesEditorTest[]>([]);
  const [savedName, setSavedName] = useState<string | null>(null);
  const ed = useEntityEditor({
    root: 'series',
    idKey: 'courseId',
    initialId: initialCourseId,
    read: seriesCalls.read,
    exists: seriesCalls.exists,
    form: seriesFormDef,
    onLoad: (d) => {
      setTests(d.tests);
      setSavedName(d.name);
    },
    messages: m,
    privileges: ['TestSeries', 'CreateTestSeries', 'UpdateTestSeries'],
    listPath: LIST,
  });
  const { id: courseId, step, setStep, status, form, toast, readOnlyReason, mayWrite, leaving } = ed;
  const { create, update, saving } = useEditorSaves('series', { ...seriesCalls, keepOpen: true });
  const [topicIds, objective, targetAudience] = useWatch({
    control: form.control,
    name: ['topicIds', 'objective', 'targetAudience'],
  });
  const readOnly = isDisabled || readOnlyReason !== null || leaving || !mayWrite;
  const disabled = readOnly || saving;

  /** Creates the series (first save, always a draft) or updates it; false when the form or the server refused. */
  async function persist(draft: boolean, fields: readonly (keyof SeriesFormValues)[] | null) {
    try {
      const values = await ed.write(
        fields,
        async (v) => {
          const c = await create.mutateAsync({ ...v, draft: true });
          return { ...c, id: c.courseId };
        },
        (courseId, v, version) => update.mutateAsync({ id: courseId, body: { ...v, draft, version } }),
      );
      if (values) setSavedName(values.name.trim());
      return values !== null;
    } catch (e) {
      toast.error(m.notSaved);
      ed.setAlert({
        severity: 'error',
        message: isApiError(e) ? e.message : m.notSaved,
        reload: isApiError(e) && e.status === 409,
      });
      showServerFieldErrors(form, e, newSeriesFormValues());
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
    if (courseId !== null || !draft) ed.leaveForList(draft);
  }

  if (ed.gate) return ed.gate;

  const last = step === seriesEditorSteps.length - 1;
  return (
    <EditorFrame
      title={courseId === null ? 'New Test Series' : `Update Test Series: ${savedName ?? ''}`}
      status={courseId === null ? null : { label: testStatusName(status), testId: 'series-status' }}
      steps={seriesEditorSteps}
      step={step}
      onStep={setStep}
      notice={
        readOnlyReason || isDisabled || !mayWrite
          ? (readOnlyReason ?? (mayWrite ? m.published : commonMessages.forbidden))
          : null
      }
      alert={ed.alert}
      onReload={() => void ed.reload()}
      onSubmit={() => (last ? void save(false) : void next())}
      listPath={LIST}
      saving={saving}
      onDraft={readOnly ? null : () => void save(true)}
      submitDisabled={saving || leaving || (last && readOnly)}
    >
      {step === 0 && (
        <InformationStep
          control={form.control}
          disabled={disabled}
          {...ed.audience}
          image={ed.detail.data?.image ?? null}
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
    </EditorFrame>
  );
}

/** The route: { courseId, isDisabled } in the navigation state (from the list), or ?courseId= (so a reload works). */
export function CourseEditorPage() {
  const { id, state } = useRouteId('courseId');
  return <CourseEditor initialCourseId={id} isDisabled={(state as NavState)?.isDisabled === true} />;
}

export { CourseEditorPage as Component };
