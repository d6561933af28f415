import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { CardsSkeleton, cardColumns } from '../../components/Skeletons';
import { TOUCH_PX } from '../../components/touch';
import { useLearnerSeriesTests } from './api';
import { LoadError } from './LoadError';
import { seriesIdOf } from './seriesPath';
import { TestCard } from './TestCard';
import { emptyTexts } from './takeTest';

function Back() {
  return (
    <Button
      component={RouterLink}
      to="/courses"
      startIcon={<ArrowBack />}
      sx={{ justifySelf: 'start', minHeight: TOUCH_PX }}
    >
      Test Series
    </Button>
  );
}

/** /courseTestViewer?courseId=… (part 3 §2): a series' tests, each with name, objective, attempt number. */
export function SeriesTestsPage() {
  const [search] = useSearchParams();
  const location = useLocation();
  const courseId = seriesIdOf(search, location.state);
  const series = useLearnerSeriesTests(courseId);
  let body: ReactNode;
  if (courseId === null) body = <EmptyState description={emptyTexts.noSeries} />;
  else if (series.isError) body = <LoadError error={series.error} onRetry={() => void series.refetch()} />;
  else if (series.isPending) body = <CardsSkeleton label="Loading the tests" count={2} variant="text" />;
  else
    body = (
      <>
        <Box>
          <Typography variant="overline" color="textSecondary">
            {series.data.code}
          </Typography>
          <Typography component="h2" sx={{ fontWeight: 600, fontSize: 20, overflowWrap: 'anywhere' }}>
            {series.data.name}
          </Typography>
        </Box>
        {series.data.tests.length === 0 ? (
          <EmptyState description={emptyTexts.seriesTests} />
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: cardColumns.wide }}>
            {series.data.tests.map((t) => (
              <TestCard key={t.testId} test={t} variant="series" />
            ))}
          </Box>
        )}
      </>
    );
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Back />
      {body}
    </Box>
  );
}

export { SeriesTestsPage as Component };
