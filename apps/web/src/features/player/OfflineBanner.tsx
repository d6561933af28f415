import { learnerMessages as m } from '@assess/contracts/learner';
import Alert from '@mui/material/Alert';

/** Shown while the connection is lost: the answers stay on this device until the server acknowledges them. */
export function OfflineBanner({ offline }: { offline: boolean }) {
  if (!offline) return null;
  return (
    <Alert severity="warning" variant="filled" sx={{ borderRadius: 0 }} data-testid="offline-banner">
      {m.offline}
    </Alert>
  );
}
