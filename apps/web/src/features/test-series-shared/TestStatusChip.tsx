import { TestStatus, testStatusName } from '@assess/contracts/tests';
import Chip from '@mui/material/Chip';

// filled chips keep white text readable (AA)
const statusColor = (s: number) =>
  s === TestStatus.Draft
    ? 'default'
    : s === TestStatus.Ready
      ? 'primary'
      : s === TestStatus.Published
        ? 'success'
        : 'secondary';

/** A test's or a series' status as the lists show it: a small chip, outlined while Draft. */
export function TestStatusChip({ status }: { status: number }) {
  return (
    <Chip
      size="small"
      label={testStatusName(status)}
      color={statusColor(status)}
      variant={status === TestStatus.Draft ? 'outlined' : 'filled'}
    />
  );
}
