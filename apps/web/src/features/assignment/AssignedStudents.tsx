import type { AssignedStudent, MappingStudent } from '@assess/contracts/assignment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { PagedGrid, usePaging } from '../../components';
import { type MappingKey, useAssigned } from './api';

/** A student as the assignment grids show one: Name, User Name, Email, Mobile. */
export const mappingStudentColumns: GridColDef<MappingStudent>[] = [
  { field: 'fullName', headerName: 'Name', flex: 1, minWidth: 150 },
  { field: 'userName', headerName: 'User Name', flex: 1, minWidth: 170 },
  { field: 'email', headerName: 'Email', flex: 1, minWidth: 170 },
  { field: 'mobile', headerName: 'Mobile', width: 120 },
];

/**
 * Who is assigned to a test or series, read-only: a heading with the count and the server-paged grid of the
 * user-mapping dialog's Assigned students (the same endpoint, so an assignment made in the dialog shows here).
 */
export function AssignedStudents({ target }: { target: MappingKey }) {
  const paging = usePaging();
  const assigned = useAssigned(target, { pageNumber: paging.page, pageSize: paging.pageSize });
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Assigned students ({assigned.data?.totalCount ?? 0})
      </Typography>
      <PagedGrid<AssignedStudent>
        label="Assigned students"
        list={assigned}
        columns={mappingStudentColumns as GridColDef<AssignedStudent>[]}
        getRowId={(r) => r.userId}
        height={370}
        {...paging}
      />
    </Stack>
  );
}
