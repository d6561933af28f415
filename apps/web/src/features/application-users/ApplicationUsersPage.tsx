import { checkLicenceLimit, hasPrivilege } from '@assess/contracts/access';
import { type ApplicationUserRow, applicationUserMessages as m } from '@assess/contracts/application-users';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { EmptyState, PagedGrid, useConfirm, usePaging, useToast } from '../../components';
import { isApiError } from '../../lib/api';
import { useSignedInSession } from '../auth/session';
import { useApplicationUserList, useDeleteApplicationUser } from './api';
import { LICENCE_TOAST_MS, UserFormModal } from './UserFormModal';

/** Application Users (/admin/applicationUsers), issue 17: staff of the provider, add / edit / delete. */
export function ApplicationUsersPage() {
  const session = useSignedInSession();
  const p = session.privilegeObject;
  const selfId = session.userDetails.userId;
  const canView = hasPrivilege(p, 'User', 'ViewUser');
  const canAdd = hasPrivilege(p, 'User', 'AddUser');
  const canUpdate = hasPrivilege(p, 'User', 'UpdateUser');
  const canDelete = hasPrivilege(p, 'User', 'CloseUser');
  const paging = usePaging();
  const list = useApplicationUserList(paging.page, paging.pageSize, canView);
  const remove = useDeleteApplicationUser();
  const confirm = useConfirm();
  const toast = useToast();
  const [editing, setEditing] = useState<{ userId: number | null } | null>(null);

  const columns = useMemo<GridColDef<ApplicationUserRow>[]>(() => {
    const onDelete = async (row: ApplicationUserRow) => {
      if (!(await confirm({ message: m.deleteConfirm, confirmText: 'Delete', destructive: true }))) return;
      remove.mutate(row.userId, {
        onSuccess: (res) => toast.success(res.message),
        onError: (e) => toast.error(isApiError(e) && e.status !== 0 ? e.message : m.deleteFailed),
      });
    };
    return [
      { field: 'userName', headerName: 'User Name', minWidth: 200, flex: 1.3 },
      { field: 'firstName', headerName: 'First Name', minWidth: 110, flex: 0.8 },
      { field: 'lastName', headerName: 'Last Name', minWidth: 110, flex: 0.8 },
      { field: 'email', headerName: 'Email', minWidth: 200, flex: 1.3 },
      { field: 'mobile', headerName: 'Mobile', width: 115 },
      { field: 'roleName', headerName: 'Role', minWidth: 130, flex: 0.8 },
      {
        field: 'actions',
        headerName: 'Actions',
        width: 100,
        renderCell: ({ row }) => {
          const who = `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() || row.userName;
          return (
            <Box>
              {canUpdate && (
                <IconButton
                  size="small"
                  aria-label={`Edit ${who}`}
                  onClick={() => setEditing({ userId: row.userId })}
                >
                  <EditOutlinedIcon fontSize="small" />
                </IconButton>
              )}
              {canDelete && row.userId !== selfId && (
                <IconButton
                  size="small"
                  color="error"
                  aria-label={`Delete ${who}`}
                  onClick={() => onDelete(row)}
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              )}
            </Box>
          );
        },
      },
    ];
  }, [canUpdate, canDelete, selfId, confirm, remove, toast]);

  // At the ApplicationUsers cap, "+ Add" says so before any form is filled (the server refuses a create anyway).
  const onAdd = () => {
    const over = list.data
      ? checkLicenceLimit(session.licenseObject, 'ApplicationUsers', list.data.totalCount)
      : null;
    if (over) return toast.warning(over, { duration: LICENCE_TOAST_MS });
    setEditing({ userId: null });
  };

  if (!canView) return <EmptyState message={m.noViewPrivilege} />;

  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Application Users
        </Typography>
        {canAdd && (
          <Button variant="contained" onClick={onAdd} sx={{ whiteSpace: 'nowrap' }}>
            + Add
          </Button>
        )}
      </Stack>
      <PagedGrid
        label="Application Users"
        list={list}
        columns={columns}
        getRowId={(r) => r.userId}
        {...paging}
      />
      {editing && <UserFormModal userId={editing.userId} onClose={() => setEditing(null)} />}
    </Box>
  );
}

export { ApplicationUsersPage as Component };
