import Alert, { type AlertColor } from '@mui/material/Alert';
import Portal from '@mui/material/Portal';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';

/** Default auto-hide of a toast (ms); pass `{ duration }` (e.g. 3000 or 5000) to override it. */
export const TOAST_DURATION = 2000;

export type ToastOptions = { duration?: number };
type Toast = { id: number; severity: AlertColor; message: string; duration: number };
type Show = (message: string, options?: ToastOptions) => void;
export type ToastApi = { success: Show; error: Show; warning: Show; info: Show };

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Toasts: `const toast = useToast(); toast.success('Saved')`, `toast.error(err.message, { duration: 5000 })`.
 * One toast shows at a time (bottom centre); the next one waits in a queue.
 */
export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast needs <ToastProvider>');
  return ctx;
}

/**
 * `autoHide={false}` (the component tests): a toast stays until it is closed or the next one is shown, so a check
 * on a loaded machine cannot miss a toast that hid after its 2 s; a queued toast then replaces it at once.
 */
export function ToastProvider({ children, autoHide = true }: { children: ReactNode; autoHide?: boolean }) {
  const [queue, setQueue] = useState<Toast[]>([]);
  const [closedId, setClosedId] = useState<number | null>(null);
  const nextId = useRef(1);
  const current = queue[0];
  const waiting = queue.length > 1;

  useEffect(() => {
    if (!autoHide && waiting && current) setClosedId(current.id);
  }, [autoHide, waiting, current]);

  const api = useMemo<ToastApi>(() => {
    const push =
      (severity: AlertColor): Show =>
      (message, options) => {
        const toast = {
          id: nextId.current++,
          severity,
          message,
          duration: options?.duration ?? TOAST_DURATION,
        };
        setQueue((q) => [...q, toast]);
      };
    return { success: push('success'), error: push('error'), warning: push('warning'), info: push('info') };
  }, []);

  const close = (_e?: unknown, reason?: SnackbarCloseReason) => {
    if (reason !== 'clickaway' && current) setClosedId(current.id);
  };

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* In a portal on <body>: a toast shown over an open dialog stays outside the aria-hidden app root,
          so screen readers announce it. */}
      {current && (
        <Portal>
          <Snackbar
            key={current.id}
            open={closedId !== current.id}
            autoHideDuration={autoHide ? current.duration : null}
            onClose={close}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
            slotProps={{
              transition: {
                onExited: () => setQueue((q) => q.slice(1)),
              },
            }}
          >
            <Alert severity={current.severity} variant="filled" onClose={close} sx={{ minWidth: 280 }}>
              {current.message}
            </Alert>
          </Snackbar>
        </Portal>
      )}
    </ToastContext.Provider>
  );
}
