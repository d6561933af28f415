import type { NotificationTargets, TargetOption } from '@assess/contracts/messages';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { type Control, Controller, type UseFormSetValue, useWatch } from 'react-hook-form';
import type { NotificationFormFields } from './notificationFormValues';

function Multi({
  label,
  options,
  value,
  onChange,
  disabled,
  helperText,
}: {
  label: string;
  helperText?: string;
  options: TargetOption[];
  value: number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
}) {
  const selected = options.filter((o) => value.includes(o.id));
  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      options={options}
      value={selected}
      disabled={disabled}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_e, v) => onChange(v.map((o) => o.id))}
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} />}
    />
  );
}

type Props = {
  control: Control<NotificationFormFields>;
  setValue: UseFormSetValue<NotificationFormFields>;
  targets: NotificationTargets;
  readOnly: boolean;
};

/**
 * Who receives the message (part 1 §6), by the caller's kind of targets: the platform owner picks providers
 * or 'Notify Everyone'; the subscription-type owner subscription types or test series; any other provider
 * test series. Interests narrow any of them.
 */
export function TargetFields({ control, setValue, targets, readOnly }: Props) {
  const notifyEveryone = useWatch({ control, name: 'notifyEveryone' });
  return (
    <>
      {targets.kind === 'providers' && (
        <>
          <Controller
            control={control}
            name="notifyEveryone"
            render={({ field }) => (
              <FormControlLabel
                label="Notify Everyone"
                control={
                  <Checkbox
                    checked={field.value}
                    disabled={readOnly}
                    onChange={(e) => {
                      field.onChange(e.target.checked);
                      if (e.target.checked) {
                        setValue('providerIds', []);
                        setValue('subscriptionTypeIds', []);
                        setValue('testSeriesIds', []);
                      }
                    }}
                  />
                }
              />
            )}
          />
          <Controller
            control={control}
            name="providerIds"
            render={({ field }) => (
              <Multi
                label="Providers"
                options={targets.providers}
                value={field.value}
                onChange={field.onChange}
                disabled={readOnly || notifyEveryone}
              />
            )}
          />
        </>
      )}
      {targets.kind === 'subscriptionTypes' && (
        <Controller
          control={control}
          name="subscriptionTypeIds"
          render={({ field }) => (
            <Multi
              label="Subscription Type"
              options={targets.subscriptionTypes}
              value={field.value}
              onChange={(ids) => field.onChange(ids.filter((x): x is 1 | 2 => x === 1 || x === 2))}
              disabled={readOnly}
            />
          )}
        />
      )}
      {targets.kind !== 'providers' && (
        <Controller
          control={control}
          name="testSeriesIds"
          render={({ field }) => (
            <Multi
              label="Test Series"
              options={targets.testSeries}
              value={field.value}
              onChange={field.onChange}
              disabled={readOnly}
            />
          )}
        />
      )}
      <Controller
        control={control}
        name="interestIds"
        render={({ field }) => (
          <Multi
            label="Interests"
            helperText="Leave empty for a message that is not interest specific."
            options={targets.interests}
            value={field.value}
            onChange={field.onChange}
            disabled={readOnly}
          />
        )}
      />
    </>
  );
}
