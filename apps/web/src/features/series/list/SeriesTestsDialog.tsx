import { type SeriesListRow, seriesMessages, TestSubscription } from '@assess/contracts/series';
import { testStatusName } from '@assess/contracts/tests';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { AppModal } from '../../../components/AppModal';
import { EmptyState } from '../../../components/EmptyState';
import { useSeriesTests } from './api';

/** View Tests: the series' tests in order (the spec's getTestsByCourseId). */
export function SeriesTestsDialog({ series, onClose }: { series: SeriesListRow; onClose: () => void }) {
  const tests = useSeriesTests(series.courseId);
  const items = tests.data?.items ?? [];
  return (
    <AppModal open onClose={onClose} title={`Tests of ${series.name}`} maxWidth="md">
      {tests.isError ? (
        <EmptyState message={tests.error.message} />
      ) : tests.isPending ? null : items.length === 0 ? (
        <EmptyState message={seriesMessages.noTests} />
      ) : (
        <Table size="small" aria-label={`Tests of ${series.name}`}>
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>Code</TableCell>
              <TableCell>Name</TableCell>
              <TableCell>Provider Name</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Subscription</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((t) => (
              <TableRow key={t.testId}>
                <TableCell>{t.sequence}</TableCell>
                <TableCell>{t.code}</TableCell>
                <TableCell>{t.name}</TableCell>
                <TableCell>{t.providerName}</TableCell>
                <TableCell>{testStatusName(t.status)}</TableCell>
                <TableCell>
                  {t.testSubscriptionStatus === TestSubscription.Trial ? 'Trial' : 'Normal'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </AppModal>
  );
}
