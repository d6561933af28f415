import type { ConfigurationLists } from '@assess/contracts/configuration';
import { choiceFormats } from '@assess/contracts/questions';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode } from 'react';
import { type Control, Controller } from 'react-hook-form';
import { OptionSelect } from '../../../components';
import { FormDay } from '../../../components/DateField';
import { LookupMulti } from '../../../components/LookupMulti';
import { questionOptions } from '../grid/questionOptions';
import { NumberField } from './fields';
import type { QuestionFormValues } from './questionForm';

/** The optional expiry: none is null in the form, '' in the picker. */
const optionalDay = {
  toDay: (v: unknown) => (typeof v === 'string' ? v : ''),
  fromDay: (day: string) => day || null,
};

const Cell = ({ children, wide }: { children: ReactNode; wide?: boolean }) => (
  <Grid size={{ xs: 12, sm: wide ? 12 : 6, md: wide ? 6 : 3 }}>{children}</Grid>
);

/** The "Question Configurations" section of the Create/Update Question dialog (memoised: stable callbacks). */
export const ConfigurationFieldset = memo(function ConfigurationFieldset({
  control,
  editing,
  disabled,
  lookups,
  mayUseType,
  statusAllowed,
  onTypeChange,
  onStatusChange,
}: {
  control: Control<QuestionFormValues>;
  /** Type and content type are fixed once created (§4). */
  editing: boolean;
  disabled: boolean;
  lookups: ConfigurationLists | undefined;
  mayUseType: (type: number) => boolean;
  /** Whether a status may be picked (Published only from a stored Ready, with PublishQuestion). */
  statusAllowed: (status: number) => boolean;
  onTypeChange: (type: number) => void;
  onStatusChange: (status: number) => void;
}) {
  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 2, minWidth: 0 }}
    >
      <Typography component="legend" variant="subtitle2" sx={{ px: 1 }}>
        Question Configurations
      </Typography>
      <Grid container spacing={2}>
        <Cell>
          <OptionSelect
            control={control}
            name="questionType"
            label="Question Type"
            disabled={disabled || editing}
            options={questionOptions.questionType.map((o) => ({ ...o, disabled: !mayUseType(o.id) }))}
            onPick={onTypeChange}
          />
        </Cell>
        <Cell>
          <OptionSelect
            control={control}
            name="contentType"
            label="Content Type"
            disabled={disabled || editing}
            options={questionOptions.contentType}
          />
        </Cell>
        <Cell>
          <OptionSelect
            control={control}
            name="difficultyLevel"
            label="Difficulty Level"
            disabled={disabled}
            options={questionOptions.difficultyLevel}
          />
        </Cell>
        <Cell>
          <OptionSelect
            control={control}
            name="status"
            label="Status"
            disabled={disabled}
            options={questionOptions.status.map((o) => ({ ...o, disabled: !statusAllowed(o.id) }))}
            onPick={onStatusChange}
          />
        </Cell>
        <Cell>
          <NumberField control={control} name="points" label="Points" empty={0} disabled={disabled} />
        </Cell>
        <Cell>
          <NumberField
            control={control}
            name="negativePoints"
            label="Negative Points"
            empty={0}
            disabled={disabled}
          />
        </Cell>
        <Cell>
          <NumberField
            control={control}
            name="duration"
            label="Duration (seconds)"
            integer
            disabled={disabled}
          />
        </Cell>
        <Cell>
          <OptionSelect
            control={control}
            name="choiceFormat"
            label="Choice Format"
            disabled={disabled}
            options={choiceFormats.map((f) => ({ id: f.id, label: f.label }))}
          />
        </Cell>
        <Cell wide>
          <LookupMulti
            control={control}
            name="objective"
            label="Objective"
            options={lookups?.objective}
            disabled={disabled}
          />
        </Cell>
        <Cell wide>
          <LookupMulti
            control={control}
            name="targetAudience"
            label="Target Audience"
            options={lookups?.targetAudience}
            disabled={disabled}
          />
        </Cell>
        <Cell>
          {/* DD-Mon-YYYY like every date of the console (a native date input showed the browser's own) */}
          <FormDay
            control={control}
            name="expiryDate"
            label="Expiry Date"
            disabled={disabled}
            stored={optionalDay}
          />
        </Cell>
        <Cell>
          <Controller
            control={control}
            name="isLocked"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={Boolean(field.value)}
                    onChange={(e) => field.onChange(e.target.checked)}
                    disabled={disabled}
                  />
                }
                label="Lock"
              />
            )}
          />
        </Cell>
      </Grid>
    </Box>
  );
});
