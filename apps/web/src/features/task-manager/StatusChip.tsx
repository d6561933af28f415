import {
  SubTaskStatus,
  subTaskStatusNames,
  type TaskCounts,
  TaskStatus,
  taskOutcome,
} from '@assess/contracts/tasks';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';

// filled chips keep white text readable (AA): primary, success, warning and error; Draft and InProcess outlined
const subTaskColor = {
  [SubTaskStatus.InProcess]: 'primary',
  [SubTaskStatus.Failed]: 'error',
  [SubTaskStatus.Success]: 'success',
} as const;

/** A task's status (Draft, Started, Success, Failed; a finished task with failed items: Failed / Partly failed). */
export function TaskStatusChip({ status, counts }: { status: number; counts: TaskCounts | null }) {
  const outcome = taskOutcome({ taskStatus: status, counts });
  return (
    <Chip
      size="small"
      label={outcome.label}
      color={outcome.tone}
      variant={status === TaskStatus.Draft ? 'outlined' : 'filled'}
    />
  );
}

/** A subtask's status (InProcess, Failed, Success) as a chip. */
export function SubTaskStatusChip({ status }: { status: number }) {
  const color = subTaskColor[status as keyof typeof subTaskColor] ?? 'default';
  return (
    <Chip
      size="small"
      label={subTaskStatusNames[status] ?? String(status)}
      color={color}
      variant={status === SubTaskStatus.InProcess ? 'outlined' : 'filled'}
    />
  );
}

/** A running task's progress: a bar and the percentage. */
export function TaskProgress({ value, label }: { value: number; label: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%' }}>
      <LinearProgress
        variant="determinate"
        value={value}
        aria-label={label}
        sx={{ flexGrow: 1, height: 6, borderRadius: 3 }}
      />
      <Box component="span" sx={{ fontSize: 12, minWidth: 32, textAlign: 'end' }}>
        {Math.round(value)}%
      </Box>
    </Box>
  );
}
