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
export function ChoicesEditor({
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

  const multi = questionType === QuestionType.MCQ;
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
  const toggle = (id: number) =>
    answer.field.onChange(
      multi ? (correct.includes(id) ? correct.filter((x) => x !== id) : [...correct, id].sort()) : [id],
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
        {choices.map((c, i) => {
          const id = i + 1;
          const label = choiceLabel(choiceFormat, id);
          const filled = isChoiceFilled(c, contentType);
          const Control = multi ? Checkbox : Radio;
          return (
            <Stack
              // biome-ignore lint/suspicious/noArrayIndexKey: choices are positions 1..6
              key={i}
              direction="row"
              spacing={1}
              sx={{ alignItems: 'flex-start' }}
              data-testid={`choice-${id}`}
            >
              <Control
                checked={shown.includes(id)}
                onChange={() => toggle(id)}
                disabled={disabled || !filled || weighted}
                name={multi ? undefined : 'correct-choice'}
                slotProps={{ input: { 'aria-label': `Choice ${label} is correct` } }}
                sx={{ mt: 0.25 }}
              />
              <Typography sx={{ fontWeight: 600, minWidth: 32, pt: 1 }}>{label}</Typography>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                {fixed ? (
                  <Typography sx={{ pt: 1 }}>{c.text}</Typography>
                ) : (
                  <ContentField
                    control={control}
                    name={`choices.${i}.text`}
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
                          name={`choices.${i}.weight`}
                          label={`Weight ${label} (%)`}
                          empty={0}
                          disabled={disabled}
                        />
                      </Box>
                    )}
                    <FormText
                      control={control}
                      name={`choices.${i}.feedback`}
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
                    name={`choices.${i}.image`}
                    label={`Choice ${label} image`}
                    disabled={disabled}
                    compact
                  />
                </Box>
              )}
            </Stack>
          );
        })}
      </Stack>
      {answer.fieldState.error?.message && (
        <Typography color="error" variant="body2" sx={{ mt: 1 }}>
          {answer.fieldState.error.message}
        </Typography>
      )}
    </Box>
  );
}
