import { useState } from 'react';
import { isApiError } from '../../lib/api';
import { useSession } from '../auth/session';

/**
 * True when the session cannot be checked for want of a network (a reload with no connection): the player then
 * shows the attempt kept on this device instead of waiting for the check. It stays true for the page's life, so
 * the player is not mounted again when the connection returns; the API still checks every save.
 */
export function useSessionUnreachable(): boolean {
  const session = useSession();
  const unreachable =
    session.data === undefined &&
    (session.fetchStatus === 'paused' || (isApiError(session.error) && session.error.status === 0));
  const [latched, setLatched] = useState(false);
  if (unreachable && !latched) setLatched(true);
  return unreachable || latched;
}
