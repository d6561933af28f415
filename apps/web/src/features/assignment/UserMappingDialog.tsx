import {
  type AssignedStudent,
  dialogTitle,
  assignmentMessages as m,
  UserSubscription,
} from '@assess/contracts/assignment';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridRowId } from '@mui/x-data-grid';
import { type ReactNode, useMemo, useState } from 'react';
import { AppModal, PagedGrid, useConfirm, useToast } from '../../components';
import { useDebounced } from '../../components/useDebounced';
import { usePaging } from '../../components/usePaging';
import { isApiError } from '../../lib/api';
import { AccommodationDialog } from './AccommodationDialog';
import { mappingStudentColumns } from './AssignedStudents';
import {
  type MappingKey,
  useAssign,
  useAssigned,
  useAvailable,
  useRemoveStudent,
  useSubscription,
} from './api';

/**
 * Test User Mapping / Course User Mapping (issue 14; part 3 §2): the students assigned (paged, searched; remove
 * per the §4 rule; a series' subscription toggle; a test's accommodation) and the students available (paged,
 * searched; bulk assign). Opened by the tests list and the test series list.
 */
export type MappingTarget =
  | { kind: 'test'; testId: number; name: string; status: number }
  | { kind: 'series'; courseId: number; name: string; status: number };

const errorText = (e: unknown, fallback: string) =>
  isApiError(e) && e.status !== 0 && e.status < 500 ? e.message : fallback;

function SearchField({ label, onChange }: { label: string; onChange: (v: string) => void }) {
  return (
    <TextField
      size="small"
      type="search"
      label={label}
      placeholder="Name, user name, e-mail or mobile"
      onChange={(e) => onChange(e.target.value)}
      sx={{ width: { xs: '100%', sm: 320 }, flexShrink: 0 }}
    />
  );
}

const studentColumns = mappingStudentColumns;

/** The dialog's two student grids: a row is a student (by userId), 370 px high. */
const studentGrid = { getRowId: (r: { userId: number }) => r.userId, height: 370 };

/** A list's heading in the dialog (its name and how many students it holds) with its search beside it. */
function ListHead({
  title,
  count,
  children,
}: {
  title: string;
  count: number | undefined;
  children: ReactNode;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
    >
      <Typography variant="h6" component="h2" sx={{ whiteSpace: 'nowrap' }}>
        {title} ({count ?? 0})
      </Typography>
      {children}
    </Stack>
  );
}

