import type { QuickTestFormInput } from '@assess/contracts/quick-tests';
import Box from '@mui/material/Box';
import type { Control } from 'react-hook-form';
import { FormText } from '../../components';
import { NumberField } from '../question-bank/dialog/fields';

type TextName = Exclude<
  keyof QuickTestFormInput,
  'duration' | 'passingScore' | 'pointsPerQuestion' | 'negativePointsPerQuestion'
>;

/**
 * Every field keeps its message line (MUI's ' ' helper: an empty, hidden line). The form validates a field when
 * it loses focus (mode onTouched): without the reserved line the name's message, appearing as the pointer goes
 * down on Create Test, pushed the bottom bar down under the pointer, the press ended outside the button and the
 * form was never submitted (only the name's message showed, never the passing score's).
 */
const KEEP_LINE = ' ';

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
  const grid = {
    display: 'grid',
    columnGap: 2,
    rowGap: 1,
    gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
  } as const;
  const text = (name: TextName, label: string, required = false) => (
    <FormText
      control={control}
      name={name}
      label={label}
      required={required}
      disabled={disabled}
      helper={KEEP_LINE}
    />
  );
  return (
    <Box sx={{ display: 'grid', gap: 1, maxWidth: 900 }}>
      {text('testName', 'Test Name', true)}
      {text('description', 'Description')}
      <Box sx={grid}>
        <NumberField
          control={control}
          name="duration"
          label="Duration (minutes)"
          integer
          required
          disabled={disabled}
          helper={KEEP_LINE}
        />
        <NumberField
          control={control}
          name="passingScore"
          label="Passing Score"
          required
          disabled={disabled}
          helper={KEEP_LINE}
        />
        <NumberField
          control={control}
          name="pointsPerQuestion"
          label="Points Per Question"
          required
          disabled={disabled}
          helper={KEEP_LINE}
        />
        <NumberField
          control={control}
          name="negativePointsPerQuestion"
          label="Negative Points Per Question"
          disabled={disabled}
          helper={KEEP_LINE}
        />
        {text('passFeedback', 'Pass Feedback')}
        {text('failFeedback', 'Fail Feedback')}
        {text('masteryFeedback', 'Mastery Feedback')}
        {text('welcomeMessage', 'Welcome Message')}
        {text('concludeMessage', 'Conclude Message')}
      </Box>
    </Box>
  );
}
