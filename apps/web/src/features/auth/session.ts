import { isStaffUserType, type MenuContext, UserType } from '@assess/contracts/access';
import { authEndpoints, type Session, type SignInBody } from '@assess/contracts/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useToast } from '../../components/Toast';
import { call, isApiError } from '../../lib/api';

/** Query keys of the auth area. */
export const authKeys = {
  session: ['auth', 'session'] as const,
};

/** The current session, or null when nobody is signed in (GET /api/auth/session answers 401). */
async function fetchSession(): Promise<Session | null> {
  try {
    return await call(authEndpoints.session);
  } catch (e) {
    if (isApiError(e) && e.status === 401) return null;
    throw e;
  }
}

/**
 * Session state for showing and hiding things; the server decides what is allowed.
 * `data` is undefined while loading, null when signed out.
 */
export function useSession() {
  return useQuery({ queryKey: authKeys.session, queryFn: fetchSession, staleTime: 5 * 60_000, retry: false });
}

/** The session of a page rendered inside a guarded layout (it is always there). */
export function useSignedInSession(): Session {
  const { data } = useSession();
  if (!data) throw new Error('useSignedInSession outside a signed-in layout');
  return data;
}

export const menuContextOf = (s: Session): MenuContext => ({
  userTypeId: s.userDetails.userTypeId,
  providerId: s.userDetails.providerId,
  providerTypeId: s.userDetails.providerTypeId,
  privileges: s.privilegeObject,
});

/** Where a user lands after sign-in or when opening an area that is not theirs. */
export const homePathOf = (s: Session) =>
  s.userDetails.userTypeId === UserType.Student ? '/dashboard' : '/admin/dashboard';

/** Staff (user types 1 and 2) use the admin area; type 6 has no menu of its own yet and lands there too. */
export const isStaff = (s: Session) => isStaffUserType(s.userDetails.userTypeId);

export function useSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInBody) => call(authEndpoints.signIn, { body }),
    onSuccess: (session) => qc.setQueryData(authKeys.session, session),
  });
}

/** Signs out (turning this browser's push off), leaves for /letsStart, then forgets every cached answer. */
export function useSignOut() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  return useMutation({
    mutationFn: async () => {
      // A shared browser must not keep showing the previous student's pushes: drop this browser's
      // subscription first (nothing happens where push is unsupported or never turned on).
      await import('../push/pushClient')
        .then((push) => (push.isPushSupported() ? push.turnPushOff() : undefined))
        .catch(() => undefined);
      // nor the attempts the player kept on this device for offline use
      await import('../player/localStore').then((s) => s.forgetKeptAttempts()).catch(() => undefined);
      return call(authEndpoints.signOut);
    },
    onSuccess: (res) => toast.success(res.message),
    onSettled: async () => {
      await navigate('/letsStart', { replace: true });
      qc.clear();
      qc.setQueryData(authKeys.session, null);
    },
  });
}