export function UserMappingDialog({ target, onClose }: { target: MappingTarget; onClose: () => void }) {
  const key: MappingKey =
    target.kind === 'test' ? { kind: 'test', id: target.testId } : { kind: 'series', id: target.courseId };
  const toast = useToast();
  const confirm = useConfirm();
  const assignedPaging = usePaging();
  const availablePaging = usePaging();
  const [assignedSearch, setAssignedSearch] = useState('');
  const [availableSearch, setAvailableSearch] = useState('');
  const aq = useDebounced(assignedSearch, 300);
  const vq = useDebounced(availableSearch, 300);
  const assigned = useAssigned(key, {
    pageNumber: assignedPaging.page,
    pageSize: assignedPaging.pageSize,
    search: aq || undefined,
  });
  const available = useAvailable(key, {
    pageNumber: availablePaging.page,
    pageSize: availablePaging.pageSize,
    search: vq || undefined,
  });
  const assign = useAssign(key);
  const remove = useRemoveStudent(key);
  const subscription = useSubscription(key);
  const [selected, setSelected] = useState<GridRowId[]>([]);
  const [accommodating, setAccommodating] = useState<AssignedStudent | null>(null);
  const removeIssue = assigned.data?.removeIssue ?? null;

  const doAssign = () =>
    assign.mutate(selected.map(Number), {
      onSuccess: (r) => {
        toast.success(r.message);
        setSelected([]);
      },
      // the spec shows the licence message on a bulk-assign failure; a refusal of ours names its reason
      onError: (e) =>
        toast.error(
          isApiError(e) && e.status === 403 && e.message !== m.needLicence ? e.message : m.needLicence,
        ),
    });

  const assignedColumns = useMemo<GridColDef<AssignedStudent>[]>(() => {
    const cols: GridColDef<AssignedStudent>[] = [...(studentColumns as GridColDef<AssignedStudent>[])];
    if (target.kind === 'test') {
      cols.push(
        { field: 'extraAttempts', headerName: 'Extra attempts', width: 120, type: 'number' },
        { field: 'extraMinutes', headerName: 'Extra minutes', width: 120, type: 'number' },
      );
    } else {
      cols.push({
        field: 'userSubscriptionStatus',
        headerName: 'Subscribed',
        width: 110,
        sortable: false,
        renderCell: ({ row }) => (
          <Switch
            size="small"
            checked={row.userSubscriptionStatus === UserSubscription.Subscribed}
            slotProps={{ input: { 'aria-label': `Subscription of ${row.fullName ?? row.userName}` } }}
            onChange={(_e, on) =>
              subscription.mutate(
                {
                  userId: row.userId,
                  userSubscriptionStatus: on ? UserSubscription.Subscribed : UserSubscription.Unsubscribed,
                },
                {
                  onSuccess: (r) => toast.success(r.message),
                  onError: (e) => toast.error(errorText(e, 'Error occured')),
                },
              )
            }
          />
        ),
      });
    }
    cols.push({
      field: 'actions',
      headerName: 'Actions',
      width: target.kind === 'test' ? 100 : 80,
      sortable: false,
      renderCell: ({ row }) => {
        const who = row.fullName ?? row.userName;
        // a student who has the test through a series leaves it with the series (the server refuses it too)
        const rowIssue =
          removeIssue ?? (target.kind === 'test' && row.viaCourseId !== null ? m.removeViaSeries : null);
        return (
          <Box sx={{ display: 'flex' }}>
            {target.kind === 'test' && (
              <Tooltip title={`Extra attempts and time for ${who}`} disableInteractive>
                <IconButton
                  size="small"
                  aria-label={`Extra attempts and time for ${who}`}
                  onClick={() => setAccommodating(row)}
                >
                  <TuneIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            <Tooltip title={rowIssue ?? `Remove ${who}`} disableInteractive>
              <span>
                <IconButton
                  size="small"
                  aria-label={`Remove ${who}`}
                  disabled={rowIssue !== null}
                  onClick={async () => {
                    const ok = await confirm({
                      message: `Remove ${who} from ${target.name}?`,
                      destructive: true,
                      confirmText: 'Remove',
                    });
                    if (ok)
                      remove.mutate(row.userId, {
                        onSuccess: (r) => toast.success(r.message),
                        onError: (e) => toast.error(errorText(e, 'Error occured')),
                      });
                  }}
                >
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
        );
      },
    });
    return cols;
  }, [target.kind, target.name, removeIssue, subscription, remove, toast, confirm]);

  return (
    <AppModal
      open
      onClose={onClose}
      maxWidth="lg"
      title={target.kind === 'test' ? dialogTitle.test(target.name) : dialogTitle.series(target.name)}
    >
      <Stack spacing={2}>
        <ListHead title="Assigned students" count={assigned.data?.totalCount}>
          <SearchField
            label="Search assigned"
            onChange={(v) => {
              setAssignedSearch(v);
              assignedPaging.reset();
            }}
          />
        </ListHead>
        {removeIssue && (
          <Typography variant="body2" color="text.secondary">
            {removeIssue}
          </Typography>
        )}
        <PagedGrid
          label="Assigned students"
          list={assigned}
          columns={assignedColumns}
          {...studentGrid}
          {...assignedPaging}
        />
        <ListHead title="Available students" count={available.data?.totalCount}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <SearchField
              label="Search available"
              onChange={(v) => {
                setAvailableSearch(v);
                availablePaging.reset();
              }}
            />
            <Button variant="contained" disabled={!selected.length || assign.isPending} onClick={doAssign}>
              Assign ({selected.length})
            </Button>
          </Stack>
        </ListHead>
        <PagedGrid
          label="Available students"
          list={available}
          columns={studentColumns}
          {...studentGrid}
          checkboxSelection
          selectedIds={selected}
          onSelectionChange={setSelected}
          {...availablePaging}
        />
      </Stack>
      {accommodating && target.kind === 'test' && (
        <AccommodationDialog
          testId={target.testId}
          student={accommodating}
          onClose={() => setAccommodating(null)}
        />
      )}
    </AppModal>
  );
}
