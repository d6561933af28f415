import type { AssignedTest } from '@assess/contracts/learner';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { TOUCH_PX } from '../../components/touch';
import { attemptPath, welcomePath } from './api';
import { takeTestState } from './takeTest';

type Props = {
  test: Pick<AssignedTest, 'testId' | 'attemptNumber' | 'maxAttempts' | 'openAttemptId' | 'startIssue'>;
};

/**
 * Take Test (or Resume, or 'No More Attempts'), the same on /testviewer and /courseTestViewer: Take Test opens
 * the welcome page (the rules, the duration, the attempts left; the attempt starts only with its Start), Resume
 * opens the running attempt. A refusal shows the server's reason under the buttons (render it inside a wrapping
 * flex row).
 */
export function TakeTestButton({ test }: Props) {
  const state = takeTestState(test);
  const navigate = useNavigate();
  const helpId = useId();
  const onClick = () =>
    navigate(
      state.kind === 'resume' && test.openAttemptId !== null
        ? attemptPath(test.openAttemptId)
        : welcomePath(test.testId),
    );
  // A fragment inside the card's wrapping action row: the reason (order 1, full width) goes under the buttons.
  return (
    <>
      <Button
        variant="contained"
        onClick={onClick}
        disabled={state.disabled}
        aria-describedby={state.help ? helpId : undefined}
        startIcon={state.disabled ? null : <PlayArrow />}
        sx={{ minHeight: TOUCH_PX }}
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
