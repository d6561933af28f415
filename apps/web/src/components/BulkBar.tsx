import type { ConfigurationLists } from '@assess/contracts/configuration';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A bulk bar's value: an option's id, a text or date, a flag, a list of lookup ids, or none yet. */
export type BulkValue = number | string | boolean | number[] | null;
export type BulkOption = { id: number; label: string; disabled?: boolean };

const ValueField = (props: TextFieldProps) => <TextField size="small" fullWidth label="Value" {...props} />;

/**
 * The value as one of a list of options (status, difficulty, …). Option ids are numbers, or strings when
 * `toValue` turns the picked one into the value (a flag: 'true' / 'false').
 */
export function BulkSelectValue({
  options,
  value,
  onChange,
  toValue = Number,
}: {
  options: readonly BulkOption[] | readonly (Omit<BulkOption, 'id'> & { id: string })[];
  value: BulkValue;
  onChange: (v: BulkValue) => void;
  toValue?: (raw: string) => BulkValue;
}) {
  return (
    <ValueField
      select
      value={value === null ? '' : typeof value === 'boolean' ? String(value) : value}
      onChange={(e) => onChange(toValue(e.target.value))}
    >
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id} disabled={o.disabled}>
          {o.label}
        </MenuItem>
      ))}
    </ValueField>
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
    <ValueField
      select
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
    </ValueField>
  );
}

/**
 * The value input of the chosen field: the field's own input when it has one (`own`: dates, numbers…), a
 * select when `options` has the field, several lookup entries for objective and target audience, else
 * free text (disabled until a field is chosen).
 */
/** What the value input needs besides the chosen field. */
export type BulkValueInputProps = {
  value: BulkValue;
  onChange: (v: BulkValue) => void;
  options: Partial<Record<string, readonly BulkOption[]>>;
  lookups: ConfigurationLists | undefined;
  own?: ReactNode;
};

export function BulkValueInput({
  field,
  value,
  onChange,
  options,
  lookups,
  own,
}: BulkValueInputProps & { field: string }) {
  if (own) return own;
  const listed = options[field];
  if (listed) return <BulkSelectValue options={listed} value={value} onChange={onChange} />;
  if (field === 'objective' || field === 'targetAudience')
    return <BulkMultiValue list={lookups?.[field]} value={value} onChange={onChange} />;
  return (
    <ValueField
      disabled={field === '' || field === 'none'}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/**
 * The bar's row: the field selector, the chosen field's value input, Reset, Search and (when `update` is given) Update
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
  /** The value input of the chosen field (see BulkValueInput). */
  valueInput: BulkValueInputProps;
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
      <BulkValueInput field={field} {...valueInput} />
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
