import type { QuickTestFormInput } from '@assess/contracts/quick-tests';
import Box from '@mui/material/Box';
import { type Control, Controller } from 'react-hook-form';
import { FormText } from '../../components';
import { NumberInput } from '../question-bank/dialog/fields';

type NumberName = 'duration' | 'passingScore' | 'pointsPerQuestion' | 'negativePointsPerQuestion';

function NumberField({
  control,
  name,
  label,
  disabled,
  integer,
  required,
}: {
  control: Control<QuickTestFormInput>;
  name: NumberName;
  label: string;
  disabled: boolean;
  integer?: boolean;
  required?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={required ? `${label} *` : label}
          value={typeof field.value === 'number' ? field.value : null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={disabled}
          integer={integer}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/**
 * The Test Details tab (part 3 §3 "Quick test create payload", §5 "Quick test"): name, description, duration,
 * passing score, points and negative points per question, feedback and messages (defaults Passed, Failed,
 * Great, Welcome, Thanks). The form's schema is the contracts' quickTestFormSchema, the one the server applies.
 */
export function TestDetailsTab({
  control,
  disabled,
}: {
  control: Control<QuickTestFormInput>;
  disabled: boolean;
}) {
  const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 900 }}>
      <FormText control={control} name="testName" label="Test Name" required disabled={disabled} />
      <FormText control={control} name="description" label="Description" disabled={disabled} />
      <Box sx={grid}>
        <NumberField
          control={control}
          name="duration"
          label="Duration (minutes)"
          integer
          required
          disabled={disabled}
        />
        <NumberField
          control={control}
          name="passingScore"
          label="Passing Score"
          required
          disabled={disabled}
        />
        <NumberField
          control={control}
          name="pointsPerQuestion"
          label="Points Per Question"
          required
          disabled={disabled}
        />
        <NumberField
          control={control}
          name="negativePointsPerQuestion"
          label="Negative Points Per Question"
          disabled={disabled}
        />
        <FormText control={control} name="passFeedback" label="Pass Feedback" disabled={disabled} />
        <FormText control={control} name="failFeedback" label="Fail Feedback" disabled={disabled} />
        <FormText control={control} name="masteryFeedback" label="Mastery Feedback" disabled={disabled} />
        <FormText control={control} name="welcomeMessage" label="Welcome Message" disabled={disabled} />
        <FormText control={control} name="concludeMessage" label="Conclude Message" disabled={disabled} />
      </Box>
    </Box>
  );
}
