import type { ConfigurationOption } from '@assess/contracts/configuration';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormText } from '../../components/FormFields';
import { LookupMulti } from '../../components/LookupMulti';
import { NumberInput } from '../question-bank/dialog/fields';

/** A number field bound to the form (`empty`: the value of an emptied field). */
export function FormNumber<T extends FieldValues>(props: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  disabled: boolean;
  integer?: boolean;
  empty?: number | null;
  helper?: string;
}) {
  const { control, name, label, disabled, integer, empty = null, helper } = props;
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

/** A switch bound to a boolean field of the form. */
export function FormSwitch<T extends FieldValues>(props: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  disabled: boolean;
}) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <FormControlLabel
          label={props.label}
          disabled={props.disabled}
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

type Named = FieldValues & { code: string; name: string };

/** The Information step's code and name (required; the limits of the contracts), half a row each. */
export function CodeNameFields<T extends Named>(props: {
  control: Control<T>;
  disabled: boolean;
  /** 'Test' or 'Course': the labels are '<noun> Code' and '<noun> Name'. */
  noun: string;
  limits: { codeMax: number; nameMax: number };
}) {
  const { control, disabled, noun, limits } = props;
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormText
          control={control}
          name={'code' as FieldPath<T>}
          label={`${noun} Code`}
          required
          disabled={disabled}
          inputProps={{ maxLength: limits.codeMax }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormText
          control={control}
          name={'name' as FieldPath<T>}
          label={`${noun} Name`}
          required
          disabled={disabled}
          inputProps={{ maxLength: limits.nameMax }}
        />
      </Grid>
    </>
  );
}

/** The objective and target audience (the provider's configuration values), half a row each. */
export function AudienceFields<T extends Named>(props: {
  control: Control<T>;
  disabled: boolean;
  objectives: ConfigurationOption[] | undefined;
  targetAudiences: ConfigurationOption[] | undefined;
}) {
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <LookupMulti
          control={props.control}
          name={'objective' as FieldPath<T>}
          label="Objective"
          options={props.objectives}
          disabled={props.disabled}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <LookupMulti
          control={props.control}
          name={'targetAudience' as FieldPath<T>}
          label="Target Audience"
          options={props.targetAudiences}
          disabled={props.disabled}
        />
      </Grid>
    </>
  );
}
