import type { ConfigurationOption } from '@assess/contracts/configuration';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import type { Control } from 'react-hook-form';
import { FormDay } from '../../components/DateField';
import { FormCheckbox, FormText } from '../../components/FormFields';
import { NumberField } from '../question-bank/dialog/fields';
import { AudienceFields } from '../test-series-shared/fields';
import type { TopicwiseFormValues } from './api';

/**
 * Step 3, Test Configuration (part 3 §2 fields and checkboxes, §5 defaults): what every created test gets.
 * Objective and Target Audience are the ones chosen on the first step (one value, shown on both).
 */
export function ConfigurationStep({
  control,
  objectives,
  targetAudiences,
  locked,
}: {
  control: Control<TopicwiseFormValues>;
  objectives: ConfigurationOption[] | undefined;
  targetAudiences: ConfigurationOption[] | undefined;
  /** Fields whose configuration privilege the caller lacks (§6): they keep the new-test default. */
  locked: ReadonlySet<string>;
}) {
  const third = { xs: 12, sm: 6, md: 4 };
  const half = { xs: 12, md: 6 };
  const c = 'testconfiguration' as const;
  return (
    <Grid container spacing={2}>
      <Grid size={third}>
        <NumberField
          control={control}
          name={`${c}.duration`}
          label="Duration (minutes)"
          integer
          required
          helper="1-360"
        />
      </Grid>
      <Grid size={third}>
        <NumberField control={control} name={`${c}.passingScore`} label="Passing Score" />
      </Grid>
      <Grid size={third}>
        <NumberField
          control={control}
          name={`${c}.masteryScore`}
          label="Mastery Score"
          helper="Greater than the passing score"
        />
      </Grid>
      <Grid size={third}>
        <NumberField
          control={control}
          name={`${c}.attemptsAllowed`}
          label="Attempts"
          integer
          required
          disabled={locked.has('attemptsAllowed')}
        />
      </Grid>
      <Grid size={third}>
        <NumberField
          control={control}
          name={`${c}.questionsPerPage`}
          label="Questions per Page"
          integer
          required
          disabled={locked.has('questionsPerPage')}
        />
      </Grid>
      <Grid size={third}>
        <FormDay control={control} name={`${c}.expiryDate`} label="Expiry Date" required />
      </Grid>
      <Grid size={half}>
        <FormText
          control={control}
          name={`${c}.testCodePrefix`}
          label="Code Prefix"
          required
          inputProps={{ maxLength: 20 }}
        />
      </Grid>
      <Grid size={half}>
        <FormText
          control={control}
          name={`${c}.testNamePrefix`}
          label="Name Prefix"
          required
          inputProps={{ maxLength: 20 }}
        />
      </Grid>
      <Grid size={half}>
        <FormText control={control} name={`${c}.welcomeMessage`} label="Welcome Message" required />
      </Grid>
      <Grid size={half}>
        <FormText control={control} name={`${c}.concludeMessage`} label="Conclude Message" required />
      </Grid>
      <Grid size={third}>
        <FormText control={control} name={`${c}.passFeedback`} label="Feedback Pass" required />
      </Grid>
      <Grid size={third}>
        <FormText control={control} name={`${c}.failFeedback`} label="Feedback Fail" required />
      </Grid>
      <Grid size={third}>
        <FormText control={control} name={`${c}.masteryFeedback`} label="Feedback Mastery" required />
      </Grid>
      <AudienceFields
        control={control}
        under="topics"
        disabled={false}
        objectives={objectives}
        targetAudiences={targetAudiences}
      />
      <Grid size={12}>
        <FormText control={control} name={`${c}.objectiveText`} label="Description" />
      </Grid>
      <Grid size={12}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
          <FormCheckbox control={control} name={`${c}.showResult`} label="Show Result" />
          <FormCheckbox control={control} name={`${c}.showTimer`} label="Show Timer" />
          <FormCheckbox
            control={control}
            name="poolconfiguration.isAllowPrevAddedQuestions"
            label="Allow Previously Added Questions"
            checkedValue={1}
          />
          <FormCheckbox control={control} name={`${c}.navigationAllowed`} label="Navigation Allowed" />
          <FormCheckbox
            control={control}
            name={`${c}.showHint`}
            label="Show Hint"
            disabled={locked.has('showHint')}
          />
          <FormCheckbox
            control={control}
            name={`${c}.showBookmark`}
            label="Show Bookmark"
            disabled={locked.has('showBookmark')}
          />
        </Box>
      </Grid>
    </Grid>
  );
}
