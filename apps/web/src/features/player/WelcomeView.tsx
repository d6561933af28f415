import type { TestWelcome } from '@assess/contracts/learner';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { BusyButton } from '../../components/BusyButton';
import { DateTime } from '../../components/DateTime';
import { RichContent } from '../../components/RichContent';
import { TOUCH_PX } from '../../components/touch';

type Props = { welcome: TestWelcome; starting: boolean; problem: string | null; onStart: () => void };

const minutes = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;

/** Our words for the welcome page's rules (the spec gives none). */
export const welcomeTexts = {
  clock: (d: number) => `The clock starts when you press Start: you have ${minutes(d)}.`,
  windowEnd: 'The test closes at',
  windowEndTail: '; an attempt ends then at the latest.',
  back: 'You can go back to earlier pages.',
  noBack: 'You cannot go back to an earlier page.',
  noTimer: 'The time left is not shown while you answer.',
  autoSubmit: 'When the time is up, your answers are submitted as they are.',
  saved:
    'Every answer is saved as you go. If the connection drops, keep answering: your answers are kept on this device and sent when it returns.',
} as const;

/**
 * Before the attempt (issue 27): the test's welcome message (rich text, sanitised by the server), the rules,
 * the duration and the attempts left, and Start — which creates the attempt and starts its clock. Opening this
 * page starts nothing, and 'Back to Assigned Tests' leaves it as it came (a 44 px target each).
 */
export function WelcomeView({ welcome: w, starting, problem, onStart }: Props) {
  const facts: [string, ReactNode][] = [
    ['Questions', String(w.questionCount)],
    ['Sections', w.sections.map((s) => s.name).join(', ')],
    ['Duration', minutes(w.durationMinutes)],
    ['Attempts left', `${w.attemptsLeft} of ${w.maxAttempts}`],
  ];
  const rules: ReactNode[] = [
    welcomeTexts.clock(w.durationMinutes),
    ...(w.windowEnd
      ? [
          <>
            {welcomeTexts.windowEnd} <DateTime value={w.windowEnd} />
            {welcomeTexts.windowEndTail}
          </>,
        ]
      : []),
    w.navigationAllowed ? welcomeTexts.back : welcomeTexts.noBack,
    ...(w.showTimer ? [] : [welcomeTexts.noTimer]),
    welcomeTexts.autoSubmit,
    welcomeTexts.saved,
  ];
  const refused = problem ?? w.startIssue;
  return (
    <Box component="main" sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 720, mx: 'auto' }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography component="h1" variant="h5" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {w.name}
        </Typography>
        {w.welcomeMessage && (
          <RichContent
            value={w.welcomeMessage}
            format="html"
            sx={{ mb: 2, fontSize: 16 }}
            data-testid="welcome-message"
          />
        )}
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, mb: 2 }}
          data-testid="welcome-facts"
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
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Rules
        </Typography>
        <Box component="ul" sx={{ mt: 0.5, mb: 2, pl: 3 }} data-testid="welcome-rules">
          {rules.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, rendered once
            <Typography component="li" variant="body2" key={i} sx={{ mb: 0.5 }}>
              {r}
            </Typography>
          ))}
        </Box>
        {refused && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {refused}
          </Alert>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <BusyButton
            size="large"
            onClick={onStart}
            disabled={starting || Boolean(w.startIssue)}
            autoFocus
            fullWidth
            sx={{ maxWidth: 240, minHeight: TOUCH_PX }}
            busy={starting}
          >
            Start
          </BusyButton>
          <Button component={RouterLink} to="/testviewer" disabled={starting} sx={{ minHeight: TOUCH_PX }}>
            Back to Assigned Tests
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
