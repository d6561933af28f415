import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef } from 'react';
import { type Control, Controller } from 'react-hook-form';
import { LOCAL, type NotificationFormFields } from './notificationFormValues';

/** The console's date-time format (the schedule dialog's): DD-Mon-YYYY hh:mm AM/PM, whatever the browser's locale. */
const FORMAT = 'DD-MMM-YYYY hh:mm A';

/**
 * The message's Schedule Date: a date-time picker showing DD-Mon-YYYY hh:mm AM/PM (a native datetime-local input
 * showed the browser's own mm/dd/yyyy); the form keeps the local wall clock as YYYY-MM-DDTHH:mm ('' while what
 * is typed is no date).
 */
export function ScheduleDateField({
  control,
  disabled,
  helperText,
}: {
  control: Control<NotificationFormFields>;
  disabled: boolean;
  helperText?: string;
}) {
  // the picker gets back the very date it gave while the form holds what it made of it (a half-typed date is
  // '' in the form; handing the picker null would wipe the sections being typed)
  const last = useRef<{ local: string; date: Dayjs | null } | null>(null);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <Controller
        control={control}
        name="sendLocal"
        render={({ field }) => (
          <DateTimePicker
            label="Schedule Date"
            format={FORMAT}
            value={
              last.current?.local === field.value
                ? last.current.date
                : field.value
                  ? dayjs(field.value)
                  : null
            }
            onChange={(d) => {
              const local = d?.isValid() ? d.format(LOCAL) : '';
              last.current = { local, date: d };
              field.onChange(local);
            }}
            disabled={disabled}
            inputRef={field.ref}
            slotProps={{ textField: { helperText, onBlur: field.onBlur } }}
          />
        )}
      />
    </LocalizationProvider>
  );
}
