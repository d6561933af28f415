import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A bulk bar's value: an option's id, a text or date, a flag, a list of lookup ids, or none yet. */
export type BulkValue = number | string | boolean | number[] | null;
export type BulkOption = { id: number; label: string; disabled?: boolean };

/** The value as one of a list of options (status, difficulty, …). */
export function BulkSelectValue({
  options,
  value,
  onChange,
}: {
  options: readonly BulkOption[];
  value: BulkValue;
  onChange: (v: number) => void;
}) {
  return (
    <TextField
      select
      size="small"
      fullWidth
      label="Value"
      value={value ?? ''}
      onChange={(e) => onChange(Number(e.target.value))}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id} disabled={o.disabled}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The value as several entries of a configuration lookup (objective, target audience). */
export function BulkMultiValue({
  list,
  value,
  onChange,
}: {
  list: { id: number; value: string }[] | undefined;
  value: BulkValue;
  onChange: (v: number[]) => void;
}) {
  const ids = Array.isArray(value) ? value : [];
  return (
    <TextField
      select
      size="small"
      fullWidth
      label="Value"
      value={ids}
      onChange={(e) => {
        const v: unknown = e.target.value;
        onChange((Array.isArray(v) ? v : String(v).split(',')).map(Number));
      }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (v) =>
            (v as number[]).map((id) => list?.find((o) => o.id === id)?.value ?? id).join(', '),
        },
      }}
    >
      {(list ?? []).map((o) => (
        <MenuItem key={o.id} value={o.id}>
          <Checkbox size="small" checked={ids.includes(o.id)} sx={{ p: 0.5, mr: 1 }} />
          <ListItemText primary={o.value} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The value as free text (code, …); disabled until a field is chosen. */
export function BulkTextValue({
  value,
  disabled,
  onChange,
}: {
  value: BulkValue;
  disabled: boolean;
  onChange: (v: string) => void;
}) {
  return (
    <TextField
      size="small"
      fullWidth
      label="Value"
      disabled={disabled}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/**
 * The bar's row: the field selector, the value input, Reset, Search and (when `update` is given) Update
 * with the selection's count.
 */
export function BulkBarRow<F extends string>({
  fieldLabel,
  field,
  fields,
  labelOf,
  onFieldChange,
  valueInput,
  onReset,
  onSearch,
  update,
}: {
  fieldLabel: string;
  field: F | '';
  fields: readonly F[];
  labelOf: (f: F) => string;
  onFieldChange: (f: F) => void;
  valueInput: ReactNode;
  onReset: () => void;
  onSearch: () => void;
  update?: { onClick: () => void; busy: boolean; selected: number };
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'center',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '220px minmax(0, 1fr) auto auto auto auto' },
      }}
    >
      <TextField
        select
        size="small"
        label={fieldLabel}
        value={field}
        onChange={(e) => onFieldChange(e.target.value as F)}
      >
        {fields.map((f) => (
          <MenuItem key={f} value={f}>
            {labelOf(f)}
          </MenuItem>
        ))}
      </TextField>
      {valueInput}
      <Button color="inherit" startIcon={<RestartAltIcon />} onClick={onReset}>
        Reset
      </Button>
      <Button variant="outlined" startIcon={<SearchIcon />} onClick={onSearch}>
        Search
      </Button>
      {update && (
        <Button variant="contained" onClick={update.onClick} disabled={update.busy}>
          Update
        </Button>
      )}
      {update && (
        <Typography variant="body2" color="textSecondary" sx={{ whiteSpace: 'nowrap' }}>
          {update.selected} selected
        </Typography>
      )}
    </Box>
  );
}
