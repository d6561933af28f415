import type { TargetOption } from '@assess/contracts/messages';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { type Control, Controller } from 'react-hook-form';
import type { NotificationFormFields } from './notificationFormValues';

type Control_ = Control<NotificationFormFields>;
type BooleanField = 'whatsApp' | 'email' | 'app' | 'push' | 'notifyEveryone';
type IdsField = 'providerIds' | 'subscriptionTypeIds' | 'testSeriesIds' | 'interestIds';

/** A checkbox of the form; `onChecked` runs after the value changed (fields that depend on it). */
export function CheckboxField({
  control,
  name,
  label,
  disabled,
  onChecked,
}: {
  control: Control_;
  name: BooleanField;
  label: string;
  disabled: boolean;
  onChecked?: (checked: boolean) => void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Checkbox
              checked={field.value}
              disabled={disabled}
              onChange={(e) => {
                field.onChange(e.target.checked);
                onChecked?.(e.target.checked);
              }}
            />
          }
        />
      )}
    />
  );
}

const isSubscriptionType = (id: number): id is 1 | 2 => id === 1 || id === 2;

/** A multiple choice of targets (chips), holding the chosen ids. */
export function MultiSelectField({
  control,
  name,
  label,
  options,
  disabled,
  helperText,
}: {
  control: Control_;
  name: IdsField;
  label: string;
  options: TargetOption[];
  disabled: boolean;
  helperText?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const ids: readonly number[] = field.value;
        return (
          <Autocomplete
            multiple
            disableCloseOnSelect
            options={options}
            value={options.filter((o) => ids.includes(o.id))}
            disabled={disabled}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_e, chosen) => {
              const ids = chosen.map((o) => o.id);
              field.onChange(name === 'subscriptionTypeIds' ? ids.filter(isSubscriptionType) : ids);
            }}
            renderInput={(params) => <TextField {...params} label={label} helperText={helperText} />}
          />
        );
      }}
    />
  );
}
