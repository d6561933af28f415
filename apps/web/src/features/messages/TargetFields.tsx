import type { NotificationTargets } from '@assess/contracts/messages';
import { type Control, type UseFormSetValue, useWatch } from 'react-hook-form';
import { FormCheckbox } from '../../components/FormFields';
import { MultiSelectField } from './FormControls';
import type { NotificationFormFields } from './notificationFormValues';

type Props = {
  control: Control<NotificationFormFields>;
  setValue: UseFormSetValue<NotificationFormFields>;
  targets: NotificationTargets;
  readOnly: boolean;
};

/**
 * Who receives the message (part 1 §6), by the caller's kind of targets: the platform owner picks providers
 * or 'Notify Everyone' (which clears the other selections); the subscription-type owner subscription types
 * or test series; any other provider test series. Interests narrow any of them.
 */
export function TargetFields({ control, setValue, targets, readOnly }: Props) {
  const notifyEveryone = useWatch({ control, name: 'notifyEveryone' });
  return (
    <>
      {targets.kind === 'providers' && (
        <>
          <FormCheckbox
            control={control}
            name="notifyEveryone"
            label="Notify Everyone"
            disabled={readOnly}
            onChecked={(checked) => {
              if (!checked) return;
              setValue('providerIds', []);
              setValue('subscriptionTypeIds', []);
              setValue('testSeriesIds', []);
            }}
          />
          <MultiSelectField
            control={control}
            name="providerIds"
            label="Providers"
            options={targets.providers}
            disabled={readOnly || notifyEveryone}
          />
        </>
      )}
      {targets.kind === 'subscriptionTypes' && (
        <MultiSelectField
          control={control}
          name="subscriptionTypeIds"
          label="Subscription Type"
          options={targets.subscriptionTypes}
          disabled={readOnly}
        />
      )}
      {targets.kind !== 'providers' && (
        <MultiSelectField
          control={control}
          name="testSeriesIds"
          label="Test Series"
          options={targets.testSeries}
          disabled={readOnly}
        />
      )}
      <MultiSelectField
        control={control}
        name="interestIds"
        label="Interests"
        helperText="Leave empty for a message that is not interest specific."
        options={targets.interests}
        disabled={readOnly}
      />
    </>
  );
}
