import {
  AttemptStatus,
  type AttemptSummary,
  type Evaluation,
  type ReviewVisibility,
  reviewItemLabels,
  reviewItems,
} from '@assess/contracts/learner';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { AppModal } from '../../components/AppModal';
import { DateTime } from '../../components/DateTime';
import { EmptyState } from '../../components/EmptyState';
import { SkeletonGroup } from '../../components/Skeletons';
import { useAttempts, useEvaluation } from './api';
import { EvaluationQuestion } from './EvaluationQuestion';
import { LoadError } from './LoadError';
import { resultView, scoreText } from './takeTest';

/** Our words (the spec gives none). */
export const evaluationTexts = {
  title: (testName: string) => `Evaluation: ${testName}`,
  noClosedAttempt: 'No finished attempt yet.',
  attempt: 'Attempt',
  /** What the test's review options do not show yet, e.g. 'Not shown yet: right answers, solutions.' */
  notShownYet: (items: string[]) => `Not shown yet: ${items.join(', ')}.`,
} as const;

/** The items of an evaluation the review options hide now, in the editor's words (lower case). */
const hiddenItems = (review: ReviewVisibility) =>
  reviewItems.filter((item) => !review[item]).map((item) => reviewItemLabels[item].toLowerCase());

const closed = (a: AttemptSummary) => a.status !== AttemptStatus.Open;

function Loading({ label }: { label: string }) {
  return (
    <SkeletonGroup label={label} sx={{ display: 'grid', gap: 1 }}>
      <Skeleton variant="text" sx={{ width: '40%', fontSize: 20 }} />
      <Skeleton variant="rounded" height={120} />
      <Skeleton variant="rounded" height={120} />
    </SkeletonGroup>
  );
}

function AttemptEvaluation({ attemptId }: { attemptId: number }) {
  return <EvaluationView ev={useEvaluation(attemptId)} />;
}

/** One attempt's evaluation as loaded (the student's own, or staff's reading from the analytics' top five). */
export function EvaluationView({ ev }: { ev: UseQueryResult<Evaluation, Error> }) {
  if (ev.isError) return <LoadError error={ev.error} onRetry={() => void ev.refetch()} />;
  if (ev.isPending) return <Loading label="Loading the evaluation" />;
  const e = ev.data;
  const r = resultView(e.result);
  const hidden = hiddenItems(e.review);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {e.review.score && (
        <Box
          data-testid="evaluation-score"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'baseline', fontSize: 16 }}
        >
          <Typography component="p" sx={{ fontWeight: 600, fontSize: 18 }}>
            Score: {scoreText(e.actualScore, e.totalScore)}
          </Typography>
          <Typography component="p">
            Result: <strong>{r.text}</strong>
            {r.mastery && ' (Mastery)'}
          </Typography>
        </Box>
      )}
      {hidden.length > 0 && (
        <Alert severity="info" data-testid="evaluation-hidden">
          {evaluationTexts.notShownYet(hidden)}
        </Alert>
      )}
      {e.sections.map((s) => (
        <Box component="section" key={s.poolId} aria-label={s.name} sx={{ display: 'grid', gap: 1 }}>
          <Typography component="h3" sx={{ fontWeight: 600, fontSize: 16 }}>
            {s.name}
            {s.score !== null && (
              <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                {' '}
                ({scoreText(s.score, s.total)})
              </Box>
            )}
          </Typography>
          <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {s.questions.map((q) => (
              <EvaluationQuestion key={q.questionId} q={q} review={e.review} />
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export type EvaluationDialogProps = {
  testId: number;
  testName: string;
  onClose: () => void;
  /** The attempt shown first; the latest finished one otherwise. */
  attemptId?: number;
};

/**
 * View Assessment (part 3 §2 "Learner area"): the Evaluation dialog with an attempt selector and the score,
 * then per question the student's answer, the right answer, the solution and the marks. Mount it to open it
 * (the player may show it after a submit, with `attemptId`).
 */
export function EvaluationDialog({ testId, testName, onClose, attemptId }: EvaluationDialogProps) {
  const attempts = useAttempts(testId);
  const [picked, setPicked] = useState<number | null>(attemptId ?? null);
  const finished = (attempts.data ?? []).filter(closed).sort((a, b) => b.attemptNumber - a.attemptNumber);
  const selected = picked ?? finished[0]?.attemptId ?? null;
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  return (
    <AppModal open onClose={onClose} title={evaluationTexts.title(testName)} maxWidth="md" fullScreen={phone}>
      {attempts.isError ? (
        <LoadError error={attempts.error} onRetry={() => void attempts.refetch()} />
      ) : attempts.isPending ? (
        <Loading label="Loading the attempts" />
      ) : finished.length === 0 || selected === null ? (
        <EmptyState message={evaluationTexts.noClosedAttempt} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <TextField
            select
            size="small"
            label={evaluationTexts.attempt}
            value={selected}
            onChange={(ev) => setPicked(Number(ev.target.value))}
            sx={{ maxWidth: 360 }}
          >
            {finished.map((a) => (
              <MenuItem key={a.attemptId} value={a.attemptId}>
                {evaluationTexts.attempt} {a.attemptNumber} –&nbsp;
                <DateTime value={a.submittedAt ?? a.deadline} dateOnly />
              </MenuItem>
            ))}
          </TextField>
          <AttemptEvaluation key={selected} attemptId={selected} />
        </Box>
      )}
    </AppModal>
  );
}
