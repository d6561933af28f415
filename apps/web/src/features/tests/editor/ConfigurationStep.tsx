import { testDifficultyOptions } from '@assess/contracts/tests';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import { type Control, Controller } from 'react-hook-form';
import { FormText, OptionSelect } from '../../../components/FormFields';
import { NumberInput } from '../../question-bank/dialog/fields';
import { ReviewOptionsField } from './ReviewOptionsField';
import type { TestFormValues } from './testForm';

type NumberName =
  | 'duration'
  | 'passingScore'
  | 'masteryScore'
  | 'totalScore'
  | 'attemptsAllowed'
  | 'questionsPerPage'
  | 'pointsPerQuestion'
  | 'negativePointsPerQuestion';
type FlagName = 'navigationAllowed' | 'showHint' | 'showBookmark' | 'showResult' | 'showTimer';

/** Fields the caller may not change (its configuration privilege is missing), besides a read-only test. */
export type LockedFields = Partial<Record<NumberName | FlagName, boolean>>;

function NumberField({
  control,
  name,
  label,
  disabled,
  integer,
  empty = null,
  helper,
}: {
  control: Control<TestFormValues>;
  name: NumberName;
  label: string;
  disabled: boolean;
  integer?: boolean;
  empty?: number | null;
  helper?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          value={typeof field.value === 'number' ? field.value : null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={disabled}
          integer={integer}
          empty={empty}
          error={fieldState.error?.message}
          helper={helper}
        />
      )}
    />
  );
}

function Flag({
  control,
  name,
  label,
  disabled,
}: {
  control: Control<TestFormValues>;
  name: FlagName;
  label: string;
  disabled: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          disabled={disabled}
          control={
            <Switch
              checked={Boolean(field.value)}
              onChange={(_e, checked) => field.onChange(checked)}
              onBlur={field.onBlur}
              slotProps={{ input: { ref: field.ref } }}
            />
          }
        />
      )}
    />
  );
}

/**
 * Step 2, Configuration (part 3 §5 "Test configuration"): difficulty, duration, scores, attempts, questions per
 * page, points, expiry, display flags and feedback. Fields guarded by a configuration privilege the caller
 * lacks are disabled (the server refuses a change to them too).
 */
export function ConfigurationStep({
  control,
  disabled,
  locked,
  reviewSaveFor = null,
}: {
  control: Control<TestFormValues>;
  disabled: boolean;
  locked: LockedFields;
  /** A published test of the caller's: its review options still change, with their own Save. */
  reviewSaveFor?: number | null;
}) {
  const off = (name: NumberName | FlagName) => disabled || Boolean(locked[name]);
  const half = { xs: 12, sm: 6, md: 4 };
  return (
    <Grid container spacing={2}>
      <Grid size={half}>
        <OptionSelect
          control={control}
          name="difficultyLevel"
          label="Difficulty Level"
          options={testDifficultyOptions.map((o) => ({ ...o }))}
          disabled={disabled}
        />
      </Grid>
      <Grid size={half}>
        <NumberField
          control={control}
          name="duration"
          label="Duration (minutes)"
          integer
          disabled={disabled}
          helper="1-360"
        />
      </Grid>
      <Grid size={half}>
        <NumberField control={control} name="totalScore" label="Total Score" disabled={disabled} />
      </Grid>
      <Grid size={half}>
        <NumberField control={control} name="passingScore" label="Passing Score" disabled={disabled} />
      </Grid>
      <Grid size={half}>
        <NumberField control={control} name="masteryScore" label="Mastery Score" disabled={disabled} />
      </Grid>
      <Grid size={half}>
        <NumberField
          control={control}
          name="attemptsAllowed"
          label="Attempts Allowed"
          integer
          disabled={off('attemptsAllowed')}
        />
      </Grid>
      <Grid size={half}>
        <NumberField
          control={control}
          name="questionsPerPage"
          label="Questions Per Page"
          integer
          disabled={off('questionsPerPage')}
          helper="1-20"
        />
      </Grid>
      <Grid size={half}>
        <NumberField
          control={control}
          name="pointsPerQuestion"
          label="Points Per Question"
          disabled={disabled}
        />
      </Grid>
      <Grid size={half}>
        <NumberField
          control={control}
          name="negativePointsPerQuestion"
          label="Negative Points Per Question"
          empty={0}
          disabled={off('negativePointsPerQuestion')}
        />
      </Grid>
      <Grid size={half}>
        <FormText control={control} name="expiryDate" label="Expiry Date" type="date" disabled={disabled} />
      </Grid>
      <Grid size={12} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
        <Flag control={control} name="navigationAllowed" label="Navigation Allowed" disabled={disabled} />
        <Flag control={control} name="showHint" label="Show Hint" disabled={off('showHint')} />
        <Flag control={control} name="showBookmark" label="Show Bookmark" disabled={off('showBookmark')} />
        <Flag control={control} name="showResult" label="Show Result" disabled={disabled} />
        <Flag control={control} name="showTimer" label="Show Timer" disabled={disabled} />
      </Grid>
      <Grid size={half}>
        <FormText control={control} name="passFeedback" label="Pass Feedback" disabled={disabled} />
      </Grid>
      <Grid size={half}>
        <FormText control={control} name="failFeedback" label="Fail Feedback" disabled={disabled} />
      </Grid>
      <Grid size={half}>
        <FormText control={control} name="masteryFeedback" label="Mastery Feedback" disabled={disabled} />
      </Grid>
      <Grid size={12}>
        <ReviewOptionsField control={control} disabled={disabled} saveFor={reviewSaveFor} />
      </Grid>
    </Grid>
  );
}
