import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { NumberInput } from '../question-bank/dialog/fields';
import type { TopicwiseFormValues } from './api';

type Name = FieldPath<TopicwiseFormValues>;

/** A number of a form (the question editor's number input): the topic-wise wizard's and the quick test's. */
export function NumberField<T extends FieldValues = TopicwiseFormValues>({
  control,
  name,
  label,
  integer,
  helper,
  required,
  disabled,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  integer?: boolean;
  helper?: string;
  required?: boolean;
  disabled?: boolean;
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
          integer={integer}
          disabled={disabled}
          error={fieldState.error?.message}
          helper={helper}
        />
      )}
    />
  );
}

/** A checkbox of the wizard's form. */
export function CheckField({
  control,
  name,
  label,
  checkedValue,
  disabled,
}: {
  control: Control<TopicwiseFormValues>;
  name: Name;
  label: string;
  /** For a 1 yes / 2 no field: the value meaning checked (the other is 2). */
  checkedValue?: 1;
  disabled?: boolean;
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
            <Checkbox
              checked={checkedValue ? field.value === checkedValue : Boolean(field.value)}
              onChange={(_e, checked) => field.onChange(checkedValue ? (checked ? 1 : 2) : checked)}
              onBlur={field.onBlur}
              slotProps={{ input: { ref: field.ref } }}
            />
          }
        />
      )}
    />
  );
}
