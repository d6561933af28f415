import type { Evaluation, ReviewVisibility } from '@assess/contracts/learner';
import { choiceLabel, QuestionType } from '@assess/contracts/questions';
import Cancel from '@mui/icons-material/Cancel';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { RichContent, type RichContentFormat } from '../../components/RichContent';
import { QuestionImage } from '../player/QuestionImage';
import { formatOf } from '../question-bank/content';

export type EvaluatedQuestion = Evaluation['sections'][number]['questions'][number];

/** Our words for the outcome of a question (the spec gives none). */
export const outcomeText: Record<NonNullable<EvaluatedQuestion['outcome']>, string> = {
  correct: 'Correct',
  partial: 'Partially correct',
  wrong: 'Wrong',
  unanswered: 'Not answered',
  notCounted: 'Not counted',
};
const outcomeColor = {
  correct: 'success',
  partial: 'warning',
  wrong: 'error',
  unanswered: 'default',
  notCounted: 'default',
} as const;

/** The section's choice labels: the same rule as the player and the staff preview (issue 27). */
const labelsOf = (q: EvaluatedQuestion) => (choiceId: number) => choiceLabel(q.choiceFormat, choiceId);
const num = (n: number) => String(Math.round(n * 100) / 100);

/** The evaluation's images: the player's, a little lower, with room above and below. */
const Img = ({ src, alt }: { src: string | null; alt: string }) => (
  <QuestionImage src={src} alt={alt} maxHeight={240} spacing={{ my: 1 }} />
);

function Line({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Typography component="p" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      <Box component="span" sx={{ color: 'text.secondary', marginInlineEnd: 1 }}>
        {name}:
      </Box>
      {children}
    </Typography>
  );
}

function Choices({ q, format }: { q: EvaluatedQuestion; format: RichContentFormat }) {
  const label = labelsOf(q);
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
      {q.choices.map((c) => {
        const given = q.givenChoiceIds?.includes(c.choiceId) ?? false;
        const right = q.correctChoiceIds?.includes(c.choiceId) ?? false;
        // without the right answers (review options), the student's answer is marked, not judged
        const wrong = given && !right && q.correctChoiceIds !== null;
        return (
          <Box
            component="li"
            key={c.choiceId}
            sx={{
              display: 'flex',
              alignItems: 'flex-start',
              gap: 1,
              p: 0.75,
              borderRadius: 1,
              border: 1,
              borderColor: right ? 'success.main' : wrong ? 'error.main' : given ? 'primary.main' : 'divider',
              bgcolor: right ? 'rgba(46, 125, 50, 0.06)' : wrong ? 'rgba(211, 47, 47, 0.05)' : undefined,
            }}
          >
            <Box component="span" sx={{ fontWeight: 600, minWidth: 28 }}>
              {label(c.choiceId)}
            </Box>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <RichContent value={c.text} format={format} />
              <Img src={c.imageUrl} alt={`Choice ${label(c.choiceId)}`} />
            </Box>
            {(given || right) && (
              <Box
                component="span"
                sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontSize: 12, whiteSpace: 'nowrap' }}
              >
                {right ? (
                  <CheckCircle fontSize="small" color="success" aria-hidden />
                ) : wrong ? (
                  <Cancel fontSize="small" color="error" aria-hidden />
                ) : null}
                {[given && 'Your answer', right && 'Right answer'].filter(Boolean).join(', ')}
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

const choicesText = (q: EvaluatedQuestion, ids: number[]) =>
  ids.length ? ids.map(labelsOf(q)).join(', ') : outcomeText.unanswered;

/**
 * One question of an evaluation as the student saw it: the paragraph and the question, the choices with
 * the student's answer and the right answer marked (in words, not only in colour), the solution and the marks
 * — each only when the test's review options show it now (`review`).
 */
export function EvaluationQuestion({ q, review }: { q: EvaluatedQuestion; review: ReviewVisibility }) {
  const format = formatOf(q.contentType);
  const numeric = q.questionType === QuestionType.Numerical;
  return (
    <Box
      component="li"
      aria-label={`Question ${q.number}`}
      sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, display: 'grid', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography component="h4" sx={{ fontWeight: 600, fontSize: 15 }}>
          Question {q.number}
        </Typography>
        {q.outcome && (
          <Chip
            size="small"
            label={outcomeText[q.outcome]}
            color={outcomeColor[q.outcome]}
            variant="outlined"
          />
        )}
        {q.marks !== null && (
          <Typography variant="body2" sx={{ marginInlineStart: 'auto' }}>
            Marks: {num(q.marks)} / {num(q.points)}
          </Typography>
        )}
      </Box>
      {q.paragraphText || q.paragraphImageUrl ? (
        <Box sx={{ bgcolor: 'grey.50', p: 1, borderRadius: 1 }}>
          <RichContent value={q.paragraphText} format={format} />
          <Img src={q.paragraphImageUrl} alt={`Paragraph of question ${q.number}`} />
        </Box>
      ) : null}
      <RichContent value={q.text} format={format} />
      <Img src={q.imageUrl} alt={`Image of question ${q.number}`} />
      {numeric ? (
        <>
          {review.answers && (
            <Line name="Your answer">
              {q.givenNumeric === null ? outcomeText.unanswered : q.givenNumeric}
            </Line>
          )}
          {review.rightAnswers && (
            <Line name="Right answer">
              {q.correctNumeric ?? '-'}
              {q.correctNumeric !== null && q.tolerance ? ` (± ${q.tolerance})` : ''}
            </Line>
          )}
        </>
      ) : (
        <>
          <Choices q={q} format={format} />
          {q.givenChoiceIds && <Line name="Your answer">{choicesText(q, q.givenChoiceIds)}</Line>}
          {q.correctChoiceIds && <Line name="Right answer">{choicesText(q, q.correctChoiceIds)}</Line>}
        </>
      )}
      {q.feedback && (q.feedback.text || q.feedback.choices.length) ? (
        // issue 26: the question's and the chosen choices' feedback (shown with the solutions)
        <Box aria-label={`Feedback of question ${q.number}`}>
          <Typography component="h5" variant="body2" sx={{ fontWeight: 600 }}>
            Feedback
          </Typography>
          {q.feedback.text && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {q.feedback.text}
            </Typography>
          )}
          {q.feedback.choices.map((f) => (
            <Line key={f.choiceId} name={labelsOf(q)(f.choiceId)}>
              <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
                {f.text}
              </Box>
            </Line>
          ))}
        </Box>
      ) : null}
      {q.solutionText || q.solutionImageUrl ? (
        <Box>
          <Typography component="h5" variant="body2" sx={{ fontWeight: 600 }}>
            Solution
          </Typography>
          <RichContent value={q.solutionText} format={format} />
          <Img src={q.solutionImageUrl} alt={`Solution of question ${q.number}`} />
        </Box>
      ) : null}
    </Box>
  );
}
