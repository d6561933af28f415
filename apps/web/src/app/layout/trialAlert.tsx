import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

type TrialAlert = { shown: boolean; toggle: () => void; hide: () => void };
const TrialAlertContext = createContext<TrialAlert>({ shown: false, toggle: () => {}, hide: () => {} });

/**
 * The trial alert flag (spec part 1 §2 "Top bar"): starts from the session's trialAlert and is toggled by
 * the top-bar button on /admin/dashboard for package 4. The dashboard shows the alert (and, later, the
 * quick tour) while it is set.
 */
export function TrialAlertProvider({ initial, children }: { initial: boolean; children: ReactNode }) {
  const [shown, setShown] = useState(initial);
  const value = useMemo(
    () => ({ shown, toggle: () => setShown((s) => !s), hide: () => setShown(false) }),
    [shown],
  );
  return <TrialAlertContext.Provider value={value}>{children}</TrialAlertContext.Provider>;
}

export const useTrialAlert = () => useContext(TrialAlertContext);
