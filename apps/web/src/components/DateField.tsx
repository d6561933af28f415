// Date inputs in the console's one date format, DD-Mon-YYYY (the format DateTime shows and the schedule and
// provider-validity pickers take), whatever the browser's locale: a native <input type="date"> would show the
// browser's own (mm/dd/yyyy in en-US).
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, type Ref, useRef } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

/** The pickers' format: DD-Mon-YYYY (e.g. 05-Dec-2026), as formatDate writes it. */
export const DAY_FORMAT = 'DD-MMM-YYYY';
/** The date-time pickers' format (the schedule dialog, a message's Schedule Date): 05-Dec-2026 09:30 AM. */
export const DATE_TIME_FORMAT = 'DD-MMM-YYYY hh:mm A';

/**
 * The date a picker shows for a form value held as text: the picker gets back the very date it gave while the
 * form holds what it made of it — the text does not carry a half-typed date (or a year such as 0002) back
 * unchanged, and the picker would rebuild its sections. `hold` is called with each change.
 */
export function useHeldDate(value: string | null | undefined) {
  const last = useRef<{ text: string; date: Dayjs | null } | null>(null);
  const held = last.current;
  const date = held && held.text === (value ?? '') ? held.date : value ? dayjs(value) : null;
  const hold = (text: string, d: Dayjs | null) => {
    last.current = { text, date: d };
  };
  return { date, hold };
}

export type DayFieldProps = {
  label: string;
  /** The day as yyyy-mm-dd ('' = none). */
  value: string;
  /** The picked day as yyyy-mm-dd; '' when cleared; 'Invalid Date' while what was typed is not a day. */
  onChange: (day: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Earliest and latest days offered (yyyy-mm-dd). */
  min?: string;
  max?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
};

/** One day, typed or picked from a calendar, shown as DD-Mon-YYYY; in and out as yyyy-mm-dd. */
export function DayField({
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  min,
  max,
  required,
  disabled,
  error,
  helperText,
}: DayFieldProps) {
  const { date, hold } = useHeldDate(value);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <DatePicker
        label={label}
        format={DAY_FORMAT}
        value={date}
        onChange={(d) => {
          const day = d ? d.format('YYYY-MM-DD') : '';
          hold(day, d);
          onChange(day);
        }}
        minDate={min ? dayjs(min) : undefined}
        maxDate={max ? dayjs(max) : undefined}
        disabled={disabled}
        inputRef={inputRef}
        slotProps={{
          textField: {
            fullWidth: true,
            size: 'small',
            required,
            error,
            helperText,
            onBlur,
          },
        }}
      />
    </LocalizationProvider>
  );
}

/** A DayField bound to a react-hook-form field holding yyyy-mm-dd, with its error as helper text. */
export function FormDay<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  min,
  max,
  helper,
  stored,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  min?: string;
  max?: string;
  helper?: ReactNode;
  /** When the field holds something else than yyyy-mm-dd (an instant): the day of it, and it of a day. */
  stored?: { toDay: (v: unknown) => string; fromDay: (day: string) => unknown };
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DayField
          label={label}
          value={stored ? stored.toDay(field.value) : (field.value ?? '')}
          onChange={stored ? (day) => field.onChange(stored.fromDay(day)) : field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          min={min}
          max={max}
          required={required}
          disabled={disabled}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? helper}
        />
      )}
    />
  );
}
