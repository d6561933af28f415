import {
  type SeriesListRow,
  seriesEditorMessages,
  seriesMessages,
  seriesRowRules,
} from '@assess/contracts/series';
import { testMessages } from '@assess/contracts/tests';
import Box from '@mui/material/Box';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { useToast } from '../../components/Toast';
import { isApiError } from '../../lib/api';
import { UserMappingDialog } from '../assignment/UserMappingDialog';
import { ScheduleDialog } from '../scheduling/ScheduleDialog';
import {
  CatalogueGrid,
  CatalogueToolbar,
  destructiveQuestion,
  useCataloguePage,
} from '../test-series-shared/listPage';
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
import { type SeriesRowHandlers, seriesColumns } from './list/seriesColumns';

type Modal = { kind: 'tests' | 'image' | 'assign' | 'schedule' | 'curator'; series: SeriesListRow } | null;

/** The assignment and schedule dialogs' target: the row's series. */
const targetOf = (s: SeriesListRow) =>
  ({ kind: 'series', courseId: s.courseId, name: s.name, status: s.status }) as const;

/**
 * Test Series (/admin/testSeries, part 3 §2 "Test series list"): the All / Owned / Subscribed toggle, '+ New'
 * (the package limit checked first), and the server-paged grid whose row actions follow the row rules of §4
 * (the same function the server enforces).
 */
export function TestSeriesPage() {
  const { can, caller, run, ask, state: catalogue } = useCataloguePage('TestSeries', 'courses');
  const { contentFilter, paging } = catalogue;
  const navigate = useNavigate();
  const toast = useToast();
  const [modal, setModal] = useState<Modal>(null);
  const [checkingLimit, setCheckingLimit] = useState(false);
  const list = useSeriesList({ contentFilter, pageNumber: paging.page, pageSize: paging.pageSize });
  const publish = usePublishSeries();
  const play = usePlaySeries();
  const remove = useDeleteSeries();
  const clean = useCleanSeriesData();

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
      publish: (row) =>
        void ask(
          { title: 'Publish test series', message: seriesMessages.confirmPublish, confirmText: 'Publish' },
          () => publish.mutateAsync(row.courseId),
        ),
      delete: (row) =>
        void ask(destructiveQuestion(seriesMessages.confirmDelete, 'Delete'), () =>
          remove.mutateAsync(row.courseId),
        ),
      cleanData: (row) =>
        void ask(destructiveQuestion(seriesMessages.confirmCleanup, 'Clean'), () =>
          clean.mutateAsync(row.courseId),
        ),
    };
  }, [
    run,
    ask,
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

  const grid = useMemo(() => seriesColumns(caller, handlers), [caller, handlers]);

  const close = () => setModal(null);
  if (!can('ViewTestSeries')) return <EmptyState message={testMessages.dataNotFound} />;

  return (
    <Box>
      <CatalogueToolbar
        label="Test series shown"
        state={catalogue}
        onNew={can('CreateTestSeries') ? () => void newSeries() : null}
        newDisabled={checkingLimit}
      />
      <CatalogueGrid
        label="Test series"
        list={list}
        grid={grid}
        state={catalogue}
        selectable={can('UpdateTestSeries')}
      />
      {modal?.kind === 'tests' && <SeriesTestsDialog series={modal.series} onClose={close} />}
      {modal?.kind === 'image' && <SeriesImageDialog series={modal.series} onClose={close} />}
      {modal?.kind === 'assign' && <UserMappingDialog target={targetOf(modal.series)} onClose={close} />}
      {(modal?.kind === 'schedule' || modal?.kind === 'curator') && (
        <ScheduleDialog
          target={targetOf(modal.series)}
          forCurator={modal.kind === 'curator'}
          onClose={close}
        />
      )}
    </Box>
  );
}

export { TestSeriesPage as Component };
