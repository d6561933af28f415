import { learnerMessages as m } from '@assess/contracts/learner';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { parseNumeric } from './numeric';

type Props = {
  value: number | null;
  onChange: (value: number | null) => void;
  label: string;
  describedBy?: string;
};

/**
 * A Numerical answer: typed as text (a phone shows its number pad), characters that cannot be part of a
 * number are refused with 'A Numerical question takes a number.', and only a complete number is saved (as a
 * number); emptying the field clears the answer.
 */
export function NumericAnswer({ value, onChange, label, describedBy }: Props) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const [refused, setRefused] = useState(false);
  // an answer arriving from elsewhere (resume) replaces the text unless the text already means it
  useEffect(() => {
    setText((t) => {
      const p = parseNumeric(t);
      if (value === null) return p.kind === 'number' ? '' : t;
      return p.kind === 'number' && p.value === value ? t : String(value);
    });
  }, [value]);
  const parsed = parseNumeric(text);
  return (
    <TextField
      label={label}
      value={text}
      onChange={(e) => {
        const next = e.target.value;
        const p = parseNumeric(next);
        if (p.kind === 'invalid') {
          setRefused(true);
          return;
        }
        setRefused(false);
        setText(next);
        if (p.kind === 'number') onChange(p.value);
        else if (p.kind === 'empty' && value !== null) onChange(null);
      }}
      onBlur={() => setRefused(false)}
      error={refused}
      helperText={refused ? m.numericOnly : parsed.kind === 'partial' ? 'Finish the number to save it.' : ' '}
      autoComplete="off"
      slotProps={{
        htmlInput: { inputMode: 'decimal', 'aria-describedby': describedBy },
      }}
      sx={{ maxWidth: 260 }}
      fullWidth
    />
  );
}
