import { hasPrivilege } from '@assess/contracts/access';
import { ContentFilter, type ContentFilterId } from '@assess/contracts/questions';
import { type TestListRow, type TestRowCaller, testMessages, testRowRules } from '@assess/contracts/tests';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { GridRowId } from '@mui/x-data-grid';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../components/Confirm';
import { EmptyState } from '../../components/EmptyState';
import { useListPaging } from '../../components/listPaging';
import { AnalyticsDialog } from '../analytics/AnalyticsDialog';
import { UserMappingDialog } from '../assignment/UserMappingDialog';
import { useSignedInSession } from '../auth/session';
import { downloadTestPaper } from '../omr/api';
import { OmrQueueDialog } from '../omr/OmrQueueDialog';
import { OmrSheetDialog } from '../omr/OmrSheetDialog';
import { OmrUploadDialog } from '../omr/OmrUploadDialog';
import { ScheduleDialog } from '../scheduling/ScheduleDialog';
import { CatalogueGrid, CatalogueToolbar, useRowWrite } from '../test-series-shared/listPage';
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
import { LOCKED_CELL, type TestRowHandlers, testColumns } from './list/testColumns';
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

/**
 * Tests (/admin/testhome, part 3 §2 "Tests list"): the All / Owned / Subscribed toggle, filter by field and
 * bulk update, '+ New', and the server-paged grid whose row actions follow the row rules of §4 (the same
 * function the server enforces).
 */
export function TestsPage() {
  const session = useSignedInSession();
  const p = session.privilegeObject;
  const can = (name: string) => hasPrivilege(p, 'Test', name);
  const navigate = useNavigate();
  const run = useRowWrite();
  const confirm = useConfirm();
  const paging = useListPaging('tests');
  const [contentFilter, setContentFilter] = useState<ContentFilterId>(ContentFilter.All);
  const [filters, setFilters] = useState<TestFilters>({});
  const [selected, setSelected] = useState<GridRowId[]>([]);
  const [modal, setModal] = useState<Modal>(null);
  const lookups = useTestLookups();
  const list = useTestList({ ...filters, contentFilter, pageNumber: paging.page, pageSize: paging.pageSize });
  const publish = usePublishTest();
  const remove = useDeleteTest();
  const lock = useLockTest();
  const clean = useCleanTestData();
  const resetPage = paging.reset;

  const caller = useMemo<TestRowCaller>(
    () => ({
      providerId: session.userDetails.providerId,
      userId: session.userDetails.userId,
      roles: p.roles.map((r) => r.id),
      privileges: p.privileges,
      omrEnabled: session.licenseObject.OMREnabled,
    }),
    [session, p],
  );

  const changeFilters = useCallback(
    (next: TestFilters, nextContent: ContentFilterId = contentFilter) => {
      setFilters(next);
      setContentFilter(nextContent);
      setSelected([]);
      resetPage();
    },
    [contentFilter, resetPage],
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
      publish: async (row) => {
        const ok = await confirm({
          title: 'Publish test',
          message: `Publish test ${row.code}? A published test can no longer be changed.`,
          confirmText: 'Publish',
        });
        if (ok) await run(() => publish.mutateAsync(row.testId));
      },
      delete: async (row) => {
        const ok = await confirm({
          message: testMessages.confirmDelete,
          destructive: true,
          confirmText: 'Delete',
        });
        if (ok) await run(() => remove.mutateAsync(row.testId));
      },
      lock: (row) => void run(() => lock.mutateAsync({ testId: row.testId, isLocked: true })),
      unlock: (row) => void run(() => lock.mutateAsync({ testId: row.testId, isLocked: false })),
      cleanData: async (row) => {
        const ok = await confirm({
          message: testMessages.confirmCleanup,
          destructive: true,
          confirmText: 'Clean',
        });
        if (ok) await run(() => clean.mutateAsync(row.testId));
      },
    };
  }, [run, confirm, navigate, publish.mutateAsync, remove.mutateAsync, lock.mutateAsync, clean.mutateAsync]);

  const columns = useMemo(() => testColumns(caller, handlers), [caller, handlers]);
  const selectable = useCallback((row: TestListRow) => testRowRules(row, caller).select.enabled, [caller]);

  if (!can('ViewTest')) return <EmptyState message={testMessages.dataNotFound} />;
  const activeFilters = Object.entries(filters).filter(([, v]) => v !== undefined && v !== '');

  return (
    <Box>
      <CatalogueToolbar
        label="Tests shown"
        contentFilter={contentFilter}
        onContentFilter={(v) => changeFilters(filters, v)}
        onNew={can('CreateTest') ? () => navigate('/admin/test') : null}
      />
      <TestBulkBar
        selectedIds={selected.map(Number)}
        canUpdate={can('UpdateTest')}
        onDone={() => setSelected([])}
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
      <CatalogueGrid
        label="Tests"
        lockedClass={LOCKED_CELL}
        list={list}
        columns={columns}
        getRowId={(r) => r.testId}
        selectable={can('UpdateTest')}
        selected={selected}
        onSelected={setSelected}
        isRowSelectable={selectable}
        paging={paging}
      />
      {modal?.kind === 'details' && (
        <TestDetailsDialog testId={modal.testId} onClose={() => setModal(null)} />
      )}
      {modal?.kind === 'copy' && <CopyTestDialog test={modal.test} onClose={() => setModal(null)} />}
      {modal?.kind === 'assign' && (
        <UserMappingDialog
          target={{
            kind: 'test',
            testId: modal.test.testId,
            name: modal.test.name,
            status: modal.test.status,
          }}
          onClose={() => setModal(null)}
        />
      )}
      {modal?.kind === 'schedule' && (
        <ScheduleDialog
          target={{ kind: 'test', testId: modal.test.testId, name: modal.test.name }}
          forCurator={!can('AssignTest') && can('AssignTestForContentCurator')}
          onClose={() => setModal(null)}
        />
      )}
      {modal?.kind === 'preview' && (
        <TestPreviewDialog testId={modal.testId} onClose={() => setModal(null)} />
      )}
      {modal?.kind === 'analytics' && (
        <AnalyticsDialog testId={modal.test.testId} name={modal.test.name} onClose={() => setModal(null)} />
      )}
      {modal?.kind === 'omrSheet' && (
        <OmrSheetDialog testId={modal.test.testId} code={modal.test.code} onClose={() => setModal(null)} />
      )}
      {modal?.kind === 'omrUpload' && (
        <OmrUploadDialog
          testId={modal.test.testId}
          name={modal.test.name}
          onClose={() => setModal(null)}
          onQueue={() => setModal({ kind: 'omrQueue', test: modal.test })}
        />
      )}
      {modal?.kind === 'omrQueue' && (
        <OmrQueueDialog testId={modal.test.testId} name={modal.test.name} onClose={() => setModal(null)} />
      )}
    </Box>
  );
}

export { TestsPage as Component };
