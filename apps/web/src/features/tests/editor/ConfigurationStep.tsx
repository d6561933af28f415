import { testDifficultyOptions } from '@assess/contracts/tests';
import Grid from '@mui/material/Grid';
import type { Control } from 'react-hook-form';
import { FormText, OptionSelect } from '../../../components/FormFields';
import { ExpiryDateField, FormNumber, FormSwitch } from '../../test-series-shared/fields';
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

/** The number fields in their order; `guarded` ones follow a configuration privilege too. */
const numbers: {
  name: NumberName;
  label: string;
  integer?: true;
  helper?: string;
  empty?: number;
  guarded?: true;
}[] = [
  { name: 'duration', label: 'Duration (minutes)', integer: true, helper: '1-360' },
  { name: 'totalScore', label: 'Total Score' },
  { name: 'passingScore', label: 'Passing Score' },
  { name: 'masteryScore', label: 'Mastery Score' },
  { name: 'attemptsAllowed', label: 'Attempts Allowed', integer: true, guarded: true },
  { name: 'questionsPerPage', label: 'Questions Per Page', integer: true, helper: '1-20', guarded: true },
  { name: 'pointsPerQuestion', label: 'Points Per Question' },
  { name: 'negativePointsPerQuestion', label: 'Negative Points Per Question', empty: 0, guarded: true },
];
const flags: { name: FlagName; label: string; guarded?: true }[] = [
  { name: 'navigationAllowed', label: 'Navigation Allowed' },
  { name: 'showHint', label: 'Show Hint', guarded: true },
  { name: 'showBookmark', label: 'Show Bookmark', guarded: true },
  { name: 'showResult', label: 'Show Result' },
  { name: 'showTimer', label: 'Show Timer' },
];

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
      {numbers.map((n) => (
        <Grid size={half} key={n.name}>
          <FormNumber
            control={control}
            name={n.name}
            label={n.label}
            integer={n.integer}
            empty={n.empty ?? null}
            helper={n.helper}
            disabled={n.guarded ? off(n.name) : disabled}
          />
        </Grid>
      ))}
      <ExpiryDateField control={control} disabled={disabled} size={half} />
      <Grid size={12} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
        {flags.map((f) => (
          <FormSwitch
            key={f.name}
            control={control}
            name={f.name}
            label={f.label}
            disabled={f.guarded ? off(f.name) : disabled}
          />
        ))}
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
