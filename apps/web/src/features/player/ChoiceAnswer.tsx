import { choiceLabel } from '@assess/contracts/questions';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { RichContent, type RichContentFormat } from '../../components/RichContent';
import { TOUCH_PX } from '../../components/touch';
import { QuestionImage } from './QuestionImage';
import { type PlayerQuestion, QuestionTypeCodes } from './questionTypes';

type Props = {
  question: PlayerQuestion;
  format: RichContentFormat;
  value: number[];
  onChange: (choiceIds: number[]) => void;
  /** Ids of the elements naming the question (its number and text). */
  labelledBy: string;
};

/** A choice with its label in the section's choice format (the preview and the evaluation use the same rule). */
function ChoiceLabel({
  label,
  text,
  imageUrl,
  format,
}: {
  label: string;
  text: string | null;
  imageUrl: string | null;
  format: RichContentFormat;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ py: 1, alignItems: 'flex-start', minWidth: 0 }}>
      <Box component="span" sx={{ fontWeight: 600, minWidth: 28 }}>
        {label}
      </Box>
      <Box component="span" sx={{ minWidth: 0, display: 'block' }}>
        <RichContent value={text} format={format} />
        <QuestionImage src={imageUrl} alt={`Choice ${label} image`} maxHeight={160} />
      </Box>
    </Stack>
  );
}

const optionSx = (checked: boolean) => ({
  m: 0,
  alignItems: 'flex-start',
  border: 1,
  borderColor: checked ? 'primary.main' : 'divider',
  bgcolor: checked ? 'action.selected' : undefined,
  borderRadius: 1,
  pr: 1,
});

/**
 * MCQ: check boxes (any number, Space toggles); SCQ and True/False: a radio group (arrow keys choose), with
 * 'Clear answer' to take a single choice back.
 */
export function ChoiceAnswer({ question: q, format, value, onChange, labelledBy }: Props) {
  const labelOf = (c: PlayerQuestion['choices'][number]) => (
    <ChoiceLabel
      label={choiceLabel(q.choiceFormat, c.choiceId)}
      text={c.text}
      imageUrl={c.imageUrl}
      format={format}
    />
  );
  if (q.questionType === QuestionTypeCodes.MCQ)
    return (
      <Stack role="group" aria-labelledby={labelledBy} spacing={1}>
        {q.choices.map((c) => {
          const checked = value.includes(c.choiceId);
          return (
            <FormControlLabel
              key={c.choiceId}
              sx={optionSx(checked)}
              control={
                <Checkbox
                  checked={checked}
                  onChange={() =>
                    onChange(
                      checked
                        ? value.filter((id) => id !== c.choiceId)
                        : [...value, c.choiceId].sort((a, b) => a - b),
                    )
                  }
                />
              }
              label={labelOf(c)}
            />
          );
        })}
      </Stack>
    );
  const picked = value[0];
  return (
    <Box>
      <RadioGroup
        aria-labelledby={labelledBy}
        value={picked === undefined ? '' : String(picked)}
        onChange={(e) => onChange([Number(e.target.value)])}
        sx={{ gap: 1 }}
      >
        {q.choices.map((c) => (
          <FormControlLabel
            key={c.choiceId}
            value={String(c.choiceId)}
            sx={optionSx(picked === c.choiceId)}
            control={<Radio />}
            label={labelOf(c)}
          />
        ))}
      </RadioGroup>
      {picked !== undefined && (
        <Button
          size="small"
          sx={{ mt: 1, minHeight: TOUCH_PX }}
          onClick={() => onChange([])}
          aria-describedby={labelledBy.split(' ')[0]}
        >
          Clear answer
        </Button>
      )}
    </Box>
  );
}
