import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { type Control, Controller, type ControllerRenderProps } from 'react-hook-form';
import { DATE_TIME_FORMAT, useHeldDate } from '../../components/DateField';
import { LOCAL, type NotificationFormFields } from './notificationFormValues';

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
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <Controller
        control={control}
        name="sendLocal"
        render={({ field }) => <SchedulePicker field={field} disabled={disabled} helperText={helperText} />}
      />
    </LocalizationProvider>
  );
}

function SchedulePicker({
  field,
  disabled,
  helperText,
}: {
  field: ControllerRenderProps<NotificationFormFields, 'sendLocal'>;
  disabled: boolean;
  helperText?: string;
}) {
  const { date, hold } = useHeldDate(field.value);
  return (
    <DateTimePicker
      label="Schedule Date"
      format={DATE_TIME_FORMAT}
      value={date}
      onChange={(d) => {
        const local = d?.isValid() ? d.format(LOCAL) : '';
        hold(local, d);
        field.onChange(local);
      }}
      disabled={disabled}
      inputRef={field.ref}
      slotProps={{ textField: { helperText, onBlur: field.onBlur } }}
    />
  );
}
