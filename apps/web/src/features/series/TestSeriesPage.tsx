import { hasPrivilege } from '@assess/contracts/access';
import { ContentFilter, type ContentFilterId, contentFilterNames } from '@assess/contracts/questions';
import {
  type SeriesListRow,
  type SeriesRowCaller,
  seriesEditorMessages,
  seriesMessages,
  seriesRowRules,
} from '@assess/contracts/series';
import { testMessages } from '@assess/contracts/tests';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridRowId } from '@mui/x-data-grid';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../components/Confirm';
import { EmptyState } from '../../components/EmptyState';
import { useListPaging } from '../../components/listPaging';
import { PagedGrid } from '../../components/PagedGrid';
import { useToast } from '../../components/Toast';
import { isApiError } from '../../lib/api';
import { UserMappingDialog } from '../assignment/UserMappingDialog';
import { useSignedInSession } from '../auth/session';
import { ScheduleDialog } from '../scheduling/ScheduleDialog';
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
const contentFilters: ContentFilterId[] = [ContentFilter.All, ContentFilter.Owned, ContentFilter.Subscribed];
const phoneHidden = { providerName: false, difficultyLevel: false, objective: false, targetAudience: false };

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
  const confirm = useConfirm();
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
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
    /** Runs a write and reports the server's message; on failure the server's body is the error toast (§8). */
    const run = async (work: () => Promise<{ message: string }>) => {
      try {
        toast.success((await work()).message);
      } catch (e) {
        toast.error(isApiError(e) && e.status !== 0 ? e.message : testMessages.errorOccured, {
          duration: 5000,
        });
      }
    };
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
    toast,
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
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { xs: 'stretch', md: 'center' } }}
      >
        <Box sx={{ flexGrow: 1 }} />
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          aria-label="Test series shown"
          value={contentFilter}
          onChange={(_e, v: ContentFilterId | null) => v !== null && changeFilter(v)}
        >
          {contentFilters.map((f) => (
            <ToggleButton key={f} value={f} sx={{ px: 2, flex: { xs: 1, md: 'none' } }}>
              {contentFilterNames[f]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {can('CreateTestSeries') && (
          <Button variant="contained" onClick={() => void newSeries()} disabled={checkingLimit}>
            + New
          </Button>
        )}
      </Stack>
      <Box
        sx={{
          [`& .${SERIES_LOCKED_CELL}`]: { bgcolor: 'action.disabledBackground', color: 'text.secondary' },
        }}
      >
        <PagedGrid
          label="Test series"
          rows={list.data?.items ?? []}
          columns={columns}
          rowCount={list.data?.totalCount ?? 0}
          getRowId={(r) => r.courseId}
          loading={list.isFetching}
          height={650}
          checkboxSelection={can('UpdateTestSeries')}
          selectedIds={selected}
          onSelectionChange={setSelected}
          isRowSelectable={selectable}
          emptyMessage={list.isError ? list.error.message : testMessages.dataNotFound}
          hiddenColumns={phone ? phoneHidden : undefined}
          page={paging.page}
          pageSize={paging.pageSize}
          onPagingChange={paging.onPagingChange}
        />
      </Box>
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
