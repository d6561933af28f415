import {
  type AnalyticsAttempts,
  analyticsMessages,
  type ItemStatisticsReport,
} from '@assess/contracts/analytics';
import { questionTypeNames } from '@assess/contracts/questions';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useItemStatistics } from './api';

const f = (v: number | null, digits = 2) => (v === null ? '–' : v.toFixed(digits));
const pct = (v: number | null) => (v === null ? '–' : `${(v * 100).toFixed(1)} %`);

function TestFigures({ r }: { r: ItemStatisticsReport }) {
  const t = r.test;
  const figures: [string, string][] = [
    ['Attempts', String(t.attemptCount)],
    ['Mean', `${f(t.mean)} / ${t.maxTotal}`],
    ['Median', f(t.median)],
    ['SD (n − 1)', f(t.sd)],
    ['Skewness', f(t.skewness, 3)],
    ['Kurtosis', f(t.kurtosis, 3)],
    ["Cronbach's alpha (KR-20)", f(t.alpha, 3)],
    ['KR-21', f(t.kr21, 3)],
    ['Standard error', f(t.sem)],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 1, m: 0 }}
    >
      {figures.map(([k, v]) => (
        <Box key={k}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {k}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
            {v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * Item statistics (issue 24): the test's figures with the alpha band as a hint, then per question seen its
 * facility, SD, discrimination (item–rest ×100, upper/lower 27 %), point-biserial and options, with flags
 * that link to the question in the bank.
 */
export function ItemStatisticsTab({ testId }: { testId: number }) {
  const [attempts, setAttempts] = useState<AnalyticsAttempts>('first');
  const q = useItemStatistics(testId, attempts, true);
  const r = q.data;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={attempts}
        aria-label="Attempts counted"
        onChange={(_e, v: AnalyticsAttempts | null) => v && setAttempts(v)}
      >
        <ToggleButton value="first">First attempts</ToggleButton>
        <ToggleButton value="all">All attempts</ToggleButton>
      </ToggleButtonGroup>
      {q.isFetching && <LinearProgress aria-label="Loading the item statistics" />}
      {q.isError && <Alert severity="error">{q.error.message}</Alert>}
      {r && (
        <>
          {!!r.countingAttempts && (
            <Alert severity="info">{analyticsMessages.stillCounting(r.countingAttempts)}</Alert>
          )}
          {r.note && <Alert severity="info">{r.note}</Alert>}
          <TestFigures r={r} />
          <Alert severity="info">
            {r.alphaHint} {r.semUses}
          </Alert>
          <Box sx={{ overflowX: 'auto' }}>
            {/* a code and the figures keep to one line ('MTH-SCQ-TXT-3', '100.0 %'); options and flags wrap */}
            <Table
              size="small"
              aria-label="Item statistics"
              sx={{ '& td:not(:nth-last-of-type(-n + 2))': { whiteSpace: 'nowrap' } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>Question</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell align="right">Attempts</TableCell>
                  <TableCell align="right">Facility</TableCell>
                  <TableCell align="right">SD</TableCell>
                  <TableCell align="right">Discrimination</TableCell>
                  <TableCell align="right">Upper − lower 27 %</TableCell>
                  <TableCell align="right">Point-biserial</TableCell>
                  <TableCell>Options (share chosen)</TableCell>
                  <TableCell>Flags</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {r.items.map((it) => (
                  <TableRow key={`${it.questionId}:${it.versionId}`} data-testid="item-row">
                    <TableCell>{it.code}</TableCell>
                    <TableCell>{questionTypeNames[it.questionType as 1] ?? ''}</TableCell>
                    <TableCell align="right">{it.count}</TableCell>
                    <TableCell align="right">{pct(it.facility)}</TableCell>
                    <TableCell align="right">{f(it.sd)}</TableCell>
                    <TableCell align="right">{f(it.discriminationIndex, 1)}</TableCell>
                    <TableCell align="right">{f(it.upperLowerIndex)}</TableCell>
                    <TableCell align="right">{f(it.pointBiserial)}</TableCell>
                    <TableCell>
                      {it.options.map((o) => (
                        <Tooltip key={o.choice} title={`Point-biserial ${f(o.pointBiserial)}`}>
                          <Chip
                            size="small"
                            sx={{ mr: 0.5 }}
                            color={o.correct ? 'success' : 'default'}
                            label={`${o.choice}${o.correct ? ' ✓' : ''}: ${pct(o.share)}`}
                          />
                        </Tooltip>
                      ))}
                    </TableCell>
                    <TableCell>
                      {it.flags.map((fl) => (
                        <Box key={fl.kind + fl.reason}>
                          <Link
                            component={RouterLink}
                            to={`/admin/questions?preview=${it.questionId}`}
                            data-testid="item-flag"
                          >
                            {fl.reason}
                          </Link>
                        </Box>
                      ))}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
    </Box>
  );
}
