import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';

export type ConfirmOptions = {
  message: ReactNode;
  title?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** Red confirm button, for deletions. */
  destructive?: boolean;
};
type Confirm = (options: ConfirmOptions | string) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/**
 * Promise-based confirmation: `if (await confirm('Are you sure you want to delete the user?')) ...`.
 * Resolves true on confirm, false on cancel, Escape or backdrop click.
 */
export function useConfirm(): Confirm {
  const ctx = useContext(ConfirmContext);
  if (!ctx) throw new Error('useConfirm needs <ConfirmProvider>');
  return ctx;
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ options: ConfirmOptions; open: boolean } | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>((options) => {
    resolver.current?.(false);
    setState({ options: typeof options === 'string' ? { message: options } : options, open: true });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const settle = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setState((s) => (s ? { ...s, open: false } : s));
  };

  const o = state?.options;
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Dialog
        open={Boolean(state?.open)}
        onClose={() => settle(false)}
        maxWidth="xs"
        fullWidth
        aria-labelledby="confirm-title"
        aria-describedby="confirm-message"
      >
        <DialogTitle id="confirm-title">{o?.title ?? 'Please confirm'}</DialogTitle>
        <DialogContent>
          <DialogContentText id="confirm-message" component="div">
            {o?.message}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={() => settle(false)}>
            {o?.cancelText ?? 'Cancel'}
          </Button>
          <Button
            variant="contained"
            color={o?.destructive ? 'error' : 'primary'}
            onClick={() => settle(true)}
            autoFocus
          >
            {o?.confirmText ?? 'Yes'}
          </Button>
        </DialogActions>
      </Dialog>
    </ConfirmContext.Provider>
  );
}
