import type { ConfigurationOption } from '@assess/contracts/configuration';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Switch from '@mui/material/Switch';
import { type Control, Controller, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { FormDay } from '../../components/DateField';
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
  const { control, name, ...shown } = props;
  const { field, fieldState } = useController({ control, name });
  return (
    <NumberInput
      {...shown}
      empty={props.empty ?? null}
      value={typeof field.value === 'number' ? field.value : null}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error?.message}
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
  const fields = [
    ['code', 'Code', limits.codeMax],
    ['name', 'Name', limits.nameMax],
  ] as const;
  return fields.map(([name, what, max]) => (
    <Grid key={name} size={{ xs: 12, sm: 6 }}>
      <FormText
        control={control}
        name={name as FieldPath<T>}
        label={`${noun} ${what}`}
        required
        disabled={disabled}
        inputProps={{ maxLength: max }}
      />
    </Grid>
  ));
}

/**
 * The objective and target audience (the provider's configuration values), half a row each; `under` names the
 * object holding them when the form keeps them inside one (the topic-wise wizard's `topics`).
 */
export function AudienceFields<T extends FieldValues>(props: {
  control: Control<T>;
  disabled: boolean;
  objectives: ConfigurationOption[] | undefined;
  targetAudiences: ConfigurationOption[] | undefined;
  under?: string;
}) {
  const lists = [
    ['objective', 'Objective', props.objectives],
    ['targetAudience', 'Target Audience', props.targetAudiences],
  ] as const;
  const prefix = props.under ? `${props.under}.` : '';
  return lists.map(([name, label, options]) => (
    <Grid key={name} size={{ xs: 12, sm: 6 }}>
      <LookupMulti
        control={props.control}
        name={`${prefix}${name}` as FieldPath<T>}
        label={label}
        options={options}
        disabled={props.disabled}
      />
    </Grid>
  ));
}

/** The Expiry Date of a test or a series: the console's DD-Mon-YYYY day picker (2099-12-31 by default, §9). */
export function ExpiryDateField<T extends FieldValues>(props: {
  control: Control<T>;
  disabled: boolean;
  size?: { xs: number; sm: number; md?: number };
}) {
  return (
    <Grid size={props.size ?? { xs: 12, sm: 6 }}>
      <FormDay
        control={props.control}
        name={'expiryDate' as FieldPath<T>}
        label="Expiry Date"
        disabled={props.disabled}
      />
    </Grid>
  );
}
