import Grid from '@mui/material/Grid';
import type { Control } from 'react-hook-form';
import { ExpiryDateField, FormSwitch } from '../../test-series-shared/fields';
import type { SeriesFormValues } from './seriesForm';

/**
 * Step 3, Configuration (part 3 §3 "Test series (course)"): what remains of the series' fields, the expiry date
 * (default 2099-12-31) and the dynamic flag. Status, schedule, publish and image are the list's row actions.
 */
export function ConfigurationStep({
  control,
  disabled,
}: {
  control: Control<SeriesFormValues>;
  disabled: boolean;
}) {
  return (
    <Grid container spacing={2}>
      <ExpiryDateField control={control} disabled={disabled} />
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormSwitch control={control} name="isDynamic" label="Dynamic series" disabled={disabled} />
      </Grid>
    </Grid>
  );
}
