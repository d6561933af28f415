import { TASK_DETAILS_GRID_CHARS, type Task, TaskStatus, taskTypeName } from '@assess/contracts/tasks';
import DownloadIcon from '@mui/icons-material/Download';
import ListAltIcon from '@mui/icons-material/ListAlt';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import { DateTime } from '../../components/DateTime';
import { CutText } from './CutText';
import { TaskProgress, TaskStatusChip } from './StatusChip';

export type TaskRowHandlers = {
  onDetails: (task: Task) => void;
  onLogs: (task: Task) => void;
  /** The task whose logs are being downloaded (its button is off meanwhile). */
  downloading: number | null;
};

const count = (n: number | undefined) => (n === undefined ? '-' : n.toLocaleString());

/**
 * The task grid's columns (part 2 §2 Task manager): type by its readable name, status (with the progress
 * bar while Started), the counts the task reports, start and end (dd-Mon-yyyy hh:mm:ss AM/PM), details
 * cut to 30 characters with the whole text in a tooltip, and the Details and Logs actions.
 */
export function taskColumns(h: TaskRowHandlers): GridColDef<Task>[] {
  return [
    {
      field: 'taskType',
      headerName: 'Type',
      minWidth: 160,
      flex: 0.7,
      valueGetter: (_v, row) => taskTypeName(row.taskType),
    },
    {
      field: 'taskStatus',
      headerName: 'Status',
      width: 130,
      renderCell: ({ row }) =>
        row.taskStatus === TaskStatus.Started ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, width: '100%', pt: 0.5 }}>
            <Box>
              <TaskStatusChip status={row.taskStatus} counts={row.counts} />
            </Box>
            <TaskProgress value={row.progress} label={`Progress of task ${row.taskId}`} />
          </Box>
        ) : (
          <TaskStatusChip status={row.taskStatus} counts={row.counts} />
        ),
    },
    { field: 'total', headerName: 'Total', width: 70, valueGetter: (_v, row) => count(row.counts?.total) },
    {
      field: 'succeeded',
      headerName: 'Succeeded',
      width: 95,
      valueGetter: (_v, row) => count(row.counts?.succeeded),
    },
    { field: 'failed', headerName: 'Failed', width: 70, valueGetter: (_v, row) => count(row.counts?.failed) },
    {
      field: 'startDate',
      headerName: 'Start / End',
      width: 185,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%' }}>
          <Box component="span" sx={{ lineHeight: 1.5 }} data-testid="task-start">
            <DateTime value={row.startDate} />
          </Box>
          <Box component="span" sx={{ lineHeight: 1.5, color: 'text.secondary' }} data-testid="task-end">
            <DateTime value={row.endDate} />
          </Box>
        </Box>
      ),
    },
    {
      field: 'taskDetails',
      headerName: 'Details',
      minWidth: 190,
      flex: 1,
      renderCell: ({ row }) => <CutText text={row.taskDetails} max={TASK_DETAILS_GRID_CHARS} />,
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 100,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex' }}>
          <Tooltip title="Details" disableInteractive>
            <IconButton
              size="small"
              aria-label={`Details of task ${row.taskId}`}
              onClick={() => h.onDetails(row)}
            >
              <ListAltIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Logs" disableInteractive>
            <span>
              <IconButton
                size="small"
                aria-label={`Logs of task ${row.taskId}`}
                disabled={h.downloading === row.taskId}
                onClick={() => h.onLogs(row)}
              >
                <DownloadIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      ),
    },
  ];
}
