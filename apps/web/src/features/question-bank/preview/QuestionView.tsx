import {
  questionMessages as m,
  type QuestionPreview,
  QuestionType,
  questionTypeNames,
} from '@assess/contracts/questions';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Popover from '@mui/material/Popover';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { RichContent } from '../../../components/RichContent';
import { formatOf, QuestionImage } from '../content';

/** A button that opens a popover with its content, or with `empty` when there is none. */
function InfoPopover({
  label,
  icon,
  empty,
  children,
}: {
  label: string;
  icon: ReactNode;
  empty: string;
  children: ReactNode | null;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={icon}
        aria-haspopup="dialog"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? id : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {label}
      </Button>
      <Popover
        id={id}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': label, sx: { p: 2, maxWidth: 480 } } }}
      >
        {children ?? <Typography color="textSecondary">{empty}</Typography>}
      </Popover>
    </>
  );
}

/**
 * A question as a learner sees it: the passage and hint behind their buttons ('Content not available' /
 * 'Hint not available' when empty), the question with its image, the choices (check boxes for MCQ, radio
 * buttons for SCQ and True/False) or a number input for Numerical. Answers given here are not kept.
 */
export function QuestionView({ question: q }: { question: QuestionPreview }) {
  const format = formatOf(q.contentType);
  const [picked, setPicked] = useState<number[]>([]);
  const [numeric, setNumeric] = useState('');
  const groupId = useId();
  const multi = q.questionType === QuestionType.MCQ;
  const hasParagraph = Boolean(q.paragraphText || q.paragraphImage);
  const toggle = (id: number) =>
    setPicked((p) => (multi ? (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]) : [id]));

  return (
    <Box data-testid="question-view">
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
        <Chip size="small" label={questionTypeNames[q.questionType]} />
        <Chip size="small" variant="outlined" label={`Points: ${q.points}`} />
        {q.negativePoints !== 0 && (
          <Chip size="small" variant="outlined" label={`Negative points: ${q.negativePoints}`} />
        )}
        {q.duration ? <Chip size="small" variant="outlined" label={`Duration: ${q.duration} s`} /> : null}
        <Box sx={{ flexGrow: 1 }} />
        <InfoPopover label="Content" icon={<ArticleOutlinedIcon />} empty={m.contentNotAvailable}>
          {hasParagraph ? (
            <Stack spacing={1}>
              <RichContent value={q.paragraphText} format={format} />
              <QuestionImage imageId={q.paragraphImage} alt="Paragraph image" />
            </Stack>
          ) : null}
        </InfoPopover>
        <InfoPopover label="Hint" icon={<LightbulbOutlinedIcon />} empty={m.hintNotAvailable}>
          {q.hint ? <RichContent value={q.hint} format={format} /> : null}
        </InfoPopover>
      </Stack>

      <Box id={groupId} sx={{ mb: 2, fontSize: 16 }} data-testid="question-text">
        <RichContent value={q.text} format={format} />
        <QuestionImage imageId={q.image} alt="Question image" sx={{ mt: q.text ? 1.5 : 0 }} />
      </Box>

      {q.questionType === QuestionType.Numerical ? (
        <TextField
          type="number"
          size="small"
          label="Your answer"
          value={numeric}
          onChange={(e) => setNumeric(e.target.value)}
          sx={{ maxWidth: 240 }}
        />
      ) : (
        <Stack role={multi ? 'group' : 'radiogroup'} aria-labelledby={groupId} spacing={1}>
          {q.choices.map((c) => (
            <FormControlLabel
              key={c.choiceId}
              sx={{
                m: 0,
                alignItems: 'flex-start',
                border: 1,
                borderColor: picked.includes(c.choiceId) ? 'primary.main' : 'divider',
                borderRadius: 1,
                px: 1,
                py: 0.5,
              }}
              control={
                multi ? (
                  <Checkbox checked={picked.includes(c.choiceId)} onChange={() => toggle(c.choiceId)} />
                ) : (
                  <Radio checked={picked.includes(c.choiceId)} onChange={() => toggle(c.choiceId)} />
                )
              }
              label={
                <Stack direction="row" spacing={1} sx={{ pt: 1, alignItems: 'flex-start' }}>
                  <Typography component="span" sx={{ fontWeight: 600, minWidth: 28 }}>
                    {c.label}
                  </Typography>
                  <Box sx={{ minWidth: 0 }}>
                    <RichContent value={c.text} format={format} />
                    <QuestionImage imageId={c.image} alt={`Choice ${c.label} image`} maxHeight={160} />
                  </Box>
                </Stack>
              }
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}
