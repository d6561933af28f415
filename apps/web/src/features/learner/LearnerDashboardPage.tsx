import type { LearnerDashboard } from '@assess/contracts/learner';
import AssignmentOutlined from '@mui/icons-material/AssignmentOutlined';
import CollectionsBookmarkOutlined from '@mui/icons-material/CollectionsBookmarkOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { CardsSkeleton, cardColumns, SkeletonGroup } from '../../components/Skeletons';
import { useLearnerDashboard } from './api';
import { LoadError } from './LoadError';
import { emptyTexts } from './takeTest';

type Figure = {
  key: Exclude<keyof LearnerDashboard, 'topTopics'>;
  title: string;
  icon: ReactNode;
  to: string;
};

/** Part 3 §2: Test Series count, Tests count, Pending count, Completed count. */
const figures: Figure[] = [
  { key: 'seriesCount', title: 'Test Series', icon: <CollectionsBookmarkOutlined />, to: '/courses' },
  { key: 'testsCount', title: 'Tests', icon: <AssignmentOutlined />, to: '/testviewer' },
  { key: 'pendingCount', title: 'Pending', icon: <HourglassEmptyOutlined />, to: '/testviewer' },
  { key: 'completedCount', title: 'Completed', icon: <TaskAltOutlined />, to: '/testviewer' },
];

function FigureCard({ f, value }: { f: Figure; value: number }) {
  return (
    <Card variant="outlined" data-testid={`learner-card-${f.key}`}>
      <CardActionArea component={RouterLink} to={f.to} sx={{ p: 2.5, height: '100%' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, color: 'primary.main' }}>
          {f.icon}
          <Typography component="h2" sx={{ fontWeight: 600, fontSize: 16, color: 'text.primary' }}>
            {f.title}
          </Typography>
        </Box>
        <Typography component="p" sx={{ fontSize: 28, fontWeight: 700, lineHeight: 1.2 }}>
          {value.toLocaleString('en-IN')}
        </Typography>
      </CardActionArea>
    </Card>
  );
}

function TopTopics({ topics }: { topics: LearnerDashboard['topTopics'] }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="top-topics" sx={{ minWidth: 0 }}>
      <Typography id="top-topics" component="h2" sx={{ fontWeight: 600, fontSize: 16, px: 2, pt: 2, pb: 1 }}>
        Top Scoring Topics
      </Typography>
      {topics.length === 0 ? (
        <EmptyState compact description={emptyTexts.topics} />
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="top-topics">
            <TableHead>
              <TableRow>
                <TableCell>Topic</TableCell>
                <TableCell align="right">Score</TableCell>
                <TableCell align="right">Questions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {topics.map((t) => (
                <TableRow key={t.topicId}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{t.name}</TableCell>
                  <TableCell align="right">{Math.round(t.percent * 10) / 10}%</TableCell>
                  <TableCell align="right">{t.questionsAnswered}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}

/** /dashboard for students (part 3 §2 "Learner area", §4: Pending attemptNumber < 1, Completed ≥ maxAttempts). */
export function LearnerDashboardPage() {
  const d = useLearnerDashboard();
  if (d.isError) return <LoadError error={d.error} onRetry={() => void d.refetch()} />;
  if (d.isPending)
    return (
      <SkeletonGroup label="Loading the dashboard" sx={{ display: 'grid', gap: 3 }}>
        <CardsSkeleton count={4} variant="figure" />
        <CardsSkeleton count={1} variant="text" columns="minmax(0, 1fr)" />
      </SkeletonGroup>
    );
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: cardColumns.figure },
        }}
      >
        {figures.map((f) => (
          <FigureCard key={f.key} f={f} value={d.data[f.key]} />
        ))}
      </Box>
      <TopTopics topics={d.data.topTopics} />
    </Box>
  );
}

export { LearnerDashboardPage as Component };
