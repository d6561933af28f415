import { commonMessages } from '@assess/contracts/common';
import { learnerEndpoints, learnerMessages as m } from '@assess/contracts/learner';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { RequireSession } from '../../app/layout/RequireSession';
import { PageLoader } from '../../app/PageLoader';
import { call, isApiError } from '../../lib/api';
import { attemptPath, useStartAttempt } from '../learner/api';
import { PlayerProblem } from './PlayerProblem';
import { WelcomeView } from './WelcomeView';

function Welcome({ testId }: { testId: number }) {
  const q = useQuery({
    queryKey: ['learner', 'welcome', testId],
    queryFn: () => call(learnerEndpoints.welcome, { params: { testId } }),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  const start = useStartAttempt();
  const navigate = useNavigate();
  if (q.isPending) return <PageLoader label="Loading the test" />;
  if (q.isError) return <PlayerProblem message={q.error.message} />;
  // an attempt already runs (another tab, a reload after Start): go back to it
  if (q.data.openAttemptId !== null) return <Navigate to={attemptPath(q.data.openAttemptId)} replace />;
  const problem = start.isError
    ? isApiError(start.error) && start.error.status !== 0
      ? start.error.message
      : commonMessages.internal
    : null;
  return (
    <WelcomeView
      welcome={q.data}
      starting={start.isPending || start.isSuccess}
      problem={problem}
      onStart={() => {
        if (start.isPending || start.isSuccess) return;
        start.mutate(testId, { onSuccess: (r) => navigate(attemptPath(r.attemptId), { replace: true }) });
      }}
    />
  );
}

/**
 * /take/:testId — the welcome page before an attempt (issue 27): full screen like the player, students only.
 * Reading it starts nothing; Start creates the attempt (one, however often it is pressed) and opens the player.
 */
export function Component() {
  const { testId } = useParams();
  const id = Number(testId);
  return (
    <RequireSession area="learner">
      {() =>
        Number.isInteger(id) && id > 0 ? <Welcome testId={id} /> : <PlayerProblem message={m.notAssigned} />
      }
    </RequireSession>
  );
}
