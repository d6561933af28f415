import { analyticsMessages, formatDuration, formatPercent } from '@assess/contracts/analytics';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useState } from 'react';
import { useChartAnalytics, useTopFive } from './api';
import { StaffEvaluationDialog } from './StaffEvaluationDialog';

/**
 * The score distribution (ranges and student count, MUI X Charts) and the top five students (part 3 §3); a
 * student's name opens that attempt's evaluation (staff see everything).
 */
export function AnalyticsOverview({ testId }: { testId: number }) {
  const chart = useChartAnalytics(testId);
  const top = useTopFive(testId);
  const [open, setOpen] = useState<{ attemptId: number; name: string } | null>(null);
  if (chart.isError) return <Alert severity="error">{chart.error.message}</Alert>;
  const bars = chart.data?.bars ?? [];
  return (
    // the top five take the width their one-line rows need (a name, '10 / 10', '10 min 58 s' never wrap); the
    // chart the rest
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) auto' } }}>
      <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} component="section" aria-labelledby="score-dist">
        <Typography id="score-dist" component="h2" sx={{ fontWeight: 600, fontSize: 16 }}>
          Score distribution
        </Typography>
        {chart.data && chart.data.studentCount === 0 ? (
          <Alert severity="info">{analyticsMessages.noAttempts}</Alert>
        ) : (
          <BarChart
            height={300}
            xAxis={[{ scaleType: 'band', data: bars.map((b) => b.range), label: 'Score' }]}
            yAxis={[{ tickMinStep: 1, label: 'Students' }]}
            series={[{ data: bars.map((b) => b.studentCount), label: 'Students' }]}
            hideLegend
            loading={chart.isLoading}
          />
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} component="section" aria-labelledby="top-five">
        <Typography id="top-five" component="h2" sx={{ fontWeight: 600, fontSize: 16 }}>
          Top five students
        </Typography>
        <Table size="small" aria-labelledby="top-five" sx={{ '& td': { whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell align="right">Score</TableCell>
              <TableCell align="right">Duration</TableCell>
              <TableCell align="right">Attempt Rate</TableCell>
              <TableCell align="right">Accuracy Rate</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {top.data?.students.length === 0 && (
              <TableRow>
                <TableCell colSpan={5} sx={{ color: 'text.secondary' }}>
                  {analyticsMessages.noAttempts}
                </TableCell>
              </TableRow>
            )}
            {(top.data?.students ?? []).map((s) => (
              <TableRow key={s.attemptId}>
                <TableCell>
                  <Link
                    component="button"
                    type="button"
                    aria-label={`Evaluation of ${s.name}`}
                    onClick={() => setOpen({ attemptId: s.attemptId, name: s.name })}
                    sx={{ textAlign: 'left' }}
                  >
                    {s.name}
                  </Link>
                </TableCell>
                <TableCell align="right">
                  {s.score}
                  {s.totalScore !== null ? ` / ${s.totalScore}` : ''}
                </TableCell>
                <TableCell align="right">{formatDuration(s.duration)}</TableCell>
                <TableCell align="right">{formatPercent(s.attemptRate)}</TableCell>
                <TableCell align="right">{formatPercent(s.accuracyRate)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      {open && (
        <StaffEvaluationDialog
          attemptId={open.attemptId}
          studentName={open.name}
          onClose={() => setOpen(null)}
        />
      )}
    </Box>
  );
}
