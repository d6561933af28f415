import { hasPrivilege } from '@assess/contracts/access';
import { ContentFilter, type ContentFilterId } from '@assess/contracts/questions';
import {
  type SeriesListRow,
  type SeriesRowCaller,
  seriesEditorMessages,
  seriesMessages,
  seriesRowRules,
} from '@assess/contracts/series';
import { testMessages } from '@assess/contracts/tests';
import Box from '@mui/material/Box';
import type { GridRowId } from '@mui/x-data-grid';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../components/Confirm';
import { EmptyState } from '../../components/EmptyState';
import { useListPaging } from '../../components/listPaging';
import { useToast } from '../../components/Toast';
import { isApiError } from '../../lib/api';
import { UserMappingDialog } from '../assignment/UserMappingDialog';
import { useSignedInSession } from '../auth/session';
import { ScheduleDialog } from '../scheduling/ScheduleDialog';
import { CatalogueGrid, CatalogueToolbar, useRowWrite } from '../test-series-shared/listPage';
import {
  fetchSeriesCount,
  useCleanSeriesData,
  useDeleteSeries,
  usePlaySeries,
  usePublishSeries,
  useSeriesList,
} from './list/api';
import { SeriesImageDialog } from './list/SeriesImageDialog';
import { SeriesTestsDialog } from './list/SeriesTestsDialog';
import { SERIES_LOCKED_CELL, type SeriesRowHandlers, seriesColumns } from './list/seriesColumns';

type Modal = { kind: 'tests' | 'image' | 'assign' | 'schedule' | 'curator'; series: SeriesListRow } | null;

/**
 * Test Series (/admin/testSeries, part 3 §2 "Test series list"): the All / Owned / Subscribed toggle, '+ New'
 * (the package limit checked first), and the server-paged grid whose row actions follow the row rules of §4
 * (the same function the server enforces).
 */
export function TestSeriesPage() {
  const session = useSignedInSession();
  const p = session.privilegeObject;
  const can = (name: string) => hasPrivilege(p, 'TestSeries', name);
  const navigate = useNavigate();
  const toast = useToast();
  const run = useRowWrite();
  const confirm = useConfirm();
  const paging = useListPaging('courses');
  const [contentFilter, setContentFilter] = useState<ContentFilterId>(ContentFilter.All);
  const [selected, setSelected] = useState<GridRowId[]>([]);
  const [modal, setModal] = useState<Modal>(null);
  const [checkingLimit, setCheckingLimit] = useState(false);
  const list = useSeriesList({ contentFilter, pageNumber: paging.page, pageSize: paging.pageSize });
  const publish = usePublishSeries();
  const play = usePlaySeries();
  const remove = useDeleteSeries();
  const clean = useCleanSeriesData();

  const caller = useMemo<SeriesRowCaller>(
    () => ({
      providerId: session.userDetails.providerId,
      userId: session.userDetails.userId,
      privileges: p.privileges,
    }),
    [session, p],
  );

  const handlers = useMemo<SeriesRowHandlers>(() => {
    const open = (kind: NonNullable<Modal>['kind']) => (series: SeriesListRow) => setModal({ kind, series });
    return {
      play: (row) => void run(() => play.mutateAsync(row.courseId)),
      edit: (row) => {
        const isDisabled = seriesRowRules(row, caller).editReadOnly;
        navigate(`/admin/course?courseId=${row.courseId}`, { state: { courseId: row.courseId, isDisabled } });
      },
      uploadImage: open('image'),
      viewTests: open('tests'),
      assign: open('assign'),
      schedule: open('schedule'),
      scheduleForCurator: open('curator'),
      publish: async (row) => {
        const ok = await confirm({
          title: 'Publish test series',
          message: seriesMessages.confirmPublish,
          confirmText: 'Publish',
        });
        if (ok) await run(() => publish.mutateAsync(row.courseId));
      },
      delete: async (row) => {
        const ok = await confirm({
          message: seriesMessages.confirmDelete,
          destructive: true,
          confirmText: 'Delete',
        });
        if (ok) await run(() => remove.mutateAsync(row.courseId));
      },
      cleanData: async (row) => {
        const ok = await confirm({
          message: seriesMessages.confirmCleanup,
          destructive: true,
          confirmText: 'Clean',
        });
        if (ok) await run(() => clean.mutateAsync(row.courseId));
      },
    };
  }, [
    run,
    confirm,
    navigate,
    caller,
    play.mutateAsync,
    publish.mutateAsync,
    remove.mutateAsync,
    clean.mutateAsync,
  ]);

  /** '+ New' (§5 "New test series limit"): the server counts; at the limit the spec's message, no navigation. */
  const newSeries = async () => {
    setCheckingLimit(true);
    try {
      const { limitMessage } = await fetchSeriesCount();
      if (limitMessage) toast.error(limitMessage, { duration: 6000 });
      else navigate('/admin/course');
    } catch (e) {
      toast.error(isApiError(e) && e.status !== 0 ? e.message : seriesEditorMessages.errorOccured);
    } finally {
      setCheckingLimit(false);
    }
  };

  const columns = useMemo(() => seriesColumns(caller, handlers), [caller, handlers]);
  const selectable = useCallback(
    (row: SeriesListRow) => seriesRowRules(row, caller).select.enabled,
    [caller],
  );
  const changeFilter = (v: ContentFilterId) => {
    setContentFilter(v);
    setSelected([]);
    paging.reset();
  };

  if (!can('ViewTestSeries')) return <EmptyState message={testMessages.dataNotFound} />;

  return (
    <Box>
      <CatalogueToolbar
        label="Test series shown"
        contentFilter={contentFilter}
        onContentFilter={changeFilter}
        onNew={can('CreateTestSeries') ? () => void newSeries() : null}
        newDisabled={checkingLimit}
      />
      <CatalogueGrid
        label="Test series"
        lockedClass={SERIES_LOCKED_CELL}
        list={list}
        columns={columns}
        getRowId={(r) => r.courseId}
        selectable={can('UpdateTestSeries')}
        selected={selected}
        onSelected={setSelected}
        isRowSelectable={selectable}
        paging={paging}
      />
      {modal?.kind === 'tests' && <SeriesTestsDialog series={modal.series} onClose={() => setModal(null)} />}
      {modal?.kind === 'image' && <SeriesImageDialog series={modal.series} onClose={() => setModal(null)} />}
      {modal?.kind === 'assign' && (
        <UserMappingDialog
          target={{
            kind: 'series',
            courseId: modal.series.courseId,
            name: modal.series.name,
            status: modal.series.status,
          }}
          onClose={() => setModal(null)}
        />
      )}
      {(modal?.kind === 'schedule' || modal?.kind === 'curator') && (
        <ScheduleDialog
          target={{ kind: 'series', courseId: modal.series.courseId, name: modal.series.name }}
          forCurator={modal.kind === 'curator'}
          onClose={() => setModal(null)}
        />
      )}
    </Box>
  );
}

export { TestSeriesPage as Component };
