import { hasPrivilege, Package } from '@assess/contracts/access';
import {
  studentMessages as m,
  STUDENT_GRID_HEIGHT,
  type StudentRow,
  StudentStatus,
  type StudentStatusValue,
} from '@assess/contracts/students';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridRowId } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { PagedGrid } from '../../components/PagedGrid';
import { useToast } from '../../components/Toast';
import { usePaging } from '../../components/usePaging';
import { useSignedInSession } from '../auth/session';
import { exportStudentsUrl } from '../student-import/exportStudents';
import { StudentImportDialog } from '../student-import/StudentImportDialog';
import { type ApprovalAction, ApprovalDialog } from './ApprovalDialog';
import { useAssignableCourses, useStudentList, useStudentLookups } from './api';
import { CloneDialog } from './CloneDialog';
import { studentIdentityColumns } from './columns';
import { StudentFormModal } from './StudentFormModal';

type Modal =
  | { kind: 'form'; userId: number | null }
  | { kind: 'clone' }
  | { kind: 'import' }
  | { kind: 'approval'; action: ApprovalAction; ids: number[] }
  | null;

/** Students (/admin/users): server-paged grid, filter, toolbar, approve/reject, clone, add/edit, import/export. */
/** The Full Name column, pinned left (a stable array: the grid re-pins when it changes). */
const PINNED_NAME = ['fullName'] as const;

export function StudentsPage() {
  const session = useSignedInSession();
  const toast = useToast();
  const p = session.privilegeObject;
  const can = (name: string) => hasPrivilege(p, 'Student', name);
  const [status, setStatus] = useState<StudentStatusValue>(StudentStatus.Active);
  const paging = usePaging();
  const [selected, setSelected] = useState<GridRowId[]>([]);
  const [bulk, setBulk] = useState<ApprovalAction>('accept');
  const [modal, setModal] = useState<Modal>(null);
  const list = useStudentList(status, paging.page, paging.pageSize);
  // the lookup lists and the test series load with the grid, in parallel, and stay cached
  useStudentLookups();
  useAssignableCourses();
  const pending = status === StudentStatus.Pending;
  const ids = selected.map(Number);
  const canUpdate = can('UpdateStudent');

  const columns = useMemo<GridColDef<StudentRow>[]>(
    () => [
      ...studentIdentityColumns,
      { field: 'state', headerName: 'State', width: 120 },
      { field: 'city', headerName: 'City', width: 110 },
      { field: 'parentMobile', headerName: 'Parent Mobile', width: 125 },
      { field: 'parentEmail', headerName: 'Parent Email', flex: 1, minWidth: 170 },
      {
        field: 'actions',
        headerName: 'Actions',
        width: 130,
        renderCell: ({ row }) => (
          <Box>
            {canUpdate && (
              <IconButton
                size="small"
                aria-label={`Edit ${row.fullName ?? row.email}`}
                onClick={() => setModal({ kind: 'form', userId: row.userId })}
              >
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            )}
            {!row.isActive && canUpdate && (
              <>
                <IconButton
                  size="small"
                  color="success"
                  aria-label={`Approve ${row.fullName ?? row.email}`}
                  onClick={() => setModal({ kind: 'approval', action: 'accept', ids: [row.userId] })}
                >
                  <CheckCircleOutlineIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  color="error"
                  aria-label={`Reject ${row.fullName ?? row.email}`}
                  onClick={() => setModal({ kind: 'approval', action: 'reject', ids: [row.userId] })}
                >
                  <HighlightOffIcon fontSize="small" />
                </IconButton>
              </>
            )}
          </Box>
        ),
      },
    ],
    [canUpdate],
  );

  if (!can('ViewStudent')) return <EmptyState message="Students not found" />;

  const onBulk = () => {
    if (!ids.length) return toast.warning(m.selectStudents);
    setModal({ kind: 'approval', action: bulk, ids });
  };

  return (
    <Box>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Students
        </Typography>
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          sx={{ width: 180, flexShrink: 0 }}
          onChange={(e) => {
            setStatus(e.target.value as StudentStatusValue);
            setSelected([]);
            paging.reset();
          }}
        >
          <MenuItem value={StudentStatus.Active}>Active</MenuItem>
          <MenuItem value={StudentStatus.Pending}>Pending</MenuItem>
        </TextField>
        {can('AddStudent') && (
          <>
            <Button variant="outlined" disabled={!ids.length} onClick={() => setModal({ kind: 'clone' })}>
              Clone
            </Button>
            <Button
              variant="outlined"
              component="a"
              href={exportStudentsUrl({ status })}
              download="StudentList.xlsx"
            >
              Export
            </Button>
            <Button
              variant="contained"
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              onClick={() => setModal({ kind: 'form', userId: null })}
            >
              + Add
            </Button>
          </>
        )}
        {can('ImportStudent') && (
          <Button
            variant="outlined"
            disabled={p.packageId === Package.Trial}
            onClick={() => setModal({ kind: 'import' })}
          >
            Import
          </Button>
        )}
      </Stack>
      {pending && can('UpdateStudent') && (
        <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center' }}>
          <RadioGroup
            row
            aria-label="Bulk action"
            value={bulk}
            onChange={(e) => setBulk(e.target.value as ApprovalAction)}
          >
            <FormControlLabel value="accept" control={<Radio size="small" />} label="Approve" />
            <FormControlLabel value="reject" control={<Radio size="small" />} label="Reject" />
          </RadioGroup>
          <Button size="small" variant="contained" onClick={onBulk}>
            Submit
          </Button>
        </Stack>
      )}
      <PagedGrid
        label="Students"
        list={list}
        columns={columns}
        getRowId={(r) => r.userId}
        height={STUDENT_GRID_HEIGHT}
        checkboxSelection
        selectedIds={selected}
        onSelectionChange={setSelected}
        hiddenColumns={{ state: false }}
        // the student's name stays in view beside the pinned actions when the grid scrolls sideways (1366 px)
        pinnedLeft={PINNED_NAME}
        {...paging}
      />
      {modal?.kind === 'form' && <StudentFormModal userId={modal.userId} onClose={() => setModal(null)} />}
      {modal?.kind === 'clone' && <CloneDialog studentIds={ids} onClose={() => setModal(null)} />}
      {modal?.kind === 'approval' && (
        <ApprovalDialog
          action={modal.action}
          studentIds={modal.ids}
          onClose={(done) => {
            setModal(null);
            if (done) setSelected([]);
          }}
        />
      )}
      <StudentImportDialog open={modal?.kind === 'import'} onClose={() => setModal(null)} />
    </Box>
  );
}

export { StudentsPage as Component };
