import { type AttemptState, learnerMessages as m } from '@assess/contracts/learner';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { RequireSession } from '../../app/layout/RequireSession';
import { PageLoader } from '../../app/PageLoader';
import { keepAppOffline } from '../../lib/serviceWorker';
import { AttemptPlayer } from './AttemptPlayer';
import { useSessionUnreachable } from './offline';
import { PlayerProblem } from './PlayerProblem';
import { ResultView } from './ResultView';
import { useAttemptResult, useAttemptState } from './usePlayerData';

function ClosedAttempt({ state }: { state: AttemptState }) {
  const { attemptId, testId, testName } = state;
  const result = useAttemptResult(attemptId, true);
  if (result.isPending) return <PageLoader label="Loading the result" />;
  if (result.isError) return <PlayerProblem message={result.error.message} />;
  return <ResultView testId={testId} testName={testName} result={result.data} />;
}

function Player({ attemptId }: { attemptId: number }) {
  const q = useAttemptState(attemptId);
  if (q.isPending) return <PageLoader label="Loading the test" />;
  if (q.isError) return <PlayerProblem message={q.error.message} />;
  const { state, offsetMs } = q.data;
  if (state.status !== 1) return <ClosedAttempt state={state} />;
  return <AttemptPlayer key={attemptId} state={state} offsetMs={offsetMs} />;
}

/**
 * /attempt/:attemptId — the test player, full screen, outside the learner shell (students only). It keeps the
 * app's files (service worker) and the open attempt (IndexedDB) so that a reload without a network still works.
 */
export function Component() {
  const { attemptId } = useParams();
  const id = Number(attemptId);
  const offline = useSessionUnreachable();
  useEffect(keepAppOffline, []);
  const player = () =>
    Number.isInteger(id) && id > 0 ? (
      <Player attemptId={id} />
    ) : (
      <PlayerProblem message={m.attemptNotFound} />
    );
  if (offline) return player();
  return <RequireSession area="learner">{player}</RequireSession>;
}
