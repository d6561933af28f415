import { commonMessages } from '@assess/contracts/common';
import type { AssignedTest } from '@assess/contracts/learner';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/Toast';
import { isApiError } from '../../lib/api';
import { attemptPath, useStartAttempt } from './api';
import { takeTestState } from './takeTest';

type Props = {
  test: Pick<AssignedTest, 'testId' | 'attemptNumber' | 'maxAttempts' | 'openAttemptId' | 'startIssue'>;
};

/**
 * Take Test (or Resume, or 'No More Attempts'), the same on /testviewer and /courseTestViewer: starts an
 * attempt (the server returns the open one on a second tap) and opens the player. A refusal shows the
 * server's reason under the buttons (render it inside a wrapping flex row); a failed start shows the
 * server's message as a toast.
 */
export function TakeTestButton({ test }: Props) {
  const state = takeTestState(test);
  const start = useStartAttempt();
  const navigate = useNavigate();
  const toast = useToast();
  const helpId = useId();
  const onClick = () =>
    start.mutate(test.testId, {
      onSuccess: (r) => navigate(attemptPath(r.attemptId)),
      onError: (e) => toast.error(isApiError(e) && e.status !== 0 ? e.message : commonMessages.internal),
    });
  // A fragment inside the card's wrapping action row: the reason (order 1, full width) goes under the buttons.
  return (
    <>
      <Button
        variant="contained"
        onClick={onClick}
        disabled={state.disabled || start.isPending}
        aria-describedby={state.help ? helpId : undefined}
        startIcon={
          start.isPending ? (
            <CircularProgress size={16} color="inherit" />
          ) : state.disabled ? null : (
            <PlayArrow />
          )
        }
      >
        {state.label}
      </Button>
      {state.help && (
        <Typography id={helpId} variant="caption" color="textSecondary" sx={{ order: 1, flexBasis: '100%' }}>
          {state.help}
        </Typography>
      )}
    </>
  );
}
