import Box from '@mui/material/Box';
import { EmptyState } from '../../components/EmptyState';
import { CardsSkeleton, cardColumns } from '../../components/Skeletons';
import { useAssignedTests } from './api';
import { LoadError } from './LoadError';
import { TestCard } from './TestCard';
import { emptyTexts } from './takeTest';

/**
 * /testviewer, Assigned Tests (part 3 §2, §4): the tests whose schedule start has passed, each with name,
 * objective, result, score, attempts, last attempt, expiry, Take Test and View Assessment.
 */
export function AssignedTestsPage() {
  const tests = useAssignedTests();
  if (tests.isError) return <LoadError error={tests.error} onRetry={() => void tests.refetch()} />;
  if (tests.isPending) return <CardsSkeleton label="Loading the assigned tests" count={4} variant="text" />;
  if (tests.data.length === 0) return <EmptyState description={emptyTexts.tests} />;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: cardColumns.wide }}>
      {tests.data.map((t) => (
        <TestCard key={t.testId} test={t} variant="full" />
      ))}
    </Box>
  );
}

export { AssignedTestsPage as Component };
