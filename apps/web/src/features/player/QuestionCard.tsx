import type { SavedAnswer } from '@assess/contracts/learner';
import BookmarkIcon from '@mui/icons-material/Bookmark';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { RichContent } from '../../components/RichContent';
import { TOUCH_PX } from '../../components/touch';
import { visuallyHidden } from '../../components/visuallyHidden';
import { ChoiceAnswer } from './ChoiceAnswer';
import { NumericAnswer } from './NumericAnswer';
import { QuestionImage } from './QuestionImage';
import { formatOf, type PlayerQuestion, QuestionTypeCodes } from './questionTypes';
import type { AnswerChange } from './saveQueue';

type Props = {
  question: PlayerQuestion;
  answer: SavedAnswer | undefined;
  onChange: (change: AnswerChange) => void;
  showHint: boolean;
  showBookmark: boolean;
};

const pointsText = (p: number) => `${p} ${p === 1 ? 'point' : 'points'}`;

/** One question: passage, text and image, the hint behind a button, the bookmark toggle and the answer input. */
export function QuestionCard({ question: q, answer, onChange, showHint, showBookmark }: Props) {
  const format = formatOf(q.contentType);
  const id = useId();
  const headingId = `${id}-h`;
  const textId = `${id}-t`;
  const hintId = `${id}-hint`;
  const [hintOpen, setHintOpen] = useState(false);
  const bookmarked = answer?.bookmarked ?? false;
  const hasPassage = Boolean(q.paragraphText || q.paragraphImageUrl);

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid={`player-question-${q.number}`}
      sx={{ p: { xs: 1.5, sm: 2.5 } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h3" variant="h6" id={headingId} sx={{ fontSize: 17 }}>
          Question {q.number}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {/* a question's isMandatory is the section's "always drawn" (part 2 §4), not a rule for the student */}
          {pointsText(q.points)}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {showBookmark && (
          <Button
            size="small"
            variant={bookmarked ? 'contained' : 'outlined'}
            color={bookmarked ? 'warning' : 'primary'}
            aria-pressed={bookmarked}
            startIcon={bookmarked ? <BookmarkIcon /> : <BookmarkBorderIcon />}
            onClick={() => onChange({ bookmarked: !bookmarked })}
            sx={{ minHeight: TOUCH_PX }}
          >
            Bookmark
            <Box component="span" sx={visuallyHidden}>
              {` question ${q.number}`}
            </Box>
          </Button>
        )}
      </Stack>

      {hasPassage && (
        <Box
          component="figure"
          aria-label={`Passage of question ${q.number}`}
          sx={{ m: 0, mb: 2, p: 1.5, borderLeft: 4, borderColor: 'primary.light', bgcolor: 'action.hover' }}
        >
          <RichContent value={q.paragraphText} format={format} />
          <QuestionImage src={q.paragraphImageUrl} alt={`Passage image of question ${q.number}`} />
        </Box>
      )}

      <Box id={textId} sx={{ mb: 2, fontSize: 16 }} data-testid="question-text">
        <RichContent value={q.text} format={format} />
        <QuestionImage src={q.imageUrl} alt={`Image of question ${q.number}`} />
      </Box>

      {q.questionType === QuestionTypeCodes.Numerical ? (
        <NumericAnswer
          value={answer?.numericAnswer ?? null}
          onChange={(numericAnswer) => onChange({ numericAnswer })}
          label={`Answer to question ${q.number}`}
          describedBy={textId}
        />
      ) : (
        <ChoiceAnswer
          question={q}
          format={format}
          value={answer?.choiceIds ?? []}
          onChange={(choiceIds) => onChange({ choiceIds })}
          labelledBy={`${headingId} ${textId}`}
        />
      )}

      {showHint && q.hint && (
        <Box sx={{ mt: 1.5 }}>
          <Button
            size="small"
            startIcon={<LightbulbOutlinedIcon />}
            aria-expanded={hintOpen}
            aria-controls={hintId}
            onClick={() => setHintOpen((o) => !o)}
            sx={{ minHeight: TOUCH_PX }}
          >
            {hintOpen ? 'Hide hint' : 'Show hint'}
          </Button>
          <Box
            id={hintId}
            hidden={!hintOpen}
            sx={{ mt: 1, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}
          >
            <RichContent value={q.hint} format={format} />
          </Box>
        </Box>
      )}
    </Paper>
  );
}
