import { difficultyNames } from '@assess/contracts/questions';
import { type TestDetails, testStatusName } from '@assess/contracts/tests';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { AppModal } from '../../../components/AppModal';
import { DateTime } from '../../../components/DateTime';
import { EmptyState } from '../../../components/EmptyState';
import { CardsSkeleton } from '../../../components/Skeletons';
import { useTestDetails } from './api';

const yes = (v: boolean) => (v ? 'Yes' : 'No');
const num = (v: number | null) => (v === null ? '-' : String(v));

function Facts({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: 'minmax(0,1fr) minmax(0,1fr)',
            // one label width in every section (max-content gave each its own), so Test, Schedule and
            // Students line up; 'Questions per Page', the longest label, fits
            sm: 'repeat(2, 10rem minmax(0,1fr))',
          },
          columnGap: 2,
          rowGap: 0.75,
          m: 0,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0 },
        }}
      >
        {rows.map(([k, v]) => (
          <Box key={k} sx={{ display: 'contents' }}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function Content({ d }: { d: TestDetails }) {
  const t = d.test;
  return (
    <Stack spacing={3}>
      <Facts
        title="Test"
        rows={[
          ['Code', t.code],
          ['Name', t.name],
          ['Provider', t.providerName],
          ['Status', testStatusName(t.status)],
          ['Difficulty Level', difficultyNames[t.difficultyLevel as 1 | 2 | 3] ?? '-'],
          ['Duration', `${t.duration} minutes`],
          ['Total Score', num(t.totalScore)],
          ['Passing Score', num(t.passingScore)],
          ['Mastery Score', num(t.masteryScore)],
          ['Attempts Allowed', t.attemptsAllowed],
          ['Questions per Page', t.questionsPerPage],
          ['Negative Points', t.negativePointsPerQuestion],
          ['Show Result', yes(t.showResult)],
          ['Show Timer', yes(t.showTimer)],
          ['Objective', t.objective.join(', ') || '-'],
          ['Target Audience', t.targetAudience.join(', ') || '-'],
          ['Expiry Date', <DateTime key="e" value={t.expiryDate} dateOnly />],
          ['Locked', t.isLocked ? `Yes, by ${t.lockedByName ?? 'another user'}` : 'No'],
        ]}
      />
      <Facts
        title="Schedule"
        rows={[
          ['Scheduled Date', <DateTime key="a" value={d.schedule.assignDate} />],
          ['Start Date', <DateTime key="s" value={d.schedule.startDate} />],
          ['End Date', <DateTime key="n" value={d.schedule.endDate} />],
        ]}
      />
      <Box component="section" aria-label="Sections">
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          Sections
        </Typography>
        {d.sections.length === 0 ? (
          <EmptyState compact message="Data not found" />
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label="Sections of the test">
              <TableHead>
                <TableRow>
                  <TableCell>Section</TableCell>
                  <TableCell align="right">Questions</TableCell>
                  <TableCell align="right">Max for Score</TableCell>
                  <TableCell align="right">Points</TableCell>
                  <TableCell align="right">Negative Points</TableCell>
                  <TableCell>Mandatory to Pass</TableCell>
                  <TableCell align="right">Fixed / Topics</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {d.sections.map((s) => (
                  <TableRow key={s.poolId}>
                    <TableCell>
                      {s.name} ({s.code})
                    </TableCell>
                    <TableCell align="right">{s.questionCount}</TableCell>
                    <TableCell align="right">{num(s.maxQuestionForScore)}</TableCell>
                    <TableCell align="right">{s.pointsPerQuestion}</TableCell>
                    <TableCell align="right">{s.negativePointsPerQuestion}</TableCell>
                    <TableCell>{yes(s.isMandatoryToPass)}</TableCell>
                    <TableCell align="right">
                      {s.fixedQuestionCount} / {s.topicCount}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Box>
      <Facts
        title="Students"
        rows={[
          ['Assigned', d.studentsCount],
          ['Attempted', d.attemptedStudentCount],
          ['Not Attempted', d.nonAttemptedStudentCount],
        ]}
      />
    </Stack>
  );
}

/** Test Details (part 3 §2, §3 "Test details"): the test, its schedule, sections and students. */
export function TestDetailsDialog({ testId, onClose }: { testId: number; onClose: () => void }) {
  const details = useTestDetails(testId);
  return (
    <AppModal open onClose={onClose} title="Test Details" maxWidth="md" focusableContent>
      {details.isPending ? (
        <CardsSkeleton label="Loading test details" count={2} variant="text" columns="1fr" />
      ) : details.isError ? (
        <Alert severity="error">{details.error.message}</Alert>
      ) : (
        <Content d={details.data} />
      )}
    </AppModal>
  );
}
