import {
  choiceLabel,
  hasChoiceWeights,
  isChoiceFilled,
  QuestionType,
  weightedCorrectChoices,
} from '@assess/contracts/questions';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { memo, useCallback } from 'react';
import { type Control, useController, useWatch } from 'react-hook-form';
import { FormText } from '../../../components/FormFields';
import type { RichContentFormat } from '../../../components/RichContent';
import { ContentField } from './ContentField';
import { NumberField } from './fields';
import { ImageField } from './ImageField';
import type { QuestionFormValues } from './questionForm';

/**
 * The choices and the answer (§2): six choice rows with their images for MCQ (check boxes: one or more
 * correct) and SCQ (radio buttons: one correct), the fixed True/False pair, or a number for Numerical.
 * Issue 26: MCQ and SCQ may score by choice weights (partial credit; off = all or nothing, the default): each
 * choice then has a weight in percent and the correct choices follow from the weights; every choice of a
 * choice question may have a feedback shown with the evaluation when the student chose it.
 */
export const ChoicesEditor = memo(function ChoicesEditor({
  control,
  format,
  disabled,
}: {
  control: Control<QuestionFormValues>;
  format: RichContentFormat;
  disabled: boolean;
}) {
  const [questionType, contentType, choiceFormat, choices] = useWatch({
    control,
    name: ['questionType', 'contentType', 'choiceFormat', 'choices'],
  });
  const answer = useController({ control, name: 'correctChoices' });
  const choiceRows = useController({ control, name: 'choices' });
  const correct = answer.field.value ?? [];
  const multi = questionType === QuestionType.MCQ;
  const onAnswer = answer.field.onChange;
  // the same function while the answer stays: a keystroke in one choice renders that row only
  const toggle = useCallback(
    (id: number) =>
      onAnswer(
        multi ? (correct.includes(id) ? correct.filter((x) => x !== id) : [...correct, id].sort()) : [id],
      ),
    [onAnswer, multi, correct],
  );

  if (questionType === QuestionType.Numerical)
    return (
      <Box sx={{ maxWidth: 280, display: 'grid', gap: 2 }}>
        <NumberField control={control} name="numericAnswer" label="Answer" disabled={disabled} />
        <NumberField
          control={control}
          name="tolerance"
          label="Tolerance (±)"
          helper="Answers this close to the answer count as right; empty or 0 = exact."
          disabled={disabled}
        />
      </Box>
    );

  const fixed = questionType === QuestionType.TrueFalse;
  const weighted = !fixed && hasChoiceWeights(choices);
  const shown = weighted ? weightedCorrectChoices(questionType, choices) : correct;
  const setWeighted = (on: boolean) =>
    choiceRows.field.onChange(
      choices.map((c, i) => ({
        ...c,
        weight: on
          ? correct.includes(i + 1)
            ? multi
              ? Number((100 / correct.length).toFixed(4))
              : 100
            : 0
          : null,
      })),
    );

  return (
    <Box role="group" aria-labelledby="choices-title">
      <Typography id="choices-title" variant="subtitle2" sx={{ mb: 1 }}>
        Choices{' '}
        <Typography component="span" variant="body2" color="textSecondary">
          (
          {weighted
            ? multi
              ? 'the choices with a positive weight are correct; the positive weights add up to 100'
              : 'the choice at 100 is correct; another may earn part of the points'
            : multi
              ? 'tick every correct choice'
              : 'mark the correct choice'}
          )
        </Typography>
      </Typography>
      {!fixed && (
        <FormControlLabel
          control={
            <Switch checked={weighted} onChange={(e) => setWeighted(e.target.checked)} disabled={disabled} />
          }
          label="Partial credit (choice weights in %)"
          sx={{ mb: 1 }}
        />
      )}
      <Stack spacing={1.25}>
        {choices.map((c, i) => (
          <ChoiceRow
            // biome-ignore lint/suspicious/noArrayIndexKey: choices are positions 1..6
            key={i}
            control={control}
            index={i}
            label={choiceLabel(choiceFormat, i + 1)}
            format={format}
            disabled={disabled}
            multi={multi}
            fixedText={fixed ? c.text : undefined}
            weighted={weighted}
            correct={shown.includes(i + 1)}
            filled={isChoiceFilled(c, contentType)}
            onToggle={toggle}
          />
        ))}
      </Stack>
      {answer.fieldState.error?.message && (
        <Typography color="error" variant="body2" sx={{ mt: 1 }}>
          {answer.fieldState.error.message}
        </Typography>
      )}
    </Box>
  );
});

/** One choice row: correct mark, label, text, weight and feedback, image (memoised: plain props). */
const ChoiceRow = memo(function ChoiceRow({
  control,
  index,
  label,
  format,
  disabled,
  multi,
  fixedText,
  weighted,
  correct,
  filled,
  onToggle,
}: {
  control: Control<QuestionFormValues>;
  index: number;
  label: string;
  format: RichContentFormat;
  disabled: boolean;
  multi: boolean;
  /** True/False: the fixed text (no editing). */
  fixedText: string | null | undefined;
  weighted: boolean;
  correct: boolean;
  filled: boolean;
  onToggle: (id: number) => void;
}) {
  const id = index + 1;
  const fixed = fixedText !== undefined;
  const Mark = multi ? Checkbox : Radio;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} data-testid={`choice-${id}`}>
      <Mark
        checked={correct}
        onChange={() => onToggle(id)}
        disabled={disabled || !filled || weighted}
        name={multi ? undefined : 'correct-choice'}
        slotProps={{ input: { 'aria-label': `Choice ${label} is correct` } }}
        sx={{ mt: 0.25 }}
      />
      <Typography sx={{ fontWeight: 600, minWidth: 32, pt: 1 }}>{label}</Typography>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        {fixed ? (
          <Typography sx={{ pt: 1 }}>{fixedText}</Typography>
        ) : (
          <ContentField
            control={control}
            name={`choices.${index}.text`}
            label={`Choice ${label}`}
            format={format}
            disabled={disabled}
            compact
          />
        )}
        {!fixed && (
          <Stack direction="row" spacing={1} sx={{ mt: 0.75 }}>
            {weighted && (
              <Box sx={{ width: 120, flexShrink: 0 }}>
                <NumberField
                  control={control}
                  name={`choices.${index}.weight`}
                  label={`Weight ${label} (%)`}
                  empty={0}
                  disabled={disabled}
                />
              </Box>
            )}
            <FormText
              control={control}
              name={`choices.${index}.feedback`}
              label={`Feedback ${label}`}
              disabled={disabled}
            />
          </Stack>
        )}
      </Box>
      {!fixed && (
        <Box sx={{ pt: 0.5 }}>
          <ImageField
            control={control}
            name={`choices.${index}.image`}
            label={`Choice ${label} image`}
            disabled={disabled}
            compact
          />
        </Box>
      )}
    </Stack>
  );
});
