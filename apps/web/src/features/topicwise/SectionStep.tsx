import Grid from '@mui/material/Grid';
import type { Control } from 'react-hook-form';
import { FormCheckbox } from '../../components/FormFields';
import { NumberField } from '../question-bank/dialog/fields';
import type { TopicwiseFormValues } from './api';

/** Step 2, Section Configuration (part 3 §2, §5): the one section each test gets, and how many sets. */
export function SectionStep({ control }: { control: Control<TopicwiseFormValues> }) {
  const half = { xs: 12, sm: 6, md: 4 };
  const p = 'poolconfiguration' as const;
  return (
    <Grid container spacing={2}>
      <Grid size={half}>
        <NumberField
          control={control}
          name={`${p}.questionsAllowed`}
          label="Questions Allowed"
          integer
          required
        />
      </Grid>
      <Grid size={half}>
        <NumberField control={control} name={`${p}.pointsPerQuestion`} label="Points per Question" required />
      </Grid>
      <Grid size={half}>
        <NumberField
          control={control}
          name={`${p}.setCount`}
          label="setCount"
          integer
          required
          helper="Tests per topic"
        />
      </Grid>
      <Grid size={half}>
        <NumberField
          control={control}
          name={`${p}.scqQuestionsCount`}
          label="SCQ Question Count"
          integer
          required
        />
      </Grid>
      <Grid size={half}>
        <NumberField
          control={control}
          name={`${p}.numericalQuestionsCount`}
          label="NUMERICAL Question Count"
          integer
          required
        />
      </Grid>
      <Grid size={half}>
        <FormCheckbox control={control} name={`${p}.isMandatory`} label="Questions mandatory" />
      </Grid>
    </Grid>
  );
}
