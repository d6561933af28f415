import { packageNames, providerTypeNames } from '@assess/contracts/access';
import {
  needsContentProviders,
  PROVIDER_DETAILS_MAX,
  type ProviderFormOptions,
  type ProviderInfoForm,
} from '@assess/contracts/providers';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { FormDay } from '../../components/DateField';
import { FormMobile, FormText, OptionSelect } from '../../components/FormFields';
import { dayToInstant, instantToDay, todayDay } from './wizardValues';

type Props = {
  control: Control<ProviderInfoForm>;
  options: ProviderFormOptions;
  /** Editing an existing provider: its type stays. */
  editing: boolean;
  disabled: boolean;
};

/** The label of an id in a names table (the id itself when unknown). */
const nameOf = (names: Record<number, string>, id: number) => names[id] ?? String(id);

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 } as const;

/** A validity day (DD-Mon-YYYY): its value is the instant of the start (From) or end (To) of the day. */
const validityDay = (edge: 'start' | 'end') => ({
  toDay: (v: unknown) => instantToDay(v as string | null),
  fromDay: (day: string) => dayToInstant(day, edge),
});

/** Wizard step 1, Provider Information (part 3 §5 "Provider wizard (step 1)"). */
export function ProviderInfoStep({ control, options, editing, disabled }: Props) {
  const type = useWatch({ control, name: 'providerTypeId' });
  const details = useWatch({ control, name: 'detailedName' }) ?? '';
  const fixedType = editing || options.providerTypeIds.length === 1;
  const fixedPackage = options.inheritedPackageId !== null;
  const curatorNames = new Map(options.contentProviders.map((p) => [p.providerId, p.name]));

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={grid}>
        <FormText control={control} name="name" label="Name" required disabled={disabled} />
        <FormText
          control={control}
          name="detailedName"
          label="Details"
          required
          disabled={disabled}
          helper={`${details.length}/${PROVIDER_DETAILS_MAX}`}
          inputProps={{ maxLength: PROVIDER_DETAILS_MAX }}
        />
        <FormText control={control} name="email" label="Email" type="email" required disabled={disabled} />
        <FormMobile control={control} name="mobile" disabled={disabled} />
        <FormText control={control} name="website" label="Website" disabled={disabled} />
        <FormText control={control} name="phone" label="Phone" disabled={disabled} />
      </Box>
      <FormText control={control} name="address" label="Address" required disabled={disabled} />
      <Box sx={grid}>
        <OptionSelect
          control={control}
          name="packageId"
          label="Package"
          required
          zeroIsEmpty
          options={options.packageIds.map((id) => ({ id, label: nameOf(packageNames, id) }))}
          disabled={disabled || fixedPackage}
        />
        <OptionSelect
          control={control}
          name="providerTypeId"
          label="Provider Type"
          required
          zeroIsEmpty
          options={options.providerTypeIds.map((id) => ({ id, label: nameOf(providerTypeNames, id) }))}
          disabled={disabled || fixedType}
        />
      </Box>
      <Controller
        control={control}
        name="contentCuratorIds"
        render={({ field, fieldState }) => (
          <TextField
            select
            fullWidth
            size="small"
            label="Content Providers"
            required={needsContentProviders(type)}
            disabled={disabled}
            value={field.value ?? []}
            onChange={(e) => {
              const v = e.target.value as unknown;
              field.onChange((Array.isArray(v) ? v : String(v).split(',')).map(Number));
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (ids) => (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                    {(ids as number[]).map((id) => (
                      <Chip key={id} size="small" label={curatorNames.get(id) ?? String(id)} />
                    ))}
                  </Box>
                ),
              },
            }}
          >
            {options.contentProviders.map((p) => (
              <MenuItem key={p.providerId} value={p.providerId}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Box sx={grid}>
        {(
          [
            ['validFrom', 'Valid From', 'start'],
            ['validTo', 'Valid To', 'end'],
          ] as const
        ).map(([name, label, edge]) => (
          <FormDay
            key={name}
            control={control}
            name={name}
            label={label}
            required
            disabled={disabled}
            min={todayDay()}
            stored={validityDay(edge)}
          />
        ))}
      </Box>
    </Box>
  );
}
