import {
  studentMessages as m,
  STUDENT_GRID_HEIGHT,
  type StudentRow,
  StudentStatus,
} from '@assess/contracts/students';
import Radio from '@mui/material/Radio';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useState } from 'react';
import { AppModal } from '../../components/AppModal';
import { PagedGrid } from '../../components/PagedGrid';
import { useToast } from '../../components/Toast';
import { useCloseAfterSuccess } from '../../components/useCloseAfterSuccess';
import { usePaging } from '../../components/usePaging';
import { isApiError } from '../../lib/api';
import { useCloneTestData, useStudentList } from './api';
import { studentIdentityColumns } from './columns';

/** The clone dialog closes 2 s after success (part 1 §8 "Clone"). */
const CLONE_CLOSE_MS = 2000;

/** 'Clone Student': choose (radio) the student whose test data is copied to each selected student. */
export function CloneDialog({ studentIds, onClose }: { studentIds: number[]; onClose: () => void }) {
  const toast = useToast();
  const paging = usePaging();
  const list = useStudentList(StudentStatus.Active, paging.page, paging.pageSize);
  const clone = useCloneTestData();
  const [from, setFrom] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const closeLater = useCloseAfterSuccess(onClose, CLONE_CLOSE_MS);

  const columns: GridColDef<StudentRow>[] = [
    {
      field: 'choose',
      headerName: '',
      width: 60,
      renderCell: ({ row }) => (
        <Radio
          size="small"
          checked={from === row.userId}
          onChange={() => setFrom(row.userId)}
          slotProps={{ input: { 'aria-label': `Clone from ${row.fullName ?? row.email}` } }}
        />
      ),
    },
    ...studentIdentityColumns,
  ];

  const run = async () => {
    if (from === null) return;
    if (studentIds.includes(from)) return toast.warning(m.cloneSameUser);
    try {
      const r = await clone.mutateAsync({ fromStudentId: from, studentIds });
      toast.success(r.message);
      setDone(true);
      closeLater();
    } catch (e) {
      toast.error(isApiError(e) ? e.message : m.cloneError, { duration: 5000 });
    }
  };

  return (
    <AppModal
      open
      onClose={onClose}
      title="Clone Student"
      maxWidth="lg"
      okText="Clone"
      onOk={run}
      okDisabled={from === null || done}
      okLoading={clone.isPending}
      disableClose={clone.isPending}
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        Choose the student whose test data is copied to the {studentIds.length} selected student(s).
      </Typography>
      <PagedGrid
        label="Clone from student"
        list={list}
        columns={columns}
        getRowId={(r) => r.userId}
        height={STUDENT_GRID_HEIGHT}
        {...paging}
      />
    </AppModal>
  );
}
