// Form fields bound to react-hook-form: every form of the console builds its inputs from these.
import type { ConfigurationOption } from '@assess/contracts/configuration';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * A select bound to the form, with its error as helper text: `shown` turns the stored value into the
 * select's ('' = nothing chosen), `onSelect` stores what was picked (its raw value; `set` stores a value).
 */
export function FormSelect<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  shown = (v) => v ?? '',
  onSelect,
  children,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  shown?: (stored: unknown) => unknown;
  onSelect: (raw: string, set: (v: unknown) => void) => void;
  children: ReactNode;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          size="small"
          label={label}
          required={required}
          disabled={disabled}
          value={shown(field.value)}
          onChange={(e) => onSelect(e.target.value, field.onChange)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
        >
          {children}
        </TextField>
      )}
    />
  );
}

/** A select of configuration values bound to the form ('' = nothing chosen). */
export function LookupSelect<T extends FieldValues>({
  options,
  ...props
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  options: ConfigurationOption[] | undefined;
  required?: boolean;
  disabled?: boolean;
}) {
  return (
    <FormSelect {...props} onSelect={(raw, set) => set(raw === '' ? null : Number(raw))}>
      <MenuItem value="">
        <em>None</em>
      </MenuItem>
      {(options ?? []).map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.value}
        </MenuItem>
      ))}
    </FormSelect>
  );
}

/** A text field bound to the form, with its error as helper text. */
/** A FormText's options besides the form's control and the field's path. */
export type FormTextOptions = {
  label: string;
  required?: boolean;
  disabled?: boolean;
  type?: string;
  helper?: ReactNode;
  inputProps?: Record<string, unknown>;
  onValueChange?: (v: string) => void;
};

export function FormText<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  type,
  helper,
  inputProps,
  onValueChange,
}: { control: Control<T>; name: FieldPath<T> } & FormTextOptions) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          fullWidth
          size="small"
          label={label}
          required={required}
          disabled={disabled}
          type={type}
          value={field.value ?? ''}
          onChange={(e) => {
            field.onChange(e.target.value);
            onValueChange?.(e.target.value);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helper}
          slotProps={{
            inputLabel: type === 'date' ? { shrink: true } : undefined,
            htmlInput: inputProps,
          }}
        />
      )}
    />
  );
}

/** A registered plain TextField's error props: in error when the field is, its message as the helper text. */
export const errorProps = (error: { message?: string } | undefined) => ({
  error: Boolean(error),
  helperText: error?.message,
});

/** The required 10-digit Mobile field (a phone's keypad shows digits). */
export function FormMobile<T extends FieldValues>(props: {
  control: Control<T>;
  name: FieldPath<T>;
  disabled?: boolean;
}) {
  return <FormText {...props} label="Mobile" required inputProps={{ inputMode: 'numeric', maxLength: 10 }} />;
}

/** One option of an OptionSelect. */
export type SelectOption = { id: number; label: string; disabled?: boolean };

/**
 * A select of fixed numeric options bound to the form (question type, status, package, provider type ...).
 * `zeroIsEmpty`: the value 0 means nothing chosen yet; `onPick` replaces the plain change (e.g. a type
 * change that also resets the answer).
 */
export function OptionSelect<T extends FieldValues>({
  options,
  zeroIsEmpty,
  onPick,
  ...props
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  options: SelectOption[];
  required?: boolean;
  disabled?: boolean;
  zeroIsEmpty?: boolean;
  onPick?: (id: number) => void;
}) {
  return (
    <FormSelect
      {...props}
      shown={(v) => (v === null || v === undefined || (zeroIsEmpty && v === 0) ? '' : v)}
      onSelect={(raw, set) => (onPick ? onPick(Number(raw)) : set(Number(raw)))}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id} disabled={o.disabled}>
          {o.label}
        </MenuItem>
      ))}
    </FormSelect>
  );
}

/**
 * A checkbox bound to the form. `checkedValue`: for a 1 yes / 2 no field, the value meaning checked (the
 * other is 2); otherwise the field is a boolean. `onChecked` runs after the value changed (fields that
 * depend on it).
 */
export function FormCheckbox<T extends FieldValues>({
  control,
  name,
  label,
  checkedValue,
  disabled,
  onChecked,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  checkedValue?: 1;
  disabled?: boolean;
  onChecked?: (checked: boolean) => void;
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
              onChange={(_e, checked) => {
                field.onChange(checkedValue ? (checked ? 1 : 2) : checked);
                onChecked?.(checked);
              }}
              onBlur={field.onBlur}
              slotProps={{ input: { ref: field.ref } }}
            />
          }
        />
      )}
    />
  );
}
