import type { AttemptState } from '@assess/contracts/learner';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RichContent } from '../../components/RichContent';
import { spokenTimeLeft } from './clock';

type Props = { state: AttemptState; timeLeftMs: number; onStart: () => void };

/** Before the first question: the test's welcome message (rich text, sanitised by the server), what is ahead, and Start (the clock already runs). */
export function WelcomeView({ state, timeLeftMs, onStart }: Props) {
  const questions = state.sections.reduce((n, s) => n + s.questions.length, 0);
  const facts: [string, string][] = [
    ['Questions', String(questions)],
    ['Sections', state.sections.map((s) => s.name).join(', ')],
    ['Attempt', String(state.attemptNumber)],
  ];
  if (state.showTimer) facts.push(['Time left', spokenTimeLeft(timeLeftMs)]);
  return (
    <Box component="main" sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 720, mx: 'auto' }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography component="h1" variant="h5" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {state.testName}
        </Typography>
        {state.welcomeMessage && (
          <RichContent
            value={state.welcomeMessage}
            format="html"
            sx={{ mb: 2, fontSize: 16 }}
            data-testid="welcome-message"
          />
        )}
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, mb: 3 }}
        >
          {facts.map(([k, v]) => (
            <Box key={k} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                {k}
              </Box>
              <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {v}
              </Box>
            </Box>
          ))}
        </Box>
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
          Every answer is saved as you go. If the connection drops, keep answering: your answers are kept on
          this device and sent when it returns.
        </Typography>
        <Button variant="contained" size="large" onClick={onStart} autoFocus fullWidth sx={{ maxWidth: 240 }}>
          Start
        </Button>
      </Paper>
    </Box>
  );
}
