import { type AttemptResultView, learnerMessages as m } from '@assess/contracts/learner';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { RichContent } from '../../components/RichContent';

// The learner area's Evaluation dialog, loaded only when asked for (it is not part of the player's route).
const EvaluationDialog = lazy(() =>
  import('../learner/EvaluationDialog').then((mod) => ({ default: mod.EvaluationDialog })),
);

const resultNames: Record<number, string> = { 1: 'Failed', 2: 'Passed', 3: 'Mastery' };

type Props = { testId: number; testName: string; result: AttemptResultView };

/**
 * After submit (or at the deadline): the confirmation, the score and result when the test shows results, the
 * feedback and the conclude message; the way back to the Assigned Tests, where View Assessment opens the
 * evaluation.
 */
export function ResultView({ testId, testName, result: r }: Props) {
  const [evaluation, setEvaluation] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const failed = r.result === 1;
  return (
    <Box
      component="main"
      sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 720, mx: 'auto' }}
      data-testid="player-result"
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography
          component="h1"
          variant="h5"
          ref={heading}
          tabIndex={-1}
          sx={{ mb: 2, overflowWrap: 'anywhere', outline: 'none' }}
        >
          {testName}
        </Typography>
        <Alert severity="success" sx={{ mb: 2 }}>
          {m.submitted}
        </Alert>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, mb: 2 }}
        >
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            Answered
          </Box>
          <Box component="dd" sx={{ m: 0 }}>
            {r.answeredCount} of {r.questionCount}
          </Box>
          {r.showResult && r.actualScore !== null && (
            <>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                Score
              </Box>
              <Box component="dd" sx={{ m: 0, fontWeight: 600 }} data-testid="result-score">
                {r.actualScore} / {r.totalScore}
              </Box>
            </>
          )}
          {r.showResult && r.result !== null && (
            <>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                Result
              </Box>
              <Box
                component="dd"
                sx={{ m: 0, fontWeight: 600, color: failed ? 'error.main' : 'success.dark' }}
                data-testid="result-name"
              >
                {resultNames[r.result]}
              </Box>
            </>
          )}
        </Box>
        {!r.showResult && (
          <Typography color="textSecondary" sx={{ mb: 2 }}>
            {m.resultHidden}
          </Typography>
        )}
        {r.feedback && (
          <Typography sx={{ whiteSpace: 'pre-wrap', mb: 1 }} data-testid="result-feedback">
            {r.feedback}
          </Typography>
        )}
        {r.concludeMessage && (
          <RichContent
            value={r.concludeMessage}
            format="html"
            sx={{ mb: 2, fontSize: 16 }}
            data-testid="conclude-message"
          />
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
          <Button variant="contained" component={RouterLink} to="/testviewer">
            Back to Assigned Tests
          </Button>
          {r.showResult && (
            <Button variant="outlined" onClick={() => setEvaluation(true)} aria-haspopup="dialog">
              View Assessment
            </Button>
          )}
        </Stack>
      </Paper>
      {evaluation && (
        <Suspense fallback={null}>
          <EvaluationDialog
            testId={testId}
            testName={testName}
            attemptId={r.attemptId}
            onClose={() => setEvaluation(false)}
          />
        </Suspense>
      )}
    </Box>
  );
}
