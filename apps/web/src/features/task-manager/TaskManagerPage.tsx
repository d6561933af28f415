import { hasPrivilege } from '@assess/contracts/access';
import type { Task } from '@assess/contracts/tasks';
import Box from '@mui/material/Box';
import { useMemo, useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { PagedGrid } from '../../components/PagedGrid';
import { useToast } from '../../components/Toast';
import { usePaging } from '../../components/usePaging';
import { useSignedInSession } from '../auth/session';
import { downloadLogs, useTaskList } from './api';
import { TaskDetailsDialog } from './TaskDetailsDialog';
import { taskColumns } from './taskColumns';

/**
 * Task manager (/admin/taskManager, part 2 §2): the provider's background tasks (imports of students and
 * questions), server-paged and refreshed every 2 s while one of them runs; Details opens the subtasks,
 * Logs downloads Logs_{timestamp}.zip of the task. Privilege TaskManager / ViewTask.
 */
export function TaskManagerPage() {
  const session = useSignedInSession();
  const toast = useToast();
  const paging = usePaging();
  const mayView = hasPrivilege(session.privilegeObject, 'TaskManager', 'ViewTask');
  const list = useTaskList(paging.page, paging.pageSize, mayView);
  const [opened, setOpened] = useState<Task | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);

  const columns = useMemo(() => {
    const onLogs = async (task: Task) => {
      setDownloading(task.taskId);
      try {
        await downloadLogs(task.taskId);
      } catch (err) {
        toast.error((err as Error).message);
      } finally {
        setDownloading(null);
      }
    };
    return {
      onLogs,
      grid: taskColumns({ onDetails: setOpened, onLogs, downloading }),
    };
  }, [toast, downloading]);

  if (!mayView) return <EmptyState message="Tasks not found" />;

  const rows = list.data?.items ?? [];
  // the dialog shows the grid's copy of the task while it is listed, so it follows the live refresh
  const open = opened ? (rows.find((t) => t.taskId === opened.taskId) ?? opened) : null;

  return (
    <Box>
      {list.error ? (
        <Box role="alert" sx={{ color: 'error.main', mb: 1 }}>
          {list.error.message}
        </Box>
      ) : null}
      <PagedGrid
        label="Tasks"
        rows={rows}
        columns={columns.grid}
        getRowId={(t) => t.taskId}
        rowCount={list.data?.totalCount ?? 0}
        {...paging}
        loading={list.isLoading}
        height={650}
      />
      {open && (
        <TaskDetailsDialog
          key={open.taskId}
          task={open}
          onClose={() => setOpened(null)}
          onLogs={columns.onLogs}
          downloading={downloading === open.taskId}
        />
      )}
    </Box>
  );
}

export { TaskManagerPage as Component };
