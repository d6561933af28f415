import {
  SUBTASK_GRID_CHARS,
  TASK_OUTPUT_PAGE_SIZE,
  type Task,
  type TaskOutput,
  TaskStatus,
  taskMessages,
  taskTypeName,
} from '@assess/contracts/tasks';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef } from '@mui/x-data-grid';
import { type ReactNode, useMemo } from 'react';
import { AppModal } from '../../components/AppModal';
import { DateTime } from '../../components/DateTime';
import { PagedGrid } from '../../components/PagedGrid';
import { useToast } from '../../components/Toast';
import { usePaging } from '../../components/usePaging';
import { isApiError } from '../../lib/api';
import { isRunning, useTaskOutputs } from './api';
import { CutText } from './CutText';
import { SubTaskStatusChip, TaskProgress, TaskStatusChip } from './StatusChip';

const pageSizes = [TASK_OUTPUT_PAGE_SIZE];

/** Copies the text: the Clipboard API, or a selected text area where it is not available. */
async function copyText(text: string) {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

function subTaskColumns(onCopy: (row: TaskOutput) => void): GridColDef<TaskOutput>[] {
  return [
    {
      field: 'subTask',
      headerName: 'SubTask',
      flex: 1.2,
      minWidth: 260,
      renderCell: ({ row }) => <CutText text={row.subTask} max={SUBTASK_GRID_CHARS} />,
    },
    {
      field: 'status',
      headerName: 'Status',
      width: 110,
      renderCell: ({ row }) => <SubTaskStatusChip status={row.status} />,
    },
    {
      field: 'startDateTime',
      headerName: 'Start',
      width: 190,
      renderCell: ({ row }) => <DateTime value={row.startDateTime} />,
    },
    {
      field: 'endDateTime',
      headerName: 'End',
      width: 190,
      renderCell: ({ row }) => <DateTime value={row.endDateTime} />,
    },
    {
      field: 'remark',
      headerName: 'Remark',
      flex: 1,
      minWidth: 220,
      renderCell: ({ row }) =>
        row.remark ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0, width: '100%' }}>
            <Tooltip title={<Box sx={{ whiteSpace: 'pre-wrap' }}>{row.remark}</Box>}>
              <Box
                component="span"
                tabIndex={0}
                sx={{ flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {row.remark}
              </Box>
            </Tooltip>
            <Tooltip title="Copy" disableInteractive>
              <IconButton
                size="small"
                aria-label={`Copy remark of subtask ${row.id}`}
                onClick={() => onCopy(row)}
              >
                <ContentCopyIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        ) : null,
    },
  ];
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

export type TaskDetailsDialogProps = {
  /** The task as the grid has it (kept fresh by the grid's live refresh). */
  task: Task;
  onClose: () => void;
  onLogs: (task: Task) => void;
  downloading: boolean;
};

/**
 * The task-details dialog (part 2 §2, §9): the task's status, dates, counts and whole details, then its
 * subtasks seven a page with SubTask cut to 90 characters and the Remark's copy button ('Text copied into
 * clipboard'). A task that is not the provider's (404) shows no subtasks. Refreshes while the task runs.
 */
export function TaskDetailsDialog({ task, onClose, onLogs, downloading }: TaskDetailsDialogProps) {
  const toast = useToast();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const paging = usePaging({ pageSize: TASK_OUTPUT_PAGE_SIZE });
  const outputs = useTaskOutputs(task.taskId, paging.page, paging.pageSize, isRunning(task));
  const columns = useMemo(
    () =>
      subTaskColumns(async (row) => {
        try {
          await copyText(row.remark ?? '');
          toast.success(taskMessages.remarkCopied);
        } catch {
          toast.error('Could not copy.');
        }
      }),
    [toast],
  );
  const gone = isApiError(outputs.error) && outputs.error.status === 404;
  const page = gone ? { items: [], totalCount: 0 } : outputs.data;
  const counts = task.counts;

  return (
    <AppModal
      open
      onClose={onClose}
      title={`Task Details: ${taskTypeName(task.taskType)}`}
      maxWidth="lg"
      fullScreen={phone}
      actions={
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={downloading}
          onClick={() => onLogs(task)}
        >
          Logs
        </Button>
      }
    >
      <Stack
        component="dl"
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', columnGap: 4, rowGap: 1.5, m: 0, mb: 2 }}
      >
        <Fact label="Status">
          <TaskStatusChip status={task.taskStatus} counts={task.counts} />
        </Fact>
        {task.taskStatus === TaskStatus.Started && (
          <Box sx={{ width: 200, alignSelf: 'center' }}>
            <TaskProgress value={task.progress} label="Progress" />
          </Box>
        )}
        <Fact label="Start Date">
          <DateTime value={task.startDate} />
        </Fact>
        <Fact label="End Date">
          <DateTime value={task.endDate} />
        </Fact>
        {counts && (
          <Fact label="Total / Succeeded / Failed">
            {`${counts.total.toLocaleString()} / ${counts.succeeded.toLocaleString()} / ${counts.failed.toLocaleString()}`}
          </Fact>
        )}
      </Stack>
      {task.taskDetails && (
        <Typography variant="body2" sx={{ mb: 2, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {task.taskDetails}
        </Typography>
      )}
      {outputs.error && !gone ? (
        <Typography role="alert" color="error" variant="body2" sx={{ mb: 1 }}>
          {outputs.error.message}
        </Typography>
      ) : null}
      <PagedGrid
        label="Subtasks"
        rows={page?.items ?? []}
        columns={columns}
        rowCount={page?.totalCount ?? 0}
        {...paging}
        pageSizeOptions={pageSizes}
        loading={outputs.isLoading}
        height={500}
      />
    </AppModal>
  );
}
