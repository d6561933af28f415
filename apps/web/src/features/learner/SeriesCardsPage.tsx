import type { SeriesCard } from '@assess/contracts/learner';
import CollectionsBookmarkOutlined from '@mui/icons-material/CollectionsBookmarkOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { CardsSkeleton } from '../../components/Skeletons';
import { useLearnerSeries } from './api';
import { LoadError } from './LoadError';
import { seriesTestsPath } from './seriesPath';
import { emptyTexts } from './takeTest';

const columns = {
  xs: 'minmax(0, 1fr)',
  sm: 'repeat(2, minmax(0, 1fr))',
  lg: 'repeat(3, minmax(0, 1fr))',
} as const;

function SeriesImage({ src }: { src: string | null }) {
  return (
    <Box
      sx={{
        aspectRatio: '16 / 7',
        bgcolor: 'grey.100',
        color: 'action.disabled',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
      }}
    >
      {src ? (
        // decorative: the code and name say what the series is
        <Box component="img" src={src} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <CollectionsBookmarkOutlined sx={{ fontSize: 48 }} aria-hidden />
      )}
    </Box>
  );
}

function SeriesCardView({ s }: { s: SeriesCard }) {
  return (
    <Card variant="outlined" component="article" aria-label={s.name} sx={{ minWidth: 0 }}>
      <CardActionArea
        component={RouterLink}
        to={seriesTestsPath(s.courseId)}
        state={{ courseId: s.courseId }}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <SeriesImage src={s.imageUrl} />
        <Box sx={{ p: 2, display: 'grid', gap: 0.5 }}>
          <Typography variant="overline" color="textSecondary" sx={{ lineHeight: 1.5 }}>
            {s.code}
          </Typography>
          <Typography component="h2" sx={{ fontWeight: 600, fontSize: 17, overflowWrap: 'anywhere' }}>
            {s.name}
          </Typography>
          {s.description && (
            <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
              {s.description}
            </Typography>
          )}
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {s.testsCount} {s.testsCount === 1 ? 'test' : 'tests'}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}

/** /courses (part 3 §2): the student's test series as cards (code, description, image); one opens its tests. */
export function SeriesCardsPage() {
  const series = useLearnerSeries();
  if (series.isError) return <LoadError error={series.error} onRetry={() => void series.refetch()} />;
  if (series.isPending)
    return <CardsSkeleton label="Loading the test series" count={3} variant="text" columns={columns} />;
  if (series.data.length === 0) return <EmptyState description={emptyTexts.series} />;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: columns }}>
      {series.data.map((s) => (
        <SeriesCardView key={s.courseId} s={s} />
      ))}
    </Box>
  );
}

export { SeriesCardsPage as Component };
