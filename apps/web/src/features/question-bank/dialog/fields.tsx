// Small form fields of the question dialog bound to react-hook-form.
import TextField from '@mui/material/TextField';
import { type Ref, useEffect, useState } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import type { QuestionFormValues } from './questionForm';

/**
 * A number of a form typed as text (so '-', '1.' and '' can be typed on the way), stored as a number; an
 * empty field stores `empty` (null or 0). Used by the question dialog, the topic-wise wizard and the quick test.
 */
export function NumberField<T extends FieldValues = QuestionFormValues>({
  control,
  name,
  label,
  disabled,
  empty = null,
  helper,
  integer,
  required,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  disabled?: boolean;
  empty?: number | null;
  helper?: string;
  integer?: boolean;
  /** Marks the label with ' *'. */
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
          empty={empty}
          integer={integer}
          error={fieldState.error?.message}
          helper={helper}
        />
      )}
    />
  );
}

export function NumberInput({
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  disabled,
  empty = null,
  integer,
  error,
  helper,
  size = 'small',
}: {
  label: string;
  value: number | null;
  onChange: (v: number | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  empty?: number | null;
  integer?: boolean;
  error?: string;
  helper?: string;
  size?: 'small' | 'medium';
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  // a value set from outside (reset, type change) replaces what is shown
  useEffect(() => {
    setText((t) => {
      const shown = t.trim() === '' ? empty : Number(t);
      return shown === value ? t : value === null ? '' : String(value);
    });
  }, [value, empty]);
  const pattern = integer ? /^-?\d*$/ : /^-?\d*\.?\d*$/;
  return (
    <TextField
      fullWidth
      size={size}
      label={label}
      value={text}
      disabled={disabled}
      inputRef={inputRef}
      onBlur={onBlur}
      onChange={(e) => {
        const t = e.target.value.trim();
        if (!pattern.test(t)) return;
        setText(e.target.value);
        if (t === '') return onChange(empty);
        const n = Number(t);
        if (Number.isFinite(n) && t !== '-' && !t.endsWith('.')) onChange(n);
      }}
      error={Boolean(error)}
      helperText={error ?? helper}
      slotProps={{ htmlInput: { inputMode: integer ? 'numeric' : 'decimal' } }}
    />
  );
}
