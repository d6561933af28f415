import { difficultyNames, questionStatusNames, questionTypeNames } from '@assess/contracts/questions';
import { sectionOwnMessages as own, type PickerRow } from '@assess/contracts/sections';
import { sectionMessages as m } from '@assess/contracts/tests';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef, GridRowId } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { AppModal } from '../../components/AppModal';
import { PagedGrid } from '../../components/PagedGrid';
import { useToast } from '../../components/Toast';
import { isApiError } from '../../lib/api';
import { useQuestionLookups, useTree } from '../question-bank/api';
import { QuestionFiltersBar } from '../question-bank/grid/QuestionFiltersBar';
import type { QuestionFilters } from '../question-bank/grid/QuestionGrid';
import { useAddQuestions, usePicker } from './api';
import { questionTextColumn } from './questionTextColumn';

const columns: GridColDef<PickerRow>[] = [
  { field: 'code', headerName: 'Code', width: 130 },
  questionTextColumn<PickerRow>(),
  { field: 'providerName', headerName: 'Provider', width: 160 },
  {
    field: 'questionType',
    headerName: 'Type',
    width: 100,
    valueGetter: (_v, r) => questionTypeNames[r.questionType],
  },
  { field: 'status', headerName: 'Status', width: 95, valueGetter: (_v, r) => questionStatusNames[r.status] },
  {
    field: 'difficultyLevel',
    headerName: 'Difficulty',
    width: 95,
    valueGetter: (_v, r) => difficultyNames[r.difficultyLevel],
  },
  {
    field: 'inSection',
    headerName: 'In section',
    width: 105,
    renderCell: ({ row }) =>
      row.inSection ? <Chip size="small" label="Added" color="success" variant="outlined" /> : null,
  },
];

/**
 * The question picker (part 3 §7 questionsByTopics): the question bank's grid of own and subscribed questions
 * with the list's filters (topic, type, status, ...), server-paged; the selection, kept across pages, is added
 * to the section in one request. Questions already in the section cannot be picked again.
 */
export function PickerDialog({
  testId,
  poolId,
  sectionName,
  allowed,
  held,
  onClose,
}: {
  testId: number;
  poolId: number;
  sectionName: string;
  /** The section's Number of Questions Allowed and the fixed questions it holds: the room left caps the picks. */
  allowed: number;
  held: number;
  onClose: () => void;
}) {
  const toast = useToast();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const tree = useTree(0);
  const lookups = useQuestionLookups();
  const [filters, setFilters] = useState<QuestionFilters>({ contentFilter: 0 });
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [selected, setSelected] = useState<GridRowId[]>([]);
  const [error, setError] = useState<string | null>(null);
  const query = useMemo(
    () => ({ ...filters, pageNumber: paging.page, pageSize: paging.pageSize }),
    [filters, paging],
  );
  const page = usePicker(testId, poolId, query);
  const add = useAddQuestions(testId);
  const room = Math.max(allowed - held, 0);
  const overAllowed = selected.length > room;

  const onFilters = (next: QuestionFilters) => {
    setFilters(next);
    setPaging((p) => ({ ...p, page: 1 }));
  };

  const submit = async () => {
    setError(null);
    try {
      const res = await add.mutateAsync({ poolId, questionIds: selected.map(Number) });
      toast.success(res.message);
      onClose();
    } catch (e) {
      setError(isApiError(e) && e.status !== 0 ? e.message : m.errorOccured);
    }
  };

  return (
    <AppModal
      open
      onClose={onClose}
      title={`Add questions to ${sectionName}`}
      maxWidth="xl"
      fullScreen={phone}
      disableClose={add.isPending}
      showCancel
      actions={
        <Button
          variant="contained"
          disabled={!selected.length || overAllowed || add.isPending}
          onClick={() => void submit()}
        >
          {selected.length ? `Add ${selected.length} selected` : 'Add selected'}
        </Button>
      }
    >
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {(overAllowed || room === 0) && !error && (
        <Alert severity="warning" sx={{ mb: 2 }} role="alert">
          {own.moreThanAllowed(allowed, held)}
        </Alert>
      )}
      <QuestionFiltersBar
        value={filters}
        onChange={onFilters}
        nodes={tree.data?.nodes ?? []}
        objectives={lookups.data?.objective}
        targetAudiences={lookups.data?.targetAudience}
      />
      <PagedGrid
        label="Questions to add"
        list={page}
        columns={columns}
        getRowId={(r) => r.questionId}
        height={phone ? 500 : 650}
        checkboxSelection
        selectedIds={selected}
        onSelectionChange={setSelected}
        isRowSelectable={(r) => !r.inSection}
        emptyMessage={page.isError ? page.error.message : 'Questions not found'}
        hiddenColumns={phone ? { providerName: false, difficultyLevel: false } : undefined}
        page={paging.page}
        pageSize={paging.pageSize}
        onPagingChange={setPaging}
      />
    </AppModal>
  );
}
