import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/** The contained button of an action that takes a while: a spinner stands at its start while `busy`. */
export function BusyButton({ busy, ...props }: ButtonProps & { busy: boolean }) {
  return (
    <Button
      variant="contained"
      startIcon={
        busy ? <CircularProgress size={props.size === 'large' ? 18 : 16} color="inherit" /> : undefined
      }
      {...props}
    />
  );
}
