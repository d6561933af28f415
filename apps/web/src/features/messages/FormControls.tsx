import type { TargetOption } from '@assess/contracts/messages';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { type Control, Controller } from 'react-hook-form';
import type { NotificationFormFields } from './notificationFormValues';

type Control_ = Control<NotificationFormFields>;
type IdsField = 'providerIds' | 'subscriptionTypeIds' | 'testSeriesIds' | 'interestIds';

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
