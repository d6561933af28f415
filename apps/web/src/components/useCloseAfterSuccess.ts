import { useCallback, useEffect, useRef } from 'react';

/**
 * The one "close after success" of the console's dialogs: `closeLater()` closes the dialog `delayMs`
 * after a success message (the spec's 2 s, 2.3 s, 3 s ...). The timer always calls the latest `onClose`,
 * is replaced when called again, and is cleared when the dialog unmounts.
 */
export function useCloseAfterSuccess(onClose: () => void, delayMs: number) {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onCloseRef.current(), delayMs);
  }, [delayMs]);
}
