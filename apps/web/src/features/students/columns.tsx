import { gridFullName, type StudentRow } from '@assess/contracts/students';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';

/**
 * The columns the students grid and the clone screen share (part 1 §2): Full Name (22 characters, the whole
 * name in a tooltip), Class, Board, Email, Mobile No.
 */
export const studentIdentityColumns: GridColDef<StudentRow>[] = [
  {
    field: 'fullName',
    headerName: 'Full Name',
    flex: 1,
    minWidth: 170,
    renderCell: ({ row }) => (
      <Tooltip title={row.fullName ?? ''}>
        <span>{gridFullName(row.fullName)}</span>
      </Tooltip>
    ),
  },
  { field: 'class', headerName: 'Class', width: 70 },
  { field: 'board', headerName: 'Board', width: 100 },
  { field: 'email', headerName: 'Email', flex: 1, minWidth: 190 },
  { field: 'mobile', headerName: 'Mobile No', width: 115 },
];
