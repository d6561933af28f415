import type { ContentFilterId } from '@assess/contracts/questions';
import { type TestListRow, testMessages } from '@assess/contracts/tests';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { AnalyticsDialog } from '../analytics/AnalyticsDialog';
import { UserMappingDialog } from '../assignment/UserMappingDialog';
import { downloadTestPaper } from '../omr/api';
import { OmrQueueDialog } from '../omr/OmrQueueDialog';
import { OmrSheetDialog } from '../omr/OmrSheetDialog';
import { OmrUploadDialog } from '../omr/OmrUploadDialog';
import { ScheduleDialog } from '../scheduling/ScheduleDialog';
import {
  CatalogueGrid,
  CatalogueToolbar,
  destructiveQuestion,
  useCataloguePage,
} from '../test-series-shared/listPage';
import {
  useCleanTestData,
  useDeleteTest,
  useLockTest,
  usePublishTest,
  useTestList,
  useTestLookups,
} from './list/api';
import { CopyTestDialog } from './list/CopyTestDialog';
import { filterLabel, TestBulkBar, type TestFilters } from './list/TestBulkBar';
import { TestDetailsDialog } from './list/TestDetailsDialog';
import { type TestRowHandlers, testColumns } from './list/testColumns';
import { TestPreviewDialog } from './preview/TestPreviewDialog';

type Modal =
  | { kind: 'details'; testId: number }
  | { kind: 'preview'; testId: number }
  | { kind: 'copy'; test: TestListRow }
  | { kind: 'assign'; test: TestListRow }
  | { kind: 'schedule'; test: TestListRow }
  | { kind: 'analytics'; test: TestListRow }
  | { kind: 'omrSheet' | 'omrUpload' | 'omrQueue'; test: TestListRow }
  | null;

/** The assignment and schedule dialogs' target: the row's test. */
const targetOf = (t: TestListRow) =>
  ({ kind: 'test', testId: t.testId, name: t.name, status: t.status }) as const;

/**
 * Tests (/admin/testhome, part 3 §2 "Tests list"): the All / Owned / Subscribed toggle, filter by field and
 * bulk update, '+ New', and the server-paged grid whose row actions follow the row rules of §4 (the same
 * function the server enforces).
 */
export function TestsPage() {
  const { can, caller, run, ask, state: catalogue } = useCataloguePage('Test', 'tests');
  const { contentFilter, paging, refilter } = catalogue;
  const navigate = useNavigate();
  const [filters, setFilters] = useState<TestFilters>({});
  const [modal, setModal] = useState<Modal>(null);
  const lookups = useTestLookups();
  const list = useTestList({ ...filters, contentFilter, pageNumber: paging.page, pageSize: paging.pageSize });
  const publish = usePublishTest();
  const remove = useDeleteTest();
  const lock = useLockTest();
  const clean = useCleanTestData();

  const changeFilters = useCallback(
    (next: TestFilters, nextContent: ContentFilterId = contentFilter) => {
      setFilters(next);
      refilter(nextContent);
    },
    [contentFilter, refilter],
  );

  const handlers = useMemo<TestRowHandlers>(() => {
    return {
      preview: (row) => setModal({ kind: 'preview', testId: row.testId }),
      details: (row) => setModal({ kind: 'details', testId: row.testId }),
      copy: (row) => setModal({ kind: 'copy', test: row }),
      assign: (row) => setModal({ kind: 'assign', test: row }),
      schedule: (row) => setModal({ kind: 'schedule', test: row }),
      analytics: (row) => setModal({ kind: 'analytics', test: row }),
      downloadOmr: (row) => setModal({ kind: 'omrSheet', test: row }),
      downloadTest: (row) => void run(() => downloadTestPaper(row)),
      uploadAnswers: (row) => setModal({ kind: 'omrUpload', test: row }),
      edit: (row) => navigate('/admin/test', { state: { testId: row.testId } }),
      publish: (row) =>
        void ask(
          {
            title: 'Publish test',
            message: `Publish test ${row.code}? A published test can no longer be changed.`,
            confirmText: 'Publish',
          },
          () => publish.mutateAsync(row.testId),
        ),
      delete: (row) =>
        void ask(destructiveQuestion(testMessages.confirmDelete, 'Delete'), () =>
          remove.mutateAsync(row.testId),
        ),
      lock: (row) => void run(() => lock.mutateAsync({ testId: row.testId, isLocked: true })),
      unlock: (row) => void run(() => lock.mutateAsync({ testId: row.testId, isLocked: false })),
      cleanData: (row) =>
        void ask(destructiveQuestion(testMessages.confirmCleanup, 'Clean'), () =>
          clean.mutateAsync(row.testId),
        ),
    };
  }, [run, ask, navigate, publish.mutateAsync, remove.mutateAsync, lock.mutateAsync, clean.mutateAsync]);

  const grid = useMemo(() => testColumns(caller, handlers), [caller, handlers]);

  const close = () => setModal(null);
  if (!can('ViewTest')) return <EmptyState message={testMessages.dataNotFound} />;
  const activeFilters = Object.entries(filters).filter(([, v]) => v !== undefined && v !== '');

  return (
    <Box>
      <CatalogueToolbar
        label="Tests shown"
        state={catalogue}
        onNew={can('CreateTest') ? () => navigate('/admin/test') : null}
      />
      <TestBulkBar
        selectedIds={catalogue.selected.map(Number)}
        canUpdate={can('UpdateTest')}
        onDone={() => catalogue.setSelected([])}
        onSearch={(f) => changeFilters(f)}
        lookups={lookups.data}
      />
      {activeFilters.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }} aria-label="Active filters">
          {activeFilters.map(([k, v]) => (
            <Chip
              key={k}
              size="small"
              label={filterLabel(k, v, lookups.data)}
              onDelete={() => changeFilters({ ...filters, [k]: undefined })}
            />
          ))}
        </Stack>
      )}
      <CatalogueGrid label="Tests" list={list} grid={grid} state={catalogue} selectable={can('UpdateTest')} />
      {modal?.kind === 'details' && <TestDetailsDialog testId={modal.testId} onClose={close} />}
      {modal?.kind === 'copy' && <CopyTestDialog test={modal.test} onClose={close} />}
      {modal?.kind === 'assign' && <UserMappingDialog target={targetOf(modal.test)} onClose={close} />}
      {modal?.kind === 'schedule' && (
        <ScheduleDialog
          target={targetOf(modal.test)}
          forCurator={!can('AssignTest') && can('AssignTestForContentCurator')}
          onClose={close}
        />
      )}
      {modal?.kind === 'preview' && <TestPreviewDialog testId={modal.testId} onClose={close} />}
      {modal?.kind === 'analytics' && (
        <AnalyticsDialog testId={modal.test.testId} name={modal.test.name} onClose={close} />
      )}
      {modal?.kind === 'omrSheet' && (
        <OmrSheetDialog testId={modal.test.testId} code={modal.test.code} onClose={close} />
      )}
      {modal?.kind === 'omrUpload' && (
        <OmrUploadDialog
          testId={modal.test.testId}
          name={modal.test.name}
          onClose={close}
          onQueue={() => setModal({ kind: 'omrQueue', test: modal.test })}
        />
      )}
      {modal?.kind === 'omrQueue' && (
        <OmrQueueDialog testId={modal.test.testId} name={modal.test.name} onClose={close} />
      )}
    </Box>
  );
}

export { TestsPage as Component };
