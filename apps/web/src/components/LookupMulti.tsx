import type { ConfigurationOption } from '@assess/contracts/configuration';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * Several configuration values in one select (objective, target audience: part 2 §5, part 3 §5); none chosen is
 * stored as null. The question dialog, the spreadsheet upload, the test and series editors and the topic-wise
 * wizard all use this one.
 */
export function LookupMulti<T extends FieldValues>({
  control,
  name,
  label,
  options,
  disabled,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  options: ConfigurationOption[] | undefined;
  disabled?: boolean;
}) {
  const list = options ?? [];
  const nameOf = (id: number) => list.find((o) => o.id === id)?.value ?? String(id);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const chosen = (field.value as number[] | null) ?? [];
        return (
          <TextField
            select
            fullWidth
            size="small"
            label={label}
            disabled={disabled}
            value={chosen}
            onChange={(e) => {
              const v: unknown = e.target.value;
              const ids = (typeof v === 'string' ? v.split(',') : Array.isArray(v) ? v : []).map(Number);
              field.onChange(ids.length ? ids : null);
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? (list.length ? undefined : 'No values configured')}
            slotProps={{
              select: { multiple: true, renderValue: (v) => (v as number[]).map(nameOf).join(', ') },
            }}
          >
            {list.map((o) => (
              <MenuItem key={o.id} value={o.id}>
                <Checkbox size="small" checked={chosen.includes(o.id)} sx={{ p: 0.5, mr: 1 }} />
                <ListItemText primary={o.value} />
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}
