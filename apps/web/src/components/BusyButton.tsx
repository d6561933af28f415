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

/** A form dialog's Cancel and its submit button, which submits the `form` in the dialog's body. */
export function CancelAndSubmit(props: {
  form: string;
  onCancel: () => void;
  label: string;
  busy: boolean;
  disabled: boolean;
}) {
  return (
    <>
      <Button onClick={props.onCancel} color="inherit">
        Cancel
      </Button>
      <BusyButton type="submit" form={props.form} disabled={props.disabled} busy={props.busy}>
        {props.label}
      </BusyButton>
    </>
  );
}
