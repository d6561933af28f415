import { type DashboardWidget, trendingSeriesTexts as x } from '@assess/contracts/dashboard';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../components/EmptyState';

/**
 * The Trending Test Series table of the dashboard (part 3 §2; TrendingTestSeries): series names and test
 * counts, most attempts started in the last 14 days first (docs/FEATURES.md 3.2.06).
 */
export function TrendingSeries({ widget }: { widget: DashboardWidget | undefined }) {
  const rows = widget?.kind === 'table' ? widget.rows : [];
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, minWidth: 0 }}
      component="section"
      aria-labelledby="trending-title"
      data-testid="trending-series"
    >
      <Typography id="trending-title" component="h2" sx={{ fontWeight: 600, fontSize: 16, mb: 1 }}>
        {x.title}
      </Typography>
      {rows.length === 0 ? (
        <EmptyState compact message={x.empty} />
      ) : (
        <Table size="small" aria-labelledby="trending-title">
          <TableHead>
            <TableRow>
              <TableCell>{x.name}</TableCell>
              <TableCell align="right">{x.tests}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.courseId}>
                <TableCell>{r.name}</TableCell>
                <TableCell align="right">{r.tests}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
