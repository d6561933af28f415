import type { ConfigurationOption } from '@assess/contracts/configuration';
import { ContentFilter } from '@assess/contracts/questions';
import { seriesLimits } from '@assess/contracts/series';
import { testDifficultyOptions } from '@assess/contracts/tests';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { OptionSelect } from '../../../components/FormFields';
import { useTree } from '../../question-bank/api';
import type { QuestionFormValues } from '../../question-bank/dialog/questionForm';
import { TopicPicker } from '../../question-bank/dialog/TopicPicker';
import { pathOf } from '../../question-bank/tree/treeModel';
import { AudienceFields, CodeNameFields, FormNumber } from '../../test-series-shared/fields';
import type { SeriesFormValues } from './seriesForm';

type Props = {
  control: Control<SeriesFormValues>;
  disabled: boolean;
  objectives: ConfigurationOption[] | undefined;
  targetAudiences: ConfigurationOption[] | undefined;
  image: string | null;
};

const difficulties = testDifficultyOptions.map((o) => ({ id: o.id, label: o.label }));

/** The chosen topics of a read-only series (the picker's tree is for choosing). */
function ChosenTopics({ control }: { control: Control<SeriesFormValues> }) {
  const tree = useTree(ContentFilter.Owned);
  const ids = useWatch({ control, name: 'topicIds' }) ?? [];
  const nodes = tree.data?.nodes ?? [];
  return (
    <Box role="group" aria-labelledby="series-topics-title">
      <Typography id="series-topics-title" variant="subtitle2" sx={{ mb: 1 }}>
        Topics
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
        {ids.length === 0 && (
          <Typography variant="body2" color="textSecondary">
            No topic chosen
          </Typography>
        )}
        {ids.map((id) => (
          <Chip key={id} size="small" label={pathOf(nodes, `t${id}`).join(' › ') || `Topic ${id}`} />
        ))}
      </Stack>
    </Box>
  );
}

/**
 * Step 1, Information (part 3 §2 "Test series editor", §3 "Test series (course)"): code, name, description,
 * difficulty, duration in days, price in rupees, topics of the question bank tree, objective, target audience
 * and the series' image (uploaded from the list's row action "Upload resourceImage").
 */
export function InformationStep({ control, disabled, objectives, targetAudiences, image }: Props) {
  return (
    <Grid container spacing={2}>
      <CodeNameFields control={control} disabled={disabled} noun="Course" limits={seriesLimits} />
      <Grid size={12}>
        <Controller
          control={control}
          name="description"
          render={({ field, fieldState }) => (
            <TextField
              fullWidth
              multiline
              minRows={2}
              size="small"
              label="Description"
              disabled={disabled}
              value={field.value ?? ''}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              slotProps={{ htmlInput: { maxLength: seriesLimits.descriptionMax } }}
            />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <OptionSelect
          control={control}
          name="difficultyLevel"
          label="Difficulty Level"
          options={difficulties}
          disabled={disabled}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormNumber control={control} name="duration" label="Duration (days)" integer disabled={disabled} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <FormNumber control={control} name="price" label="Price (₹)" disabled={disabled} />
      </Grid>
      <AudienceFields
        control={control}
        disabled={disabled}
        objectives={objectives}
        targetAudiences={targetAudiences}
      />
      <Grid size={{ xs: 12, md: image ? 8 : 12 }}>
        {disabled ? (
          <ChosenTopics control={control} />
        ) : (
          // the question bank's picker; its form shares the field name topicIds
          <TopicPicker control={control as unknown as Control<QuestionFormValues>} disabled={false} />
        )}
      </Grid>
      {image && (
        <Grid size={{ xs: 12, md: 4 }}>
          <Box
            component="img"
            src={image}
            alt="Test series image"
            sx={{ maxWidth: '100%', borderRadius: 1 }}
          />
        </Grid>
      )}
    </Grid>
  );
}
