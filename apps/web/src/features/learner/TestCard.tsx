import { type AssignedTest, learnerMessages as m, type SeriesTest } from '@assess/contracts/learner';
import { TestSubscription } from '@assess/contracts/series';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { DateTime } from '../../components/DateTime';
import { TOUCH_PX } from '../../components/touch';
import { visuallyHidden } from '../../components/visuallyHidden';
import { EvaluationDialog } from './EvaluationDialog';
import { TakeTestButton } from './TakeTestButton';
import { attemptsText, canViewAssessment, resultView, scoreText } from './takeTest';

function Result({ value }: { value: AssignedTest['result'] }) {
  const r = resultView(value);
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        fontWeight: value === null ? undefined : 600,
        color: value === 1 ? 'error.dark' : value === null ? undefined : 'success.dark',
      }}
    >
      {r.text}
      {r.mastery && (
        <>
          <WorkspacePremium fontSize="small" sx={{ color: 'warning.dark' }} aria-hidden />
          <Box component="span" sx={visuallyHidden}>
            (Mastery)
          </Box>
        </>
      )}
    </Box>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box component="dt" sx={{ color: 'text.secondary' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </>
  );
}

/** View Assessment (disabled without attempts) opening the Evaluation dialog of the test. */
function ViewAssessment({ test }: { test: AssignedTest }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        disabled={!canViewAssessment(test)}
        onClick={() => setOpen(true)}
        sx={{ minHeight: TOUCH_PX }}
      >
        {m.viewAssessment}
      </Button>
      {open && <EvaluationDialog testId={test.testId} testName={test.name} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * One assigned test as a card (phone-first; cards sit side by side on wide screens). `full` shows the
 * Assigned Tests columns (part 3 §2); `series` the series' test fields (name, objective, attempt number).
 */
export function TestCard({ test, variant }: { test: AssignedTest | SeriesTest; variant: 'full' | 'series' }) {
  const titleId = useId();
  const trial = 'testSubscriptionStatus' in test && test.testSubscriptionStatus === TestSubscription.Trial;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={titleId}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            id={titleId}
            component={variant === 'series' ? 'h3' : 'h2'}
            sx={{ fontSize: 17, fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {test.name}
          </Typography>
          {test.objective && (
            <Typography variant="body2" color="textSecondary">
              {test.objective}
            </Typography>
          )}
        </Box>
        {trial && <Chip size="small" label="Trial" />}
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'max-content minmax(0, 1fr)',
          columnGap: 2,
          rowGap: 0.5,
          fontSize: 14,
        }}
      >
        {variant === 'full' ? (
          <>
            <Field label="Result">
              <Result value={test.result} />
            </Field>
            <Field label="Score">{scoreText(test.actualScore, test.totalScore)}</Field>
            <Field label="Attempts">{attemptsText(test)}</Field>
            <Field label="Last attempt">
              <DateTime value={test.attemptedOn} fallback={m.noResult} />
            </Field>
            <Field label="Expiry">
              <DateTime value={test.expiryDate} dateOnly fallback={m.noResult} />
            </Field>
          </>
        ) : (
          <Field label="Attempt number">{attemptsText(test)}</Field>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 'auto' }}>
        <TakeTestButton test={test} />
        <ViewAssessment test={test} />
      </Box>
    </Card>
  );
}
