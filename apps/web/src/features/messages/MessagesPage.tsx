import { hasPrivilege } from '@assess/contracts/access';
import { interestLabel, notificationMessages as m, type NotificationRow } from '@assess/contracts/messages';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useConfirm } from '../../components/Confirm';
import { DateTime } from '../../components/DateTime';
import { EmptyState } from '../../components/EmptyState';
import { PagedGrid } from '../../components/PagedGrid';
import { useToast } from '../../components/Toast';
import { usePaging } from '../../components/usePaging';
import { isApiError } from '../../lib/api';
import { useSignedInSession } from '../auth/session';
import { useDeleteNotification, useNotifications } from './api';
import { NotificationFormModal } from './NotificationFormModal';

/** "12 sent · 1 failed · 3 pending" for the delivery column. */
function Delivery({ row }: { row: NotificationRow }) {
  const s = row.summary;
  if (!row.dispatched) return <>{row.status === 'Schedule' ? '-' : 'Sending…'}</>;
  if (s.recipients === 0) return <>No recipients</>;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap' }}
      title={`${s.recipients} recipient(s); counts are per recipient and channel`}
    >
      <Chip size="small" color="success" variant="outlined" label={`${s.sent} sent`} />
      {s.failed > 0 && <Chip size="small" color="error" variant="outlined" label={`${s.failed} failed`} />}
      {s.pending > 0 && <Chip size="small" variant="outlined" label={`${s.pending} pending`} />}
      {s.notConfigured > 0 && (
        <Chip size="small" variant="outlined" label={`${s.notConfigured} not configured`} />
      )}
    </Box>
  );
}

/** Messages page (/admin/notifications), issue 6: grid, delivery summary, add / edit / delete. */
export function MessagesPage() {
  const session = useSignedInSession();
  const p = session.privilegeObject;
  const paging = usePaging();
  const list = useNotifications(paging.page, paging.pageSize);
  const remove = useDeleteNotification();
  const confirm = useConfirm();
  const toast = useToast();
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const canView = hasPrivilege(p, 'Message', 'ViewMessage');
  const canAdd = hasPrivilege(p, 'Message', 'AddMessage');
  const canUpdate = hasPrivilege(p, 'Message', 'UpdateMessage');
  const canDelete = hasPrivilege(p, 'Message', 'DeleteMessage');

  const columns = useMemo<GridColDef<NotificationRow>[]>(
    () => [
      { field: 'title', headerName: 'Title', flex: 1.4, minWidth: 140 },
      {
        field: 'sendDateTime',
        headerName: 'Schedule Date',
        minWidth: 190,
        renderCell: ({ row }) => <DateTime value={row.sendDateTime} />,
      },
      {
        field: 'interestSpecific',
        headerName: 'Interest',
        minWidth: 150,
        valueGetter: (_v, row) => interestLabel(row.interestSpecific),
      },
      { field: 'channels', headerName: 'Notification', minWidth: 140 },
      { field: 'status', headerName: 'Status', minWidth: 90 },
      {
        field: 'summary',
        headerName: 'Delivery',
        minWidth: 190,
        flex: 1,
        sortable: false,
        renderCell: ({ row }) => <Delivery row={row} />,
      },
      {
        field: 'actions',
        headerName: 'Actions',
        minWidth: 100,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex' }}>
            {canUpdate && (
              <Tooltip title={row.editable ? 'Edit' : 'View (sending has started)'}>
                <IconButton
                  aria-label={`${row.editable ? 'Edit' : 'View'} ${row.title}`}
                  onClick={() => setEditing({ id: row.notificationId })}
                >
                  {row.editable ? <EditOutlined /> : <VisibilityOutlined />}
                </IconButton>
              </Tooltip>
            )}
            {canDelete && (
              <Tooltip title="Delete">
                <IconButton
                  aria-label={`Delete ${row.title}`}
                  onClick={async () => {
                    const ok = await confirm({
                      message: m.deleteConfirm,
                      destructive: true,
                      confirmText: 'Delete',
                    });
                    if (!ok) return;
                    try {
                      toast.success((await remove.mutateAsync(row.notificationId)).message);
                    } catch (e) {
                      toast.error(isApiError(e) ? e.message : m.errorWhileUpdating);
                    }
                  }}
                >
                  <DeleteOutlined />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        ),
      },
    ],
    [canUpdate, canDelete, confirm, remove, toast],
  );

  if (!canView) return <EmptyState />;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="h1" sx={{ fontSize: 22, fontWeight: 600 }}>
          Messages
        </Typography>
        {canAdd && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ id: null })}>
            Add
          </Button>
        )}
      </Box>
      <PagedGrid
        label="Messages"
        list={list}
        columns={columns}
        getRowId={(r) => r.notificationId}
        height={500}
        {...paging}
      />
      {editing && <NotificationFormModal open notificationId={editing.id} onClose={() => setEditing(null)} />}
    </Box>
  );
}

export { MessagesPage as Component };
